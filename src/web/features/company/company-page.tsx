import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Typography } from 'antd';
import { PageSpinner } from '../../components/page-spinner.js';
import { ReadOnlyValues } from '../../components/read-only-values.js';
import { companyQuery } from '../../lib/company-query.js';
import { usePermission } from '../../lib/session.js';
import { CompanyForm } from './company-form.js';

/** /company, "Empresa": everyone with `company:read` sees it, `company:write` edits it. */
export function CompanyPage() {
  const canWrite = usePermission('company:write');
  const company = useQuery(companyQuery());

  return (
    <>
      <Typography.Title level={2}>Empresa</Typography.Title>
      {company.isPending ? (
        <PageSpinner />
      ) : company.isError ? (
        // The shared company query is silent (the footer reads it too), so the page says it here.
        <Alert
          type="error"
          showIcon
          title={company.error.message}
          action={
            <Button size="small" onClick={() => void company.refetch()}>
              Tentar novamente
            </Button>
          }
        />
      ) : (
        <ReadOnlyValues active={!canWrite}>
          <CompanyForm company={company.data} readOnly={!canWrite} />
        </ReadOnlyValues>
      )}
    </>
  );
}
