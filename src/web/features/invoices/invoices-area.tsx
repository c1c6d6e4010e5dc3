import { Navigate, Route, Routes } from 'react-router';
import { useAreaBasePath } from '../../components/create-resource-area.js';
import { paths } from '../../lib/paths.js';
import { InvoiceFormPage } from './invoice-form-page.js';
import { InvoicePage } from './invoice-page.js';
import { InvoicesListPage } from './invoices-list-page.js';

/**
 * Notas Fiscais (DOMAIN §8): the list at the index, "Nova nota" at `new`, one invoice at `:id`
 * and its edit form (a draft) at `:id/edit`.
 */
export default function InvoicesArea() {
  const basePath = useAreaBasePath();
  return (
    <Routes>
      <Route index element={<InvoicesListPage basePath={basePath} />} />
      <Route path="new" element={<InvoiceFormPage basePath={basePath} />} />
      <Route path=":id" element={<InvoicePage basePath={basePath} />} />
      <Route path=":id/edit" element={<InvoiceFormPage basePath={basePath} />} />
      <Route path="*" element={<Navigate to={paths.notFound} replace />} />
    </Routes>
  );
}
