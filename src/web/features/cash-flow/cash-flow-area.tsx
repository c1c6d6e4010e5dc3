import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../../lib/paths.js';
import { CashFlowPage } from './cash-flow-page.js';

/** Fluxo de Caixa (DOMAIN §9): one read-only report at the area's index. */
export default function CashFlowArea() {
  return (
    <Routes>
      <Route index element={<CashFlowPage />} />
      <Route path="*" element={<Navigate to={paths.notFound} replace />} />
    </Routes>
  );
}
