import { useQuery } from '@tanstack/react-query';
import { Layout, Typography } from 'antd';
import { phone } from '../../../shared/br/documents.js';
import { DEFAULT_OPENING_HOURS } from '../../../shared/resources/company.js';
import { formatAddress } from '../../../shared/format-address.js';
import { companyPublicQuery } from '../../lib/company-query.js';

/**
 * The company's address, phones and opening hours under every page (DOMAIN §12, §14), read from
 * the facts every signed-in user may see, whatever the role may read of the company. A failed
 * read leaves just the name: the footer is no reason to interrupt anyone.
 */
export function AppFooter() {
  const { data: company } = useQuery(companyPublicQuery());

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
