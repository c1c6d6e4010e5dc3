import { queryOptions } from '@tanstack/react-query';
import type { Company } from '../../shared/resources/company.js';
import type { CompanyPublic } from '../../shared/resources/company-public.js';
import { http } from './http.js';
import { queryKeys } from './query-keys.js';

/**
 * The company row, read by the dashboard and the company screen from one cache entry (the footer
 * and the invoice form read the public facts instead, `companyPublicQuery`). Its errors are silent and a 403 does not
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

/**
 * What every signed-in user may read of the company: the footer's facts and the tax regime the
 * invoice form previews taxes by. Silent: neither is a reason to interrupt anyone.
 */
export const companyPublicQuery = () =>
  queryOptions({
    queryKey: queryKeys.company.public(),
    queryFn: ({ signal }) => http.get<CompanyPublic>('/company/public', { silent: true, signal }),
    staleTime: 5 * 60_000,
  });
