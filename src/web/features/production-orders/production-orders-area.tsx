import { Navigate, Route, Routes } from 'react-router';
import { useAreaBasePath } from '../../components/create-resource-area.js';
import { paths } from '../../lib/paths.js';
import { ProductionOrderFormPage } from './production-order-form-page.js';
import { ProductionOrderPage } from './production-order-page.js';
import { ProductionOrdersListPage } from './production-orders-list-page.js';

/**
 * Ordens de Produção (DOMAIN §6): the list at the index, "Nova ordem" at `new`, one order at
 * `:id` and its edit form (a planned order: header, materials and costs) at `:id/edit`.
 */
export default function ProductionOrdersArea() {
  const basePath = useAreaBasePath();
  return (
    <Routes>
      <Route index element={<ProductionOrdersListPage basePath={basePath} />} />
      <Route path="new" element={<ProductionOrderFormPage basePath={basePath} />} />
      <Route path=":id" element={<ProductionOrderPage basePath={basePath} />} />
      <Route path=":id/edit" element={<ProductionOrderFormPage basePath={basePath} />} />
      <Route path="*" element={<Navigate to={paths.notFound} replace />} />
    </Routes>
  );
}
