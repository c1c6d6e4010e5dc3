import { Navigate, Route, Routes } from 'react-router';
import { useAreaBasePath } from '../../components/create-resource-area.js';
import { paths } from '../../lib/paths.js';
import { RequestedOrderFormPage } from './requested-order-form-page.js';
import { RequestedOrderPage } from './requested-order-page.js';
import { RequestedOrdersListPage } from './requested-orders-list-page.js';

/**
 * Pedidos Recebidos (DOMAIN §7): the list at the index, "Novo pedido" at `new`, one order at
 * `:id` and its edit form (an open order) at `:id/edit`.
 */
export default function RequestedOrdersArea() {
  const basePath = useAreaBasePath();
  return (
    <Routes>
      <Route index element={<RequestedOrdersListPage basePath={basePath} />} />
      <Route path="new" element={<RequestedOrderFormPage basePath={basePath} />} />
      <Route path=":id" element={<RequestedOrderPage basePath={basePath} />} />
      <Route path=":id/edit" element={<RequestedOrderFormPage basePath={basePath} />} />
      <Route path="*" element={<Navigate to={paths.notFound} replace />} />
    </Routes>
  );
}
