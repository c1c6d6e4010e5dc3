import type { CashFlow } from '../../../shared/resources/finance-reports.js';
import { http, type QueryValue } from '../../lib/http.js';

/** Entries (checking-accounts/api.ts) and payments invalidate `cash-flow` as a whole. */
export const cashFlowKeys = {
  all: ['cash-flow'] as const,
  report: (query: Record<string, QueryValue>) => ['cash-flow', query] as const,
};

export const cashFlowApi = {
  /** A refused period (too long, inverted) is the page's own Alert, not a toast. */
  get: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    http.get<CashFlow>('/cash-flow', { query, signal, silent: [400] }),
};
