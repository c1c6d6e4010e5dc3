import { FileTextOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router';
import type { ResourceRow, ResourceSummary } from '../../components/resource-row.js';
import { paths } from '../../lib/paths.js';

/** Where an account's Extrato opens. */
const statementPath = (id: number | string) => `${paths.checkingAccounts}/${id}/statement`;

/** "Extrato" in an account's row: opens the statement, not the row's form. */
export function StatementRowLink({ row, state }: { row: ResourceSummary; state: unknown }) {
  return (
    <Link
      to={statementPath(row.id)}
      state={state}
      onClick={(event) => event.stopPropagation()}
      data-testid="statement-link"
    >
      Extrato
    </Link>
  );
}

/** Above an account's form: its statement, with the manual entries and transfers. */
export const statementNotice = (row: ResourceRow) => (
  <Link to={statementPath(row.id)} data-testid="statement-form-link">
    <Button icon={<FileTextOutlined aria-hidden />}>Ver extrato desta conta</Button>
  </Link>
);
