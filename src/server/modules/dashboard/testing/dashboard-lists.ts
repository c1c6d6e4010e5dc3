import { expect } from 'vitest';
import {
  dashboardListApiPaths,
  type DashboardLink,
} from '../../../../shared/resources/dashboard.js';
import type { TestApi } from '../../../testing/api-app.js';

/**
 * The list request a dashboard card's link opens: the list's API path with the link's own query
 * (plus `extra`, e.g. totals=true), read by the administrator, first 100 rows.
 */
export async function listOf(
  api: TestApi,
  link: DashboardLink,
  extra: Record<string, string> = {},
) {
  const query = new URLSearchParams(link.query);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  query.set('pageSize', '100');
  const response = await api.request({
    method: 'GET',
    url: `/api/v1/${dashboardListApiPaths[link.list]}?${query.toString()}`,
    token: await api.adminToken(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
