import { Navigate, Route, Routes } from 'react-router';
import { useAreaBasePath } from '../../components/create-resource-area.js';
import { paths } from '../../lib/paths.js';
import { KardexPage } from './kardex-page.js';
import { StockItemsListPage } from './stock-items-list-page.js';

/**
 * Consulta de Estoque (DOMAIN §4): the balances at the index, an item's kardex at `:itemId`.
 * Read-only: stock changes only through Movimentação de Estoque.
 */
export default function StockItemsArea() {
  const basePath = useAreaBasePath();
  return (
    <Routes>
      <Route index element={<StockItemsListPage basePath={basePath} />} />
      <Route path=":itemId" element={<KardexPage basePath={basePath} />} />
      <Route path="*" element={<Navigate to={paths.notFound} replace />} />
    </Routes>
  );
}
