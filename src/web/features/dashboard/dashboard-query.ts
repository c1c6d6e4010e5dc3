import { queryOptions } from '@tanstack/react-query';
import type { Dashboard, DashboardLink } from '../../../shared/resources/dashboard.js';
import { http } from '../../lib/http.js';
import { paths } from '../../lib/paths.js';

/** The dashboard's cards and charts (GET /dashboard), read again each time the page opens. */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'figures'] as const,
    queryFn: ({ signal }) => http.get<Dashboard>('/dashboard', { signal }),
    refetchOnMount: 'always',
  });

/** Where a card's link goes: its list's screen with the link's filters. */
export const linkPath = (link: DashboardLink) => `${paths[link.list]}?${link.query}`;
