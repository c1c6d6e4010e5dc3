import { statementQuerySchema } from '../../../shared/resources/account-entries.js';
import type { ListDefinition, ListParams } from '../../components/list-params.js';

/** "2026-02-10" → "2026-02-01". */
export const startOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/** "2026-02-10" → "2026-02-28": day 0 of the next month is this month's last. */
export function endOfMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * The statement's state in the URL: its period and page. Its order is the ledger's (by date, as
 * the running balance reads), so it has no sort.
 */
export const statementList: ListDefinition = {
  defaultSort: 'date',
  columns: [],
  filters: [
    { key: 'from', label: 'De' },
    { key: 'to', label: 'Até' },
  ],
  filtersSchema: statementQuerySchema.pick({ from: true, to: true }),
};

/** The period shown: the URL's bounds, the current month where it has none. */
export function statementPeriod(params: ListParams, today: string) {
  return {
    from: params.filters.from ?? startOfMonth(today),
    to: params.filters.to ?? endOfMonth(today),
  };
}
