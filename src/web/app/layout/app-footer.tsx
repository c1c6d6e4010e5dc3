import { useQuery } from '@tanstack/react-query';
import { Layout, Typography } from 'antd';
import { phone } from '../../../shared/br/documents.js';
import { DEFAULT_OPENING_HOURS } from '../../../shared/resources/company.js';
import { formatAddress } from '../../components/format-address.js';
import { companyQuery } from '../../lib/company-query.js';
import { usePermission } from '../../lib/session.js';

/**
 * The company's address, phones and opening hours under every page (DOMAIN §12, §14). A role
 * without `company:read` simply gets a footer without them: the footer is no reason to send
 * anyone to the 401 page.
 */
export function AppFooter() {
  const canRead = usePermission('company:read');
  const { data: company } = useQuery({ ...companyQuery(), enabled: canRead });

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
