import {
  PURCHASE_ORDERS_PATH,
  type PurchaseOrderAction,
  type PurchaseOrderCreateInput,
  type PurchaseOrderDetail,
  type PurchaseOrderPage,
  type PurchaseOrderUpdateInput,
  type PurchaseReceiveInput,
} from '../../../shared/resources/purchase-orders.js';
import {
  useDocumentAction,
  useSaveDocument,
  type DocumentSave,
} from '../../components/document-mutations.js';
import { http, type QueryValue } from '../../lib/http.js';
import type { MutationCallbacks } from '../../lib/invalidating-mutation.js';
import { changedReads, resourceKeys } from '../../lib/query-keys.js';

export { useDefaultLocation, useUnitDecimals } from '../../components/stock-lookups.js';

/** The Ordens de Compra API, and the hooks of what its screens change. */
const BASE = `/${PURCHASE_ORDERS_PATH}`;
const one = (id: number | string) => `${BASE}/${encodeURIComponent(String(id))}`;

export const orderKeys = resourceKeys(PURCHASE_ORDERS_PATH);

/** A refusal an action bar or dialog shows itself (wrong status, a rule); the rest is a toast. */
const refusals = { silent: [409, 422] } as const;

export const ordersApi = {
  list: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    http.get<PurchaseOrderPage>(BASE, { query, signal }),
  get: (id: number | string, signal?: AbortSignal) =>
    http.get<PurchaseOrderDetail>(one(id), { signal, silent: true }),
  /** The form shows 400 and 422 next to its fields. */
  create: (input: PurchaseOrderCreateInput) =>
    http.post<PurchaseOrderDetail>(BASE, input, { silent: [400, 422] }),
  /** 409 (stale, no longer a draft) is the form's Alert. */
  update: (id: number, input: PurchaseOrderUpdateInput) =>
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
