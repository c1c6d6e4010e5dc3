import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../../lib/paths.js';
import { IncomeStatementPage } from './income-statement-page.js';

/** DRE gerencial (DOMAIN §9): one read-only report at the area's index. */
export default function IncomeStatementArea() {
  return (
    <Routes>
      <Route index element={<IncomeStatementPage />} />
      <Route path="*" element={<Navigate to={paths.notFound} replace />} />
    </Routes>
  );
}
