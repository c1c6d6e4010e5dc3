import type { Page } from '../../../shared/api-error.js';
import type {
  StockMovementInput,
  StockMovementRow,
} from '../../../shared/resources/stock-movements.js';
import { http, type QueryValue } from '../../lib/http.js';
import {
  useInvalidatingMutation,
  type MutationCallbacks,
} from '../../lib/invalidating-mutation.js';
import { changedReads, resourceKeys } from '../../lib/query-keys.js';
import { useUnitDecimals as useStockUnitDecimals } from '../../components/stock-lookups.js';

/** The Movimentação de Estoque API and what its screens read besides: items and their units. */
const PATH = '/stock-movements';

export const movementKeys = resourceKeys('stock-movements');

export const movementsApi = {
  list: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    http.get<Page<StockMovementRow>>(PATH, { query, signal }),
  get: (id: string, signal?: AbortSignal) =>
    http.get<StockMovementRow>(`${PATH}/${encodeURIComponent(id)}`, { signal, silent: true }),
  /** The form shows 400 and 422 next to its fields and in its Alert. */
  create: (input: StockMovementInput) =>
    http.post<StockMovementRow>(PATH, input, { silent: [400, 422] }),
  /** A refusal (409 already reversed, 422 a reversal, a shortage, a closed period) is a toast. */
  reverse: (id: number) => http.post<StockMovementRow>(`${PATH}/${id}/reverse`),
};

/** "Nova movimentação": posts it; balances, average costs and the movements are read again. */
export const useCreateMovement = (
  callbacks: MutationCallbacks<StockMovementRow, StockMovementInput>,
) =>
  useInvalidatingMutation({
    mutationFn: movementsApi.create,
    invalidates: changedReads.stockPosting,
    ...callbacks,
  });

/**
 * "Estornar" a movement: its opposite changes the stock as the original did. A refusal (reversed
 * by someone else meanwhile) reads the movements again, so the screen shows who was first.
 */
export const useReverseMovement = (id: number, callbacks: MutationCallbacks<StockMovementRow>) =>
  useInvalidatingMutation({
    mutationFn: () => movementsApi.reverse(id),
    invalidates: changedReads.stockPosting,
    invalidatesOnError: [movementKeys.all],
    ...callbacks,
  });

/**
 * The decimal places of each unit by id, for the quantity the form's item takes (a movement row
 * carries its own): the shared lookup of the stock documents.
 */
export function useUnitDecimals() {
  return { byId: useStockUnitDecimals() };
}
