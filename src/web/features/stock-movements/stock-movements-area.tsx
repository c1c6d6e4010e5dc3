import { Navigate, Route, Routes } from 'react-router';
import { useAreaBasePath } from '../../components/create-resource-area.js';
import { paths } from '../../lib/paths.js';
import { StockMovementFormPage } from './stock-movement-form-page.js';
import { StockMovementPage } from './stock-movement-page.js';
import { StockMovementsListPage } from './stock-movements-list-page.js';

/**
 * Movimentação de Estoque (DOMAIN §4): the ledger at the index, the manual form at `new`, one
 * movement at `:id`. A movement is never edited: `:id` shows it and offers "Estornar".
 */
export default function StockMovementsArea() {
  const basePath = useAreaBasePath();
  return (
    <Routes>
      <Route index element={<StockMovementsListPage basePath={basePath} />} />
      <Route path="new" element={<StockMovementFormPage basePath={basePath} />} />
      <Route path=":id" element={<StockMovementPage basePath={basePath} />} />
      <Route path="*" element={<Navigate to={paths.notFound} replace />} />
    </Routes>
  );
}
