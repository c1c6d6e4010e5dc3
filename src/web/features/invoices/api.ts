import {
  INVOICES_PATH,
  type InvoiceCancelInput,
  type InvoiceCreateInput,
  type InvoiceDetail,
  type InvoiceEvent,
  type InvoicePage,
  type InvoiceUpdateInput,
} from '../../../shared/resources/invoices.js';
import {
  useDocumentAction,
  useSaveDocument,
  type DocumentSave,
} from '../../components/document-mutations.js';
import { http, type QueryValue } from '../../lib/http.js';
import type { MutationCallbacks } from '../../lib/invalidating-mutation.js';
import { changedReads, resourceKeys } from '../../lib/query-keys.js';

export { useDefaultLocation } from '../../components/stock-lookups.js';

/** The Notas Fiscais API, and the hooks of what its screens change. */
const BASE = `/${INVOICES_PATH}`;
const one = (id: number | string) => `${BASE}/${encodeURIComponent(String(id))}`;

export const invoiceKeys = resourceKeys(INVOICES_PATH);
/** An invoice's SEFAZ exchanges, refreshed with the invoice (its detail key's prefix). */
export const invoiceEventsKey = (id: number | string) => [...invoiceKeys.detail(id), 'events'];

type InvoiceEventList = { items: InvoiceEvent[] };

/** A refusal an action bar or dialog shows itself (wrong status, a rule); the rest is a toast. */
const refusals = { silent: [409, 422] } as const;

export const invoicesApi = {
  /** The page with the totals of the filter over every page. */
  list: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    http.get<InvoicePage>(BASE, { query: { ...query, totals: 'true' }, signal }),
  get: (id: number | string, signal?: AbortSignal) =>
    http.get<InvoiceDetail>(one(id), { signal, silent: true }),
  /** The form shows 400 and 422 next to its fields. */
  create: (input: InvoiceCreateInput) =>
    http.post<InvoiceDetail>(BASE, input, { silent: [400, 422] }),
  /** 409 (stale, no longer a draft) is the form's Alert. */
  update: (id: number, input: InvoiceUpdateInput) =>
    http.put<InvoiceDetail>(one(id), input, { silent: [400, 409, 422] }),
  remove: (id: number) => http.delete(one(id), refusals),
  /** 422 INVOICE_INCOMPLETE / INVALID_XML are listed by the page; 409 is the bar's. */
  issue: (id: number) => http.post<InvoiceDetail>(`${one(id)}/issue`, {}, refusals),
  /** "Transmitir" (NOT_SENT, REJECTED) with the same number; 409/422 are the bar's. */
  transmit: (id: number) => http.post<InvoiceDetail>(`${one(id)}/transmit`, {}, refusals),
  /** "Consultar" a PENDING invoice by its access key; 409/422 are the bar's. */
  query: (id: number) => http.post<InvoiceDetail>(`${one(id)}/query`, {}, refusals),
  /** Every exchange with SEFAZ, oldest first, each with its XMLs. */
  events: (id: number, signal?: AbortSignal) =>
    http.get<InvoiceEventList>(`${one(id)}/events`, { signal }),
  /** The dialog: 400 at the reason; 409 (PAID_BILLS, moved on), 422/502 (SEFAZ) in its Alert. */
  cancel: (id: number, input: InvoiceCancelInput) =>
    http.post<InvoiceDetail>(`${one(id)}/cancel`, input, { silent: [400, 409, 422, 502] }),
  /** The signed XML, saved as NFe<key>.xml. */
  downloadXml: (invoice: Pick<InvoiceDetail, 'id' | 'accessKey'>) =>
    http.download(`${one(invoice.id)}/xml`, `NFe${invoice.accessKey ?? invoice.id}.xml`),
  danfePath: (id: number) => `${one(id)}/danfe`,
  /** A registered event's procEventoNFe, saved under the server's name (<tpEvento><key><seq>). */
  downloadEventXml: (invoiceId: number, event: Pick<InvoiceEvent, 'id' | 'kind'>) =>
    http.download(
      `${one(invoiceId)}/events/${event.id}/xml`,
      `${event.kind.toLowerCase()}-${event.id}-procEventoNFe.xml`,
    ),
  /** The XMLs of the invoices issued in the period, in one ZIP. */
  downloadArchive: (period: { from: string; to: string }) =>
    http.download(`${BASE}/xml-archive`, `notas-fiscais-${period.from}-a-${period.to}.zip`, {
      query: period,
    }),
};

/** What an invoice's form saves: a new draft, or a draft's changes with the version read. */
export type InvoiceSave = DocumentSave<InvoiceCreateInput, InvoiceUpdateInput>;

/** "Salvar" of the invoice form: a draft moves no stock and creates no bill. */
export const useSaveInvoice = (callbacks?: MutationCallbacks<InvoiceDetail, InvoiceSave>) =>
  useSaveDocument(invoiceKeys, invoicesApi, callbacks);

/** "Excluir" a draft. */
export const useDeleteInvoice = (callbacks?: MutationCallbacks<unknown, number>) =>
  useDocumentAction(invoiceKeys, invoicesApi.remove, [], callbacks);

/**
 * What issuing or cancelling posts or reverses, as the nature of operation asks: stock (an OUT
 * or IN movement per item) and bills to receive or to pay, with the reports that read them.
 */
const postings = [
  ...changedReads.stockPosting,
  ...changedReads.bills('RECEIVE'),
  ...changedReads.bills('PAY'),
];

/** "Emitir": the number, the key and the signed XML; the stock and the bills posted. */
export const useIssueInvoice = (callbacks?: MutationCallbacks<InvoiceDetail, number>) =>
  useDocumentAction(invoiceKeys, invoicesApi.issue, postings, callbacks);

/** "Transmitir": SEFAZ's answer recorded; authorised, the stock and the bills posted. */
export const useTransmitInvoice = (callbacks?: MutationCallbacks<InvoiceDetail, number>) =>
  useDocumentAction(invoiceKeys, invoicesApi.transmit, postings, callbacks);

/** "Consultar": what SEFAZ says of a PENDING invoice; authorised, the postings as above. */
export const useQueryInvoice = (callbacks?: MutationCallbacks<InvoiceDetail, number>) =>
  useDocumentAction(invoiceKeys, invoicesApi.query, postings, callbacks);

/** "Cancelar" with its reason: what the issue posted is reversed. */
export const useCancelInvoice = (
  id: number,
  callbacks?: MutationCallbacks<InvoiceDetail, InvoiceCancelInput>,
) =>
  useDocumentAction(
    invoiceKeys,
    (input: InvoiceCancelInput) => invoicesApi.cancel(id, input),
    postings,
    callbacks,
  );
