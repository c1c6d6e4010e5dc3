import { Navigate, Route, Routes } from 'react-router';
import { useAreaBasePath } from '../../components/create-resource-area.js';
import { paths } from '../../lib/paths.js';
import { PurchaseOrderFormPage } from './purchase-order-form-page.js';
import { PurchaseOrderPage } from './purchase-order-page.js';
import { PurchaseOrdersListPage } from './purchase-orders-list-page.js';

/**
 * Ordens de Compra (DOMAIN §5): the list at the index, "Nova ordem" at `new` (also
 * `new?itemId=7&quantity=12`, the "Comprar" of a feedstock), one order at `:id` and its edit form
 * (a draft) at `:id/edit`.
 */
export default function PurchaseOrdersArea() {
  const basePath = useAreaBasePath();
  return (
    <Routes>
      <Route index element={<PurchaseOrdersListPage basePath={basePath} />} />
      <Route path="new" element={<PurchaseOrderFormPage basePath={basePath} />} />
      <Route path=":id" element={<PurchaseOrderPage basePath={basePath} />} />
      <Route path=":id/edit" element={<PurchaseOrderFormPage basePath={basePath} />} />
      <Route path="*" element={<Navigate to={paths.notFound} replace />} />
    </Routes>
  );
}
