import type { Kardex, StockItemList } from '../../../shared/resources/stock-items.js';
import { http, type QueryValue } from '../../lib/http.js';
import { resourceKeys } from '../../lib/query-keys.js';

/** The Consulta de Estoque API: balances per item and location, and an item's kardex. */
const PATH = '/stock-items';

/** Movements invalidate `stock-items` as a whole (stock-movements/api.ts): both reads live under it. */
export const stockItemKeys = {
  ...resourceKeys('stock-items'),
  kardex: (itemId: string, query: Record<string, QueryValue>) =>
    ['stock-items', 'kardex', itemId, query] as const,
};

export const stockItemsApi = {
  list: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    http.get<StockItemList>(PATH, { query, signal }),
  /** A 404 (an item that does not exist) is the page's own message, not a toast. */
  kardex: (itemId: string, query: Record<string, QueryValue>, signal?: AbortSignal) =>
    http.get<Kardex>(`${PATH}/${encodeURIComponent(itemId)}/movements`, {
      query,
      signal,
      silent: [404],
    }),
};
