import type { IncomeStatement } from '../../../shared/resources/finance-reports.js';
import { http } from '../../lib/http.js';

/** Entries (checking-accounts/api.ts) and bills invalidate `income-statement` as a whole. */
export const incomeStatementKeys = {
  all: ['income-statement'] as const,
  year: (year: number) => ['income-statement', year] as const,
};

export const incomeStatementApi = {
  get: (year: number, signal?: AbortSignal) =>
    http.get<IncomeStatement>('/income-statement', { query: { year }, signal }),
};
