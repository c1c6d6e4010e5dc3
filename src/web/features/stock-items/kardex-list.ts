import { stockItemMovementsQuerySchema } from '../../../shared/resources/stock-items.js';
import type { ListDefinition, ListParams } from '../../components/list-params.js';

/**
 * The kardex's state in the URL: location and period, with its page. Its order is the ledger's
 * (oldest first, as the running balance reads), so it has no sort.
 */
export const kardexList: ListDefinition = {
  defaultSort: 'date',
  columns: [],
  filters: [
    { key: 'locationId', label: 'Local' },
    { key: 'from', label: 'De' },
    { key: 'to', label: 'Até' },
  ],
  filtersSchema: stockItemMovementsQuerySchema.pick({ locationId: true, from: true, to: true }),
};

/** The API's query: paging and filters, no sort or search (the kardex has neither). */
export function kardexQuery(params: ListParams): Record<string, string | number> {
  return { page: params.page, pageSize: params.pageSize, ...params.filters };
}
