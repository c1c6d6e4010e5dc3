import { queryOptions } from '@tanstack/react-query';
import type { Company } from '../../shared/resources/company.js';
import { http } from './http.js';
import { queryKeys } from './query-keys.js';

/**
 * The company row, read by the dashboard and the company screen from one cache entry (the footer
 * reads the public facts instead, app-footer.tsx). Its errors are silent and a 403 does not
 * redirect: the dashboard reads it in the background, and a user whose role cannot read the
 * company just sees no company data; the company screen shows a failed load itself.
 */
export const companyQuery = () =>
  queryOptions({
    queryKey: queryKeys.company.detail(),
    queryFn: ({ signal }) =>
      http.get<Company>('/company', { silent: true, redirectOnForbidden: false, signal }),
    staleTime: 5 * 60_000,
  });
