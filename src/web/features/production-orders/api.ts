import { useQuery } from '@tanstack/react-query';
import type { Page } from '../../../shared/api-error.js';
import {
  PRODUCTION_ORDERS_PATH,
  type ProductionOrderAvailability,
  type ProductionOrderDetail,
  type ProductionOrderPage,
} from '../../../shared/resources/production-orders.js';
import { http, type QueryValue } from '../../lib/http.js';
import { resourceKeys } from '../../lib/query-keys.js';

export { useDefaultLocation, useUnitDecimals } from '../../components/stock-lookups.js';

/** The Ordens de Produção API and the lookups its screens read (products, units, locations). */
const BASE = `/${PRODUCTION_ORDERS_PATH}`;
const one = (id: number | string) => `${BASE}/${encodeURIComponent(String(id))}`;

export const productionOrderKeys = resourceKeys(PRODUCTION_ORDERS_PATH);

/**
 * What an order's action changes besides the order: the lists, the stock (balances, movements),
 * the items' average costs and the purchase orders "Comprar faltantes" creates. Each action
 * invalidates all of them, so every screen shows the new state without a reload.
 */
export const keysChangedByProduction = [
  productionOrderKeys.all,
  resourceKeys('stock-items').all,
  resourceKeys('stock-movements').all,
  resourceKeys('products').all,
  resourceKeys('feedstocks').all,
  resourceKeys('purchase-orders').all,
];

/** A refusal the action bar shows itself (wrong status, stale, a rule); the rest is a toast. */
const refusals = { silent: [409, 422] } as const;

/** A draft purchase order as "Comprar faltantes" answers it: what the links need. */
export interface DraftOrder {
  id: number;
  number: string;
  supplierName: string;
}

export const productionOrdersApi = {
  list: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    http.get<ProductionOrderPage>(BASE, { query, signal }),
  get: (id: number | string, signal?: AbortSignal) =>
    http.get<ProductionOrderDetail>(one(id), { signal, silent: true }),
  availability: (id: number | string, signal?: AbortSignal) =>
    http.get<ProductionOrderAvailability>(`${one(id)}/availability`, {
      signal,
      silent: true,
      redirectOnForbidden: false,
    }),
  /** The form shows 400 and 422 next to its fields. */
  create: (input: Record<string, unknown>) =>
    http.post<ProductionOrderDetail>(BASE, input, { silent: [400, 422] }),
  /** 409 (stale, no longer planned) is the form's Alert. */
  update: (id: number, input: Record<string, unknown>) =>
    http.put<ProductionOrderDetail>(one(id), input, { silent: [400, 409, 422] }),
  start: (id: number) => http.post<ProductionOrderDetail>(`${one(id)}/start`, {}, refusals),
  /** The dialog shows 400 and 422 next to its fields, 409 in its Alert. */
  complete: (id: number, input: Record<string, unknown>) =>
    http.post<ProductionOrderDetail>(`${one(id)}/complete`, input, { silent: [400, 409, 422] }),
  cancel: (id: number) => http.post<ProductionOrderDetail>(`${one(id)}/cancel`, {}, refusals),
  /** "Comprar faltantes": one draft purchase order per default supplier (422 shown in place). */
  buyMissing: (lines: { itemId: number; quantity: string }[]) =>
    http.post<{ items: DraftOrder[] }>(
      '/purchase-orders/drafts',
      { lines },
      { silent: [400, 422], redirectOnForbidden: false },
    ),
  pdfPath: (id: number) => `${one(id)}/pdf`,
};

/**
 * Reads that the screens can do without: a user who may plan production but not read one of the
 * lookups still gets the rest, with no toast and no trip to "Acesso negado".
 */
const quietly = { silent: true, redirectOnForbidden: false } as const;

/** What the form reads of a product. */
export interface ProducibleProduct {
  id: number;
  code: string;
  name: string;
  unitId: number;
  unitCode: string;
  components: unknown[];
}

/**
 * The active manufactured products with a bill of materials matching `q` (the first 50
 * manufactured ones the search finds, those without materials left out).
 */
export function useProducibleProducts(q: string) {
  return useQuery({
    queryKey: [...resourceKeys('products').lists(), 'producible', q],
    queryFn: async ({ signal }) => {
      const page = await http.get<Page<ProducibleProduct>>('/products', {
        ...quietly,
        signal,
        query: { q, active: 'true', origin: 'MANUFACTURED', sort: 'name', page: 1, pageSize: 50 },
      });
      return page.items.filter((row) => row.components.length > 0);
    },
  });
}

/** A feedstock's unit (code and id), for the quantity of a material line added by hand. */
export function useFeedstockUnit(id: number | undefined) {
  return useQuery({
    queryKey: [...resourceKeys('feedstocks').details(), id ?? 0, 'unit'],
    queryFn: ({ signal }) =>
      http.get<{ unitId: number; unitCode: string }>(`/feedstocks/${id}`, { ...quietly, signal }),
    enabled: id !== undefined,
    staleTime: 60_000,
  });
}
