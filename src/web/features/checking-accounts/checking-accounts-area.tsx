import { Navigate, Route, Routes } from 'react-router';
import { checkingAccounts } from '../../../shared/resources/checking-accounts.js';
import { useAreaBasePath } from '../../components/create-resource-area.js';
import { ResourceFormPage } from '../../components/resource-form-page.js';
import { paths } from '../../lib/paths.js';
import { CheckingAccountsListPage } from './checking-accounts-list-page.js';
import { statementNotice } from './statement-link.js';
import { StatementPage } from './statement-page.js';

const formOptions = { notice: statementNotice };

/**
 * Contas-Correntes (DOMAIN §2, §9): list, form and history from the shared definition, and each
 * account's Extrato at `:id/statement`, reached from its row and from its form.
 */
export default function CheckingAccountsArea() {
  const basePath = useAreaBasePath();
  const form = (
    <ResourceFormPage definition={checkingAccounts} basePath={basePath} options={formOptions} />
  );
  return (
    <Routes>
      <Route index element={<CheckingAccountsListPage basePath={basePath} />} />
      <Route path="new" element={form} />
      <Route path=":id" element={form} />
      <Route path=":id/statement" element={<StatementPage basePath={basePath} />} />
      <Route path="*" element={<Navigate to={paths.notFound} replace />} />
    </Routes>
  );
}
