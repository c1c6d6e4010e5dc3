import { useQuery } from '@tanstack/react-query';
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
import { resourceKeys } from '../../lib/query-keys.js';
import { useUnitDecimals as useStockUnitDecimals } from '../../components/stock-lookups.js';

/** The Movimentação de Estoque API and what its screens read besides: items and their units. */
const PATH = '/stock-movements';

export const movementKeys = resourceKeys('stock-movements');

/** Stock balances, average costs and the items' stock change with every movement posted. */
const keysChangedByMovements = [
  movementKeys.all,
  resourceKeys('products').all,
  resourceKeys('feedstocks').all,
  resourceKeys('stock-items').all,
];

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

/** "Nova movimentação": posts it, and every read of the stock it changed is read again. */
export const useCreateMovement = (
  callbacks: MutationCallbacks<StockMovementRow, StockMovementInput>,
) =>
  useInvalidatingMutation({
    mutationFn: movementsApi.create,
    invalidates: keysChangedByMovements,
    ...callbacks,
  });

/**
 * "Estornar" a movement: its opposite changes the stock as the original did. A refusal (reversed
 * by someone else meanwhile) reads the movements again, so the screen shows who was first.
 */
export const useReverseMovement = (id: number, callbacks: MutationCallbacks<StockMovementRow>) =>
  useInvalidatingMutation({
    mutationFn: () => movementsApi.reverse(id),
    invalidates: keysChangedByMovements,
    invalidatesOnError: [movementKeys.all],
    ...callbacks,
  });

/** A product or a feedstock: one `items` table behind two resources (DOMAIN §3). */
export interface StockItem {
  id: number;
  code: string;
  name: string;
  unitId: number;
  unitCode: string;
  kind: 'PRODUCT' | 'FEEDSTOCK';
}

const itemResources = [
  { path: '/products', kind: 'PRODUCT' },
  { path: '/feedstocks', kind: 'FEEDSTOCK' },
] as const;

/**
 * Reads that the screen can do without: a user who may post movements but not read one of the
 * item resources (or units) still gets the rest, with no toast and no trip to "Acesso negado".
 */
const quietly = { silent: true, redirectOnForbidden: false } as const;

const itemKeys = {
  search: (q: string) => [...movementKeys.all, 'item-search', q] as const,
  one: (id: number) => [...movementKeys.all, 'item', id] as const,
};

/** The active products and feedstocks whose code or name matches `q`, first 20 of each. */
async function searchItems(q: string, signal: AbortSignal): Promise<StockItem[]> {
  const answers = await Promise.allSettled(
    itemResources.map(async ({ path, kind }) => {
      const page = await http.get<Page<Omit<StockItem, 'kind'>>>(path, {
        ...quietly,
        signal,
        query: { q, active: 'true', sort: 'name', page: 1, pageSize: 20 },
      });
      return page.items.map((item) => ({ ...item, kind }));
    }),
  );
  return answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
}

/** One item by id: it is either a product or a feedstock. */
async function getItem(id: number, signal: AbortSignal): Promise<StockItem | null> {
  for (const { path, kind } of itemResources) {
    try {
      const item = await http.get<Omit<StockItem, 'kind'>>(`${path}/${id}`, { ...quietly, signal });
      return { ...item, kind };
    } catch {
      // Not of this kind (404) or not readable: try the other.
    }
  }
  return null;
}

export function useItemSearch(q: string) {
  return useQuery({
    queryKey: itemKeys.search(q),
    queryFn: ({ signal }) => searchItems(q, signal),
  });
}

export function useItem(id: number | undefined) {
  return useQuery({
    queryKey: itemKeys.one(id ?? 0),
    queryFn: ({ signal }) => getItem(id!, signal),
    enabled: id !== undefined,
  });
}

export { itemKeys };

/**
 * The decimal places of each unit by id, for the quantity the form's item takes (a movement row
 * carries its own): the shared lookup of the stock documents.
 */
export function useUnitDecimals() {
  return { byId: useStockUnitDecimals() };
}
