import { PURCHASE_ORDERS_PATH } from '../../../shared/resources/purchase-orders.js';
import {
  REQUESTED_ORDERS_PATH,
  type ClientCredit,
  type ProductStock,
  type RequestedOrderAction,
  type RequestedOrderAvailability,
  type RequestedOrderCreateInput,
  type RequestedOrderDetail,
  type RequestedOrderInvoiceInput,
  type RequestedOrderPage,
  type RequestedOrderUpdateInput,
} from '../../../shared/resources/requested-orders.js';
import {
  useDocumentAction,
  useSaveDocument,
  type DocumentSave,
} from '../../components/document-mutations.js';
import { http, type QueryValue } from '../../lib/http.js';
import type { MutationCallbacks } from '../../lib/invalidating-mutation.js';
import { changedReads, resourceKeys } from '../../lib/query-keys.js';

export { useDefaultLocation } from '../../components/stock-lookups.js';

/** The Pedidos Recebidos API, and the hooks of what its screens change. */
const BASE = `/${REQUESTED_ORDERS_PATH}`;
const one = (id: number | string) => `${BASE}/${encodeURIComponent(String(id))}`;

export const requestedOrderKeys = resourceKeys(REQUESTED_ORDERS_PATH);

/** An order's availability per line: under its detail, so every action on it reads it again. */
export const availabilityKey = (id: number | string) =>
  [...requestedOrderKeys.detail(id), 'availability'] as const;

/**
 * A client's credit on the order form: under the orders' keys, so that every action on an order
 * (an approval, an invoice) reads it again.
 */
export const clientCreditKey = (clientId: number) =>
  [...requestedOrderKeys.all, 'credit', clientId] as const;

/** The order form's line panel: the products' stock at a location, read again after any action. */
export const productStockKey = (locationId: number, productIds: readonly number[]) =>
  [...requestedOrderKeys.all, 'stock', locationId, productIds.join(',')] as const;

/** A refusal an action bar or dialog shows itself (wrong status, stock reserved); the rest is a toast. */
const refusals = { silent: [409, 422] } as const;

export const requestedOrdersApi = {
  /** The page with the total of the filter over every page. */
  list: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    http.get<RequestedOrderPage>(BASE, { query: { ...query, totals: 'true' }, signal }),
  get: (id: number | string, signal?: AbortSignal) =>
    http.get<RequestedOrderDetail>(one(id), { signal, silent: true }),
  availability: (id: number | string, signal?: AbortSignal) =>
    http.get<RequestedOrderAvailability>(`${one(id)}/availability`, { signal, silent: true }),
  /** The form shows 400 and 422 next to its fields. */
  create: (input: RequestedOrderCreateInput) =>
    http.post<RequestedOrderDetail>(BASE, input, { silent: [400, 422] }),
  /** 409 (stale, no longer open) is the form's Alert. */
  update: (id: number, input: RequestedOrderUpdateInput) =>
    http.put<RequestedOrderDetail>(one(id), input, { silent: [400, 409, 422] }),
  remove: (id: number) => http.delete(one(id), refusals),
  /**
   * approve, reserve, plan production, invoice (all that is left), close or cancel; "Aprovar"
   * and "Faturar" may carry a credit release (`body`).
   */
  act: (id: number, action: StatusAction, body: CreditGatedBody = {}) =>
    http.post<RequestedOrderDetail>(
      `${one(id)}/${actionPaths[action]}`,
      body,
      // Planning may need a purchasing right the button does not ask (the order has resale
      // products to buy): that 403 is said on the page, not by leaving it for "access denied".
      action === 'planProduction' ? { ...refusals, redirectOnForbidden: false } : refusals,
    ),
  /** The credit release dialog shows 400 on the reason and 409/422 in its Alert. */
  release: (id: number, action: CreditGatedAction, body: CreditGatedBody) =>
    http.post<RequestedOrderDetail>(`${one(id)}/${actionPaths[action]}`, body, {
      silent: [400, 409, 422],
    }),
  /** The order form's figures of the client's credit; nothing is said if they cannot be read. */
  /** Nothing is said when it cannot be read: the panel shows "—". */
  stock: (locationId: number, productIds: readonly number[], signal?: AbortSignal) =>
    http.get<ProductStock>(`${BASE}/stock`, {
      query: { locationId, productIds: productIds.join(',') },
      signal,
      silent: true,
    }),
  credit: (clientId: number, signal?: AbortSignal) =>
    http.get<ClientCredit>(`${BASE}/credit`, { query: { clientId }, signal, silent: true }),
  /** The dialog shows 400 next to the date and 409 in its Alert. */
  deliver: (id: number, input: { date: string }) =>
    http.post<RequestedOrderDetail>(`${one(id)}/deliver`, input, { silent: [400, 409, 422] }),
  /** The printable order, opened with `usePdfOpener`. */
  pdfPath: (id: number) => `${one(id)}/pdf`,
};

/** The actions sent without a body (their route's last segment). */
export type StatusAction = Extract<
  RequestedOrderAction,
  'approve' | 'reserve' | 'planProduction' | 'invoice' | 'close' | 'cancel'
>;

/** The actions that pass the credit gate, and what they send: Faturar's lines, a release. */
export type CreditGatedAction = Extract<StatusAction, 'approve' | 'invoice'>;
export type CreditGatedBody = RequestedOrderInvoiceInput;

const actionPaths: Record<StatusAction, string> = {
  approve: 'approve',
  reserve: 'reserve',
  planProduction: 'plan-production',
  invoice: 'invoice',
  close: 'close',
  cancel: 'cancel',
};

/**
 * What else each action changes: reservations move the free stock; planning makes production
 * and purchase orders; invoicing issues an NF-e, posts the stock out and creates the bills to
 * receive.
 */
const actionReads = (action: StatusAction) =>
  action === 'invoice'
    ? [...changedReads.stockPosting, ...changedReads.bills('RECEIVE'), resourceKeys('invoices').all]
    : action === 'planProduction'
      ? [resourceKeys('production-orders').all, resourceKeys(PURCHASE_ORDERS_PATH).all]
      : changedReads.stockReservations;

/** What the order form saves: a new order, or an open one's changes with the version read. */
export type RequestedOrderSave = DocumentSave<RequestedOrderCreateInput, RequestedOrderUpdateInput>;

/** "Salvar" of the order form: an open order reserves nothing yet. */
export const useSaveRequestedOrder = (
  callbacks?: MutationCallbacks<RequestedOrderDetail, RequestedOrderSave>,
) => useSaveDocument(requestedOrderKeys, requestedOrdersApi, callbacks);

/** "Excluir" an open order. */
export const useDeleteRequestedOrder = (callbacks?: MutationCallbacks<unknown, number>) =>
  useDocumentAction(requestedOrderKeys, requestedOrdersApi.remove, [], callbacks);

/**
 * "Aprovar" and "Reservar" reserve what is free at the order's location; "Encerrar" and
 * "Cancelar" release it: the stock's free quantities change with each.
 */
export const useRequestedOrderAction = (
  action: StatusAction,
  callbacks?: MutationCallbacks<RequestedOrderDetail, number>,
) =>
  useDocumentAction(
    requestedOrderKeys,
    (id: number) => requestedOrdersApi.act(id, action),
    actionReads(action),
    callbacks,
  );

/** "Entregar": the invoiced order is marked delivered on the day given. */
export const useDeliverRequestedOrder = (
  id: number,
  callbacks?: MutationCallbacks<RequestedOrderDetail, { date: string }>,
) =>
  useDocumentAction(
    requestedOrderKeys,
    (input: { date: string }) => requestedOrdersApi.deliver(id, input),
    [],
    callbacks,
  );

/**
 * "Liberar crédito": the refused "Aprovar" or "Faturar" sent again with `overrideCredit` and its
 * reason; it changes what the action itself changes.
 */
export const useCreditRelease = (
  action: CreditGatedAction,
  callbacks?: MutationCallbacks<RequestedOrderDetail, { id: number; body: CreditGatedBody }>,
) =>
  useDocumentAction(
    requestedOrderKeys,
    ({ id, body }: { id: number; body: CreditGatedBody }) =>
      requestedOrdersApi.release(id, action, body),
    actionReads(action),
    callbacks,
  );
