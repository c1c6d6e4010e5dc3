import { useQuery } from '@tanstack/react-query';
import type { Page } from '../../../shared/api-error.js';
import {
  PURCHASE_ORDERS_PATH,
  type PurchaseOrderAction,
  type PurchaseOrderCreateInput,
  type PurchaseOrderDetail,
  type PurchaseOrderPage,
  type PurchaseOrderUpdateInput,
  type PurchaseReceiveInput,
} from '../../../shared/resources/purchase-orders.js';
import { categoryOptions, type CategoryRow } from '../../components/category-options.js';
import {
  useDocumentAction,
  useSaveDocument,
  type DocumentSave,
} from '../../components/document-mutations.js';
import { http, type QueryValue } from '../../lib/http.js';
import type { MutationCallbacks } from '../../lib/invalidating-mutation.js';
import { changedReads, resourceKeys } from '../../lib/query-keys.js';

export { useDefaultLocation, useUnitDecimals } from '../../components/stock-lookups.js';

/** The Ordens de Compra API and the lookups its screens read (items, units, categories…). */
const BASE = `/${PURCHASE_ORDERS_PATH}`;
const one = (id: number | string) => `${BASE}/${encodeURIComponent(String(id))}`;

export const orderKeys = resourceKeys(PURCHASE_ORDERS_PATH);

/**
 * What the order form's save invalidates until it saves through `useSavePurchaseOrder`, which
 * owns what a save changes. To go once the form uses the hook.
 */
export const keysChangedByOrders = [orderKeys.all];

/** A refusal an action bar or dialog shows itself (wrong status, a rule); the rest is a toast. */
const refusals = { silent: [409, 422] } as const;

export const ordersApi = {
  list: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    http.get<PurchaseOrderPage>(BASE, { query, signal }),
  get: (id: number | string, signal?: AbortSignal) =>
    http.get<PurchaseOrderDetail>(one(id), { signal, silent: true }),
  /** The form shows 400 and 422 next to its fields. */
  create: (input: PurchaseOrderCreateInput | Record<string, unknown>) =>
    http.post<PurchaseOrderDetail>(BASE, input, { silent: [400, 422] }),
  /** 409 (stale, no longer a draft) is the form's Alert. */
  update: (id: number, input: PurchaseOrderUpdateInput | Record<string, unknown>) =>
    http.put<PurchaseOrderDetail>(one(id), input, { silent: [400, 409, 422] }),
  remove: (id: number) => http.delete(one(id), refusals),
  /** approve, close or cancel: an action without a body that answers the order. */
  act: (id: number, action: StatusAction) =>
    http.post<PurchaseOrderDetail>(`${one(id)}/${action}`, {}, refusals),
  /** The dialog shows 400 and 422 (over-receipt) next to its lines, 409 in its Alert. */
  receive: (id: number, input: PurchaseReceiveInput) =>
    http.post<PurchaseOrderDetail>(`${one(id)}/receive`, input, { silent: [400, 409, 422] }),
  pdfPath: (id: number) => `${one(id)}/pdf`,
};

/** The actions that only move an order's status. */
type StatusAction = Extract<PurchaseOrderAction, 'approve' | 'close' | 'cancel'>;

/** What a purchase order's form saves: a new order, or a draft's changes with the version read. */
export type PurchaseOrderSave = DocumentSave<PurchaseOrderCreateInput, PurchaseOrderUpdateInput>;

/** "Salvar" of the order form: a draft moves no stock and creates no bill. */
export const useSavePurchaseOrder = (
  callbacks?: MutationCallbacks<PurchaseOrderDetail, PurchaseOrderSave>,
) => useSaveDocument(orderKeys, ordersApi, callbacks);

/** "Excluir" a draft. */
export const useDeletePurchaseOrder = (callbacks?: MutationCallbacks<unknown, number>) =>
  useDocumentAction(orderKeys, ordersApi.remove, [], callbacks);

/** "Aprovar", "Encerrar", "Cancelar": only the status moves (what was received stays). */
export const usePurchaseOrderAction = (
  action: StatusAction,
  callbacks?: MutationCallbacks<PurchaseOrderDetail, number>,
) => useDocumentAction(orderKeys, (id: number) => ordersApi.act(id, action), [], callbacks);

/**
 * "Receber": the goods enter stock (balances, movements, the items' costs and last prices) and
 * the receipt's bills to pay are created, with the reports that read them.
 */
export const useReceivePurchaseOrder = (
  id: number,
  callbacks?: MutationCallbacks<PurchaseOrderDetail, PurchaseReceiveInput>,
) =>
  useDocumentAction(
    orderKeys,
    (input: PurchaseReceiveInput) => ordersApi.receive(id, input),
    [...changedReads.stockPosting, ...changedReads.bills('PAY')],
    callbacks,
  );

/**
 * Reads that the screens can do without: a user who may buy but not read one of the lookups
 * still gets the rest, with no toast and no trip to "Acesso negado".
 */
const quietly = { silent: true, redirectOnForbidden: false } as const;

/** What the form reads of an item (a feedstock or a product for resale). */
export interface PurchasableItem {
  id: number;
  code: string;
  name: string;
  kind: 'FEEDSTOCK' | 'PRODUCT';
  unitId: number;
  unitCode: string;
  lastPurchasePrice: string | null;
  averageCost: string | null;
  defaultSupplierId?: number | null;
}

const lookupKey = (name: string, ...rest: unknown[]) => [...orderKeys.all, 'lookup', name, ...rest];

/** The active feedstocks and products for resale matching `q`, first 20 of each. */
async function searchItems(q: string, signal: AbortSignal): Promise<PurchasableItem[]> {
  const answers = await Promise.allSettled([
    http
      .get<Page<Omit<PurchasableItem, 'kind'>>>('/feedstocks', {
        ...quietly,
        signal,
        query: { q, active: 'true', sort: 'name', page: 1, pageSize: 20 },
      })
      .then((page) => page.items.map((item): PurchasableItem => ({ ...item, kind: 'FEEDSTOCK' }))),
    http
      .get<Page<Omit<PurchasableItem, 'kind'>>>('/products', {
        ...quietly,
        signal,
        query: { q, active: 'true', origin: 'RESALE', sort: 'name', page: 1, pageSize: 20 },
      })
      .then((page) => page.items.map((item): PurchasableItem => ({ ...item, kind: 'PRODUCT' }))),
  ]);
  return answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
}

/** One item by id: a feedstock or a product. */
export async function fetchItem(id: number, signal?: AbortSignal): Promise<PurchasableItem | null> {
  for (const [path, kind] of [
    ['/feedstocks', 'FEEDSTOCK'],
    ['/products', 'PRODUCT'],
  ] as const) {
    try {
      const item = await http.get<Omit<PurchasableItem, 'kind'>>(`${path}/${id}`, {
        ...quietly,
        signal,
      });
      return { ...item, kind };
    } catch {
      // Not of this kind (404) or not readable: try the other.
    }
  }
  return null;
}

export const itemKey = (id: number) => lookupKey('item', id);

export function useItemSearch(q: string) {
  return useQuery({
    queryKey: lookupKey('item-search', q),
    queryFn: ({ signal }) => searchItems(q, signal),
  });
}

export function useItem(id: number | undefined) {
  return useQuery({
    queryKey: itemKey(id ?? 0),
    queryFn: ({ signal }) => fetchItem(id!, signal),
    enabled: id !== undefined,
    staleTime: 60_000,
  });
}

/**
 * The active expense categories that take bills (category-options.ts: a parent is a group's
 * heading); `rawMaterialId` is the one a new order starts with.
 */
export function useExpenseCategories(rawMaterialName: string) {
  return useQuery({
    queryKey: [...resourceKeys('financial-categories').lists(), 'purchase-options'],
    queryFn: async ({ signal }) => {
      const rows: CategoryRow[] = [];
      for (let page = 1; page <= 5; page += 1) {
        const answer = await http.get<Page<CategoryRow>>('/financial-categories', {
          ...quietly,
          signal,
          query: { kind: 'EXPENSE', active: 'true', sort: 'name', page, pageSize: 100 },
        });
        rows.push(...answer.items);
        if (rows.length >= answer.total || answer.items.length === 0) break;
      }
      const options = categoryOptions(rows, 'EXPENSE');
      const rawMaterial = rows.find(
        (row) => row.name.localeCompare(rawMaterialName, 'pt-BR', { sensitivity: 'base' }) === 0,
      );
      return { options, rawMaterialId: rawMaterial?.id };
    },
    staleTime: 60_000,
  });
}

/** The active payment methods used to pay (PAY or BOTH). */
export function usePaymentMethods() {
  return useQuery({
    queryKey: [...resourceKeys('payment-methods').lists(), 'purchase-options'],
    queryFn: async ({ signal }) => {
      const answer = await http.get<
        Page<{ id: number; name: string; usage: 'PAY' | 'RECEIVE' | 'BOTH' }>
      >('/payment-methods', {
        ...quietly,
        signal,
        query: { active: 'true', sort: 'name', page: 1, pageSize: 100 },
      });
      return answer.items
        .filter((row) => row.usage !== 'RECEIVE')
        .map((row) => ({ value: row.id, label: row.name }));
    },
    staleTime: 60_000,
  });
}
