import { useQuery } from '@tanstack/react-query';
import { Layout, Typography } from 'antd';
import { phone } from '../../../shared/br/documents.js';
import { DEFAULT_OPENING_HOURS } from '../../../shared/resources/company.js';
import type { CompanyPublic } from '../../../shared/resources/company-public.js';
import { formatAddress } from '../../../shared/format-address.js';
import { http } from '../../lib/http.js';
import { queryKeys } from '../../lib/query-keys.js';

/**
 * The company's address, phones and opening hours under every page (DOMAIN §12, §14), read from
 * the facts every signed-in user may see, whatever the role may read of the company. A failed
 * read leaves just the name: the footer is no reason to interrupt anyone.
 */
export function AppFooter() {
  const { data: company } = useQuery({
    queryKey: queryKeys.company.public(),
    queryFn: ({ signal }) => http.get<CompanyPublic>('/company/public', { silent: true, signal }),
    staleTime: 5 * 60_000,
  });

  const name = company ? company.tradeName || company.legalName : 'Fabril';
  const address = formatAddress(company?.address);
  const phones = (company?.phones ?? []).flatMap((value) => (value ? [phone.format(value)] : []));

  return (
    <Layout.Footer data-testid="footer" style={{ textAlign: 'center', background: '#eef0f3' }}>
      <Typography.Text strong>{name}</Typography.Text>
      {company && (
        <>
          {address && <div>{address}</div>}
          {phones.length > 0 && <div>{phones.join(' · ')}</div>}
          <div>{company.openingHours || DEFAULT_OPENING_HOURS}</div>
        </>
      )}
    </Layout.Footer>
  );
}
