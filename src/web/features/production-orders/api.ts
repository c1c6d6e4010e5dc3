import { useQuery } from '@tanstack/react-query';
import {
  PRODUCTION_ORDERS_PATH,
  type ProductionOrderAction,
  type ProductionOrderAvailability,
  type ProductionOrderCompleteInput,
  type ProductionOrderCreateInput,
  type ProductionOrderDetail,
  type ProductionOrderPage,
  type ProductionOrderUpdateInput,
} from '../../../shared/resources/production-orders.js';
import {
  PURCHASE_ORDERS_PATH,
  type PurchaseOrderDrafts,
  type PurchaseOrderDraftsInput,
} from '../../../shared/resources/purchase-orders.js';
import {
  useDocumentAction,
  useSaveDocument,
  type DocumentSave,
} from '../../components/document-mutations.js';
import { http, type QueryValue } from '../../lib/http.js';
import {
  useInvalidatingMutation,
  type MutationCallbacks,
} from '../../lib/invalidating-mutation.js';
import { changedReads, resourceKeys } from '../../lib/query-keys.js';

export { useDefaultLocation, useUnitDecimals } from '../../components/stock-lookups.js';

/** The Ordens de Produção API and the lookups its screens read (products, units, locations). */
const BASE = `/${PRODUCTION_ORDERS_PATH}`;
const one = (id: number | string) => `${BASE}/${encodeURIComponent(String(id))}`;

export const productionOrderKeys = resourceKeys(PRODUCTION_ORDERS_PATH);

/** A refusal the action bar shows itself (wrong status, stale, a rule); the rest is a toast. */
const refusals = { silent: [409, 422] } as const;

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
  create: (input: ProductionOrderCreateInput) =>
    http.post<ProductionOrderDetail>(BASE, input, { silent: [400, 422] }),
  /** 409 (stale, no longer planned) is the form's Alert. */
  update: (id: number, input: ProductionOrderUpdateInput) =>
    http.put<ProductionOrderDetail>(one(id), input, { silent: [400, 409, 422] }),
  /** start or cancel: an action without a body that answers the order. */
  act: (id: number, action: StatusAction) =>
    http.post<ProductionOrderDetail>(`${one(id)}/${action}`, {}, refusals),
  /** The dialog shows 400 and 422 next to its fields, 409 in its Alert. */
  complete: (id: number, input: ProductionOrderCompleteInput) =>
    http.post<ProductionOrderDetail>(`${one(id)}/complete`, input, { silent: [400, 409, 422] }),
  /** "Comprar faltantes": one draft purchase order per default supplier (422 shown in place). */
  buyMissing: (lines: PurchaseOrderDraftsInput['lines']) =>
    http.post<PurchaseOrderDrafts>(
      `/${PURCHASE_ORDERS_PATH}/drafts`,
      { lines },
      { silent: [400, 422], redirectOnForbidden: false },
    ),
  pdfPath: (id: number) => `${one(id)}/pdf`,
};

/** The actions that take no body: "Iniciar produção" and "Cancelar". */
type StatusAction = Extract<ProductionOrderAction, 'start' | 'cancel'>;

/** What a production order's form saves: a new order, or a planned one's changes. */
export type ProductionOrderSave = DocumentSave<
  ProductionOrderCreateInput,
  ProductionOrderUpdateInput
>;

/** "Salvar" of the order form: a planned order moves no stock. */
export const useSaveProductionOrder = (
  callbacks?: MutationCallbacks<ProductionOrderDetail, ProductionOrderSave>,
) => useSaveDocument(productionOrderKeys, productionOrdersApi, callbacks);

/** An action that moves stock: the stock and the items' costs read again. */
const useStockAction = <TVariables>(
  mutationFn: (variables: TVariables) => Promise<ProductionOrderDetail>,
  callbacks?: MutationCallbacks<ProductionOrderDetail, TVariables>,
) => useDocumentAction(productionOrderKeys, mutationFn, changedReads.stockPosting, callbacks);

/**
 * "Iniciar produção" (the materials leave their source) or "Cancelar" (a started order's
 * materials come back).
 */
export const useProductionOrderAction = (
  action: StatusAction,
  callbacks?: MutationCallbacks<ProductionOrderDetail, number>,
) => useStockAction((id: number) => productionOrdersApi.act(id, action), callbacks);

/** "Concluir": the product enters its target location at the order's real unit cost. */
export const useCompleteProductionOrder = (
  id: number,
  callbacks?: MutationCallbacks<ProductionOrderDetail, ProductionOrderCompleteInput>,
) =>
  useStockAction(
    (input: ProductionOrderCompleteInput) => productionOrdersApi.complete(id, input),
    callbacks,
  );

/** "Comprar faltantes": draft purchase orders; a draft moves no stock, only they change. */
export const useBuyMissing = (
  callbacks?: MutationCallbacks<PurchaseOrderDrafts, PurchaseOrderDraftsInput['lines']>,
) =>
  useInvalidatingMutation({
    mutationFn: productionOrdersApi.buyMissing,
    invalidates: [resourceKeys(PURCHASE_ORDERS_PATH).all],
    ...callbacks,
  });

/**
 * Reads that the screens can do without: a user who may plan production but not read one of the
 * lookups still gets the rest, with no toast and no trip to "Acesso negado".
 */
const quietly = { silent: true, redirectOnForbidden: false } as const;

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
