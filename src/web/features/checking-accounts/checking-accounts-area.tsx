import { Navigate, Route, Routes } from 'react-router';
import { checkingAccounts } from '../../../shared/resources/checking-accounts.js';
import { useAreaBasePath } from '../../components/create-resource-area.js';
import { ResourceFormPage } from '../../components/resource-form-page.js';
import { ResourceListPage, type ExtraColumns } from '../../components/resource-list-page.js';
import { paths } from '../../lib/paths.js';
import { statementNotice, StatementRowLink } from './statement-link.js';
import { StatementPage } from './statement-page.js';

const formOptions = { notice: statementNotice };

/** "Extrato" after the definition's columns: it opens the account's statement, not its form. */
const statementColumn: ExtraColumns = ({ small, state }) => [
  {
    key: 'statement',
    title: small ? '' : 'Extrato',
    width: 80,
    render: (_value, row) => <StatementRowLink row={row} state={state} />,
  },
];

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
      <Route
        index
        element={
          <ResourceListPage
            definition={checkingAccounts}
            basePath={basePath}
            extraColumns={statementColumn}
          />
        }
      />
      <Route path="new" element={form} />
      <Route path=":id" element={form} />
      <Route path=":id/statement" element={<StatementPage basePath={basePath} />} />
      <Route path="*" element={<Navigate to={paths.notFound} replace />} />
    </Routes>
  );
}
