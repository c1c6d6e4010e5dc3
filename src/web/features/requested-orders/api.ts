import {
  REQUESTED_ORDERS_PATH,
  type RequestedOrderAction,
  type RequestedOrderAvailability,
  type RequestedOrderCreateInput,
  type RequestedOrderDetail,
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
  /** approve, reserve, plan production, invoice (all that is left), close or cancel. */
  act: (id: number, action: StatusAction) =>
    http.post<RequestedOrderDetail>(`${one(id)}/${actionPaths[action]}`, {}, refusals),
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
 * orders; invoicing issues an NF-e, posts the stock out and creates the bills to receive.
 */
const actionReads = (action: StatusAction) =>
  action === 'invoice'
    ? [...changedReads.stockPosting, ...changedReads.bills('RECEIVE'), resourceKeys('invoices').all]
    : action === 'planProduction'
      ? [resourceKeys('production-orders').all]
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
