import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { companyQuery } from '../../lib/company-query.js';
import { usePermission, useSession } from '../../lib/session.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { DashboardCards } from './dashboard-cards.js';
import { dashboardQuery } from './dashboard-query.js';
import { FirstStepsCard } from './first-steps-card.js';

// Recharts only when there are charts to draw: not in the page's first paint nor the login's.
const DashboardCharts = lazy(() => import('./dashboard-charts.js'));

/**
 * /dashboard, the start page: the greeting, "Primeiros passos" while a new company lacks its
 * first records, the cards of DOMAIN §13 (each a link to the list it sums) and the charts below
 * them. A user without `dashboard:read` sees only the greeting and the first steps.
 */
export function DashboardPage() {
  const { user } = useSession();
  const canReadCompany = usePermission('company:read');
  const canReadDashboard = usePermission('dashboard:read');
  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const { data: company } = useQuery({ ...companyQuery(), enabled: canReadCompany });
  const { data } = useQuery({ ...dashboardQuery(), enabled: canReadDashboard });
  const companyName = company ? company.tradeName || company.legalName : null;
  const hasCharts = data && Object.keys(data.charts).length > 0;

  return (
    <>
      <Typography.Title level={2} style={{ marginBottom: 4 }}>
        Olá, {user?.name}!
      </Typography.Title>
      {companyName && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
          {companyName}
        </Typography.Paragraph>
      )}
      <FirstStepsCard />
      {data && <DashboardCards cards={data.cards} />}
      {hasCharts && (
        <Suspense fallback={<PageSpinner />}>
          <DashboardCharts charts={data.charts} small={small} />
        </Suspense>
      )}
    </>
  );
}
