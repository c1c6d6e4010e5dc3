import { Navigate, Route, Routes } from 'react-router';
import type { BillKind } from '../../../shared/resources/bills.js';
import { useAreaBasePath } from '../../components/create-resource-area.js';
import { paths } from '../../lib/paths.js';
import { BillFormPage } from './bill-form-page.js';
import { BillPage } from './bill-page.js';
import { BillsListPage } from './bills-list-page.js';

/**
 * Contas a Pagar and Contas a Receber (DOMAIN §9), one set of screens for both kinds: the list
 * at the index, "Nova conta" at `new`, one bill at `:id` and its edit form at `:id/edit`.
 */
export function BillsArea({ kind }: { kind: BillKind }) {
  const basePath = useAreaBasePath();
  return (
    <Routes>
      <Route index element={<BillsListPage kind={kind} basePath={basePath} />} />
      <Route path="new" element={<BillFormPage kind={kind} basePath={basePath} />} />
      <Route path=":id" element={<BillPage kind={kind} basePath={basePath} />} />
      <Route path=":id/edit" element={<BillFormPage kind={kind} basePath={basePath} />} />
      <Route path="*" element={<Navigate to={paths.notFound} replace />} />
    </Routes>
  );
}
