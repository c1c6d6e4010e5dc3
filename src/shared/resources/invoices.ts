import { date, id, integer, nonNegativeMoney, optionalText, quantity, version } from '../fields.js';
import { MAX_FIRST_DUE_IN_DAYS, MAX_INSTALLMENTS, MAX_INTERVAL_DAYS } from '../installments.js';
import { anyOfFilter, dateRangeFilter } from '../list-filters.js';
import { listQuerySchema } from '../list-query.js';
import { messages } from '../messages.js';
import { isValidAccessKey } from '../nfe/access-key.js';
import type { Permission } from '../permissions.js';
import { defineStatusMachine } from '../status-machine.js';
import { z } from '../zod-messages.js';
import { fiscalDirections, fiscalPurposes } from './fiscal-operations.js';
import { optionalReference } from './items.js';

/**
 * Notas Fiscais (DOMAIN §8, issue 18): an NF-e modelo 55 of the company, to a client or a
 * supplier, in either direction (the nature of operation says which). A DRAFT is edited and
 * deleted; "Emitir" gives it its number in the series, its access key and its signed XML, and
 * posts the stock and the bills the nature of operation asks for; "Cancelar" reverses them.
 * "Emitir" also transmits it to SEFAZ (issue 20): `sefazStatus` says where it stands there.
 *
 * `number` is the NF-e's nNF, an integer per series, null until issued (invoices have no prefix).
 * The Histórico is the audit of entity `invoices`: create, update, issue, cancel, delete.
 */
export const INVOICES_PATH = 'invoices';

export const invoiceMachine = defineStatusMachine({
  statuses: { DRAFT: 'Rascunho', ISSUED: 'Emitida', DENIED: 'Denegada', CANCELLED: 'Cancelada' },
  transitions: {
    // An ISSUED invoice is edited only when SEFAZ rejected it (invoiceCan).
    edit: { from: ['DRAFT', 'ISSUED'], to: 'DRAFT' },
    issue: { from: ['DRAFT'], to: 'ISSUED' },
    // Sent again (NOT_SENT, REJECTED) or asked about (PENDING): invoiceCan reads sefazStatus.
    transmit: { from: ['ISSUED'], to: 'ISSUED' },
    query: { from: ['ISSUED'], to: 'ISSUED' },
    /** SEFAZ denied its use (110, 301, 302): the number is spent, nothing was posted. */
    deny: { from: ['ISSUED'], to: 'DENIED' },
    cancel: { from: ['ISSUED'], to: 'CANCELLED' },
    delete: { from: ['DRAFT'], to: 'DRAFT' },
  },
});
export type InvoiceStatus = keyof typeof invoiceMachine.statuses;
export type InvoiceAction = keyof typeof invoiceMachine.transitions;
export const invoiceStatuses = Object.keys(invoiceMachine.statuses) as [
  InvoiceStatus,
  ...InvoiceStatus[],
];

export const invoiceActionLabels: Record<InvoiceAction, string> = {
  edit: 'Editar',
  issue: 'Emitir',
  transmit: 'Transmitir',
  query: 'Consultar',
  deny: 'Denegar',
  cancel: 'Cancelar',
  delete: 'Excluir',
};

export const invoiceActionPermissions: Record<InvoiceAction, Permission> = {
  edit: 'invoices:write',
  issue: 'invoices:issue',
  transmit: 'invoices:issue',
  query: 'invoices:issue',
  deny: 'invoices:issue',
  cancel: 'invoices:cancel',
  delete: 'invoices:delete',
};

/**
 * Where the NF-e stands with SEFAZ (issue 20). SENDING: the batch is on its way (phase 2 of
 * "Emitir"); PENDING: no answer came, or it may have arrived unanswered — only "Consultar" settles
 * it, it is never sent again blindly.
 */
export const sefazStatusLabels = {
  NOT_SENT: 'Não enviada',
  SENDING: 'Enviando',
  PENDING: 'Pendente',
  AUTHORIZED: 'Autorizada',
  REJECTED: 'Rejeitada',
  DENIED: 'Denegada',
} as const;
export type SefazStatus = keyof typeof sefazStatusLabels;
export const sefazStatuses = Object.keys(sefazStatusLabels) as [SefazStatus, ...SefazStatus[]];

/** What each action asks of sefazStatus beyond the machine's status (absent: nothing). */
const sefazGuards: Partial<Record<InvoiceAction, readonly SefazStatus[]>> = {
  // A DRAFT is NOT_SENT; an ISSUED one is edited only after a rejection, then sent again.
  edit: ['NOT_SENT', 'REJECTED'],
  transmit: ['NOT_SENT', 'REJECTED'],
  query: ['PENDING'],
  // Not while its fate is unknown: SEFAZ may authorise what was cancelled here.
  cancel: ['NOT_SENT', 'AUTHORIZED', 'REJECTED'],
};

/**
 * Whether `action` is allowed on the invoice: its status by the machine and its SEFAZ status by
 * the guards above. The server guards every action with it and the screen shows its buttons by it.
 */
export function invoiceCan(
  invoice: { status: InvoiceStatus; sefazStatus: SefazStatus },
  action: InvoiceAction,
): boolean {
  if (!invoiceMachine.can(invoice.status, action)) return false;
  if (action === 'edit' && invoice.status === 'ISSUED') return invoice.sefazStatus === 'REJECTED';
  const guard = sefazGuards[action];
  return !guard || guard.includes(invoice.sefazStatus);
}

/** modFrete. */
export const freightModes = {
  '0': '0 — Por conta do emitente (CIF)',
  '1': '1 — Por conta do destinatário (FOB)',
  '2': '2 — Por conta de terceiros',
  '3': '3 — Transporte próprio do emitente',
  '4': '4 — Transporte próprio do destinatário',
  '9': '9 — Sem frete',
} as const;
export type FreightMode = keyof typeof freightModes;
const freightModeCodes = Object.keys(freightModes) as [FreightMode, ...FreightMode[]];

const directionCodes = Object.keys(fiscalDirections) as ['OUT', 'IN'];
const purposeCodes = Object.keys(fiscalPurposes) as ['NORMAL', 'RETURN'];

/** The series of an NF-e modelo 55 for a normal issue: 0–889 (890–999 are reserved). */
export const MAX_INVOICE_SERIES = 889;

/** A key typed with spaces or dots between its groups is kept as its 44 characters. */
const accessKey = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.replace(/[\s.]/g, '').toUpperCase() : v),
      z.string().refine(isValidAccessKey, messages.invoices.invalidAccessKey),
    )
    .pipe(z.string());

/**
 * A line as the form sends it. Without `unitPrice` the item's sale price is taken (400 when it
 * has none); without `description` the item's name. NCM, CEST, unit, origin and CFOP are read
 * from the item and the nature of operation when the invoice is saved. A line may have its own
 * nature (`fiscalOperationId`; absent: the invoice's), agreeing with the invoice's in direction,
 * purpose, stock and bills: its CFOP and taxes are its nature's.
 */
const invoiceLineInputSchema = z.object({
  id: optionalReference(),
  fiscalOperationId: optionalReference(),
  itemId: id(),
  description: optionalText(120),
  quantity: quantity(),
  unitPrice: z
    .preprocess((v) => (v === '' ? null : v), nonNegativeMoney().nullish())
    .transform((v) => v ?? null),
});

const invoiceFields = {
  fiscalOperationId: id(),
  /** The recipient: a client or a supplier (a purchase return goes to the supplier). */
  clientId: optionalReference(),
  supplierId: optionalReference(),
  issueDate: date(),
  /** Absent: the company's invoiceSeries. */
  series: z
    .preprocess((v) => (v === '' ? null : v), integer(0, MAX_INVOICE_SERIES).nullish())
    .transform((v) => v ?? null),
  /** Where its goods leave or enter (needed when the nature of operation moves stock). */
  locationId: optionalReference(),
  freightMode: z.enum(freightModeCodes).default('9'),
  freight: nonNegativeMoney().default('0.00'),
  discount: nonNegativeMoney().default('0.00'),
  paymentMethodId: optionalReference(),
  /** The Plano de Contas category of its bills (INCOME for an OUT invoice, EXPENSE for IN). */
  categoryId: optionalReference(),
  installments: integer(1, MAX_INSTALLMENTS).default(1),
  firstDueInDays: integer(0, MAX_FIRST_DUE_IN_DAYS).default(30),
  intervalDays: integer(0, MAX_INTERVAL_DAYS).default(30),
  additionalInfo: optionalText(5000),
  /** The NF-e a devolução refers to (NFref/refNFe). */
  referencedKeys: z.array(accessKey()).max(50).default([]),
  items: z.array(invoiceLineInputSchema).max(990).default([]),
};

const oneRecipient = {
  check: (v: { clientId: number | null; supplierId: number | null }) =>
    (v.clientId === null) !== (v.supplierId === null),
  params: { path: ['clientId'], message: messages.invoices.oneRecipient },
};

export const invoiceCreateSchema = z
  .object(invoiceFields)
  .refine(oneRecipient.check, oneRecipient.params);
export type InvoiceCreateInput = z.input<typeof invoiceCreateSchema>;
export type InvoiceCreate = z.output<typeof invoiceCreateSchema>;

export const invoiceUpdateSchema = z
  .object({ ...invoiceFields, version: version() })
  .refine(oneRecipient.check, oneRecipient.params);
export type InvoiceUpdateInput = z.input<typeof invoiceUpdateSchema>;
export type InvoiceUpdate = z.output<typeof invoiceUpdateSchema>;

/** "Cancelar": the reason SEFAZ's cancellation event carries (xJust, 15–255 characters). */
export const invoiceCancelSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(15, messages.invoices.reasonLength)
    .max(255, messages.invoices.reasonLength),
});
export type InvoiceCancelInput = z.input<typeof invoiceCancelSchema>;

/** `POST /invoices/:id/correction`: the carta de correção's text (xCorrecao, 15–1000). */
export const invoiceCorrectionSchema = z.object({
  text: z
    .string()
    .trim()
    .min(15, messages.invoices.correctionLength)
    .max(1000, messages.invoices.correctionLength),
});
export type InvoiceCorrectionInput = z.input<typeof invoiceCorrectionSchema>;

/** At most 20 cartas de correção per NF-e (nSeqEvento 1–20); each one replaces the previous. */
export const MAX_CORRECTIONS = 20;

/** A carta de correção is for an authorised NF-e not cancelled (the screen shows it by this). */
export const invoiceCanCorrect = (invoice: { status: InvoiceStatus; sefazStatus: SefazStatus }) =>
  invoice.status === 'ISSUED' && invoice.sefazStatus === 'AUTHORIZED';

const taxSchema = z.object({
  code: z.string(),
  base: z.string(),
  rate: z.string(),
  value: z.string(),
});
const ibsCbsSchema = z.object({
  cst: z.string(),
  classCode: z.string(),
  base: z.string(),
  stateRate: z.string(),
  stateValue: z.string(),
  cityRate: z.string(),
  cityValue: z.string(),
  cbsRate: z.string(),
  cbsValue: z.string(),
});

/** A line as the invoice's screen and the NF-e show it. */
export const invoiceLineOutputSchema = z.object({
  id: z.number(),
  position: z.number(),
  itemId: z.number(),
  itemCode: z.string(),
  description: z.string(),
  ncm: z.string().nullable(),
  cest: z.string().nullable(),
  /** The line's nature of operation, whose CFOP and taxes it carries. */
  fiscalOperationId: z.number(),
  cfop: z.string(),
  taxOrigin: z.string(),
  unitCode: z.string(),
  unitDecimals: z.number(),
  quantity: z.string(),
  unitPrice: z.string(),
  /** vProd: quantity × unit price. */
  grossTotal: z.string(),
  /** The line's shares of the header's discount and freight (read-only). */
  discount: z.string(),
  freight: z.string(),
  /** grossTotal − discount + freight + IPI. */
  total: z.string(),
  icms: taxSchema,
  ipi: taxSchema.nullable(),
  pis: taxSchema,
  cofins: taxSchema,
  ibsCbs: ibsCbsSchema.nullable(),
});
export type InvoiceLine = z.output<typeof invoiceLineOutputSchema>;

const nullableText = z.string().nullable();
const nullableId = z.number().nullable();

export const invoiceTotalsSchema = z.object({
  productsTotal: z.string(),
  discount: z.string(),
  freight: z.string(),
  icmsBase: z.string(),
  icmsTotal: z.string(),
  ipiTotal: z.string(),
  pisTotal: z.string(),
  cofinsTotal: z.string(),
  ibsTotal: z.string(),
  cbsTotal: z.string(),
  total: z.string(),
});

/** An invoice as lists show it. */
export const invoiceSummarySchema = z.object({
  id: z.number(),
  /** nNF once issued. */
  number: nullableId,
  series: z.number(),
  model: z.literal('55'),
  direction: z.enum(directionCodes),
  purpose: z.enum(purposeCodes),
  fiscalOperationId: z.number(),
  fiscalOperationName: z.string(),
  issueDate: z.string(),
  clientId: nullableId,
  supplierId: nullableId,
  recipientName: z.string(),
  recipientDocument: z.string(),
  locationId: nullableId,
  locationName: nullableText,
  paymentMethodId: nullableId,
  paymentMethodName: nullableText,
  categoryId: nullableId,
  categoryName: nullableText,
  installments: z.number(),
  firstDueInDays: z.number(),
  intervalDays: z.number(),
  freightMode: z.enum(freightModeCodes),
  freight: z.string(),
  discount: z.string(),
  total: z.string(),
  accessKey: nullableText,
  status: z.enum(invoiceStatuses),
  sefazStatus: z.enum(sefazStatuses),
  /** SEFAZ's last code for it and its pt-BR message (a rejection's reason). */
  sefazCode: nullableText,
  sefazMessage: nullableText,
  /** The authorisation protocol (nProt) and when SEFAZ granted it. */
  protocol: nullableText,
  authorizedAt: nullableText,
  /** The sales order it invoices (issue 19). */
  requestedOrderId: nullableId,
  issuedAt: nullableText,
  cancelledAt: nullableText,
  cancelReason: nullableText,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type InvoiceSummary = z.output<typeof invoiceSummarySchema>;

/** What the invoice posted: its bills and stock movements. */
const invoiceBillSchema = z.object({
  id: z.number(),
  kind: z.enum(['PAY', 'RECEIVE']),
  installment: nullableText,
  dueDate: z.string(),
  amount: z.string(),
  status: z.string(),
});
const invoiceMovementSchema = z.object({
  id: z.number(),
  itemId: z.number(),
  itemName: z.string(),
  direction: z.enum(['IN', 'OUT']),
  quantity: z.string(),
  reversed: z.boolean(),
});

/**
 * The number of an invoice cancelled before SEFAZ authorised it (NOT_SENT, REJECTED): VOIDED once
 * a voided range of its series holds it (its protocol and time), else TO_VOID with why the last
 * try failed (SEFAZ's refusal, its silence, a missing A1), if one was made.
 */
export const invoiceNumberVoidingSchema = z.object({
  state: z.enum(['VOIDED', 'TO_VOID']),
  protocol: nullableText,
  voidedAt: nullableText,
  message: nullableText,
});
export type InvoiceNumberVoiding = z.output<typeof invoiceNumberVoidingSchema>;

/** Whether cancelling the invoice leaves its number to void: SEFAZ never authorised it. */
export const numberVoidedOnCancel = (invoice: { sefazStatus: SefazStatus }) =>
  invoice.sefazStatus === 'NOT_SENT' || invoice.sefazStatus === 'REJECTED';

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  /** null unless it is an invoice cancelled before SEFAZ authorised it, with a number. */
  numberVoiding: invoiceNumberVoidingSchema.nullable(),
  additionalInfo: nullableText,
  referencedKeys: z.array(z.string()),
  totals: invoiceTotalsSchema,
  items: z.array(invoiceLineOutputSchema),
  bills: z.array(invoiceBillSchema),
  movements: z.array(invoiceMovementSchema),
});
export type InvoiceDetail = z.output<typeof invoiceDetailSchema>;

/** The list's filters: status, direction, issue date range, recipient, `q` on number, key or name. */
export const invoiceListQuerySchema = listQuerySchema.extend({
  status: anyOfFilter(invoiceStatuses),
  direction: anyOfFilter(directionCodes),
  /** Where it stands with SEFAZ: "Autorizada" is what counts as sold (the dashboard's revenue). */
  sefazStatus: anyOfFilter(sefazStatuses),
  ...dateRangeFilter('issueDate'),
  clientId: id().optional(),
  supplierId: id().optional(),
  totals: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

export const invoicePageSchema = z.object({
  items: z.array(invoiceSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totals: z.object({ total: z.string() }).optional(),
});
export type InvoicePage = z.output<typeof invoicePageSchema>;

/** `GET /invoices/xml-archive?from=&to=`: the issue dates of the period, both required. */
export const invoiceArchiveQuerySchema = z.object({ from: date(), to: date() });

/**
 * 422 INVOICE_INCOMPLETE's `details`: each missing piece, `field` a path the screens can name
 * ("company.stateRegistration", "recipient.address.cityCode", "items.2.ncm") and its message.
 * (Type aliases, not interfaces: error details are plain records.)
 */
export type InvoiceMissingPiece = { field: string; message: string };

/** 422 INVALID_XML's `details`: one schema message each. */
export type InvoiceSchemaProblem = { message: string };

/**
 * The kinds of an invoice's exchanges with SEFAZ: the authorisation and its queries, the events
 * (cancellation, carta de correção) and the voiding of the number of one cancelled unauthorised.
 */
export const invoiceEventKinds = {
  AUTHORIZATION: 'Autorização',
  RECEIPT: 'Consulta do lote',
  QUERY: 'Consulta da NF-e',
  CANCEL: 'Cancelamento',
  CORRECTION: 'Carta de correção',
  VOID: 'Inutilização do número',
} as const;
export type InvoiceEventKind = keyof typeof invoiceEventKinds;

/** `GET /invoices/:id/events`: every exchange with SEFAZ, oldest first, with its XML. */
export const invoiceEventSchema = z.object({
  id: z.number(),
  kind: z.enum(Object.keys(invoiceEventKinds) as [InvoiceEventKind, ...InvoiceEventKind[]]),
  service: z.string(),
  sequence: z.number().nullable(),
  /** SEFAZ's cStat, or null when no answer came (time-out, connection lost). */
  statusCode: z.string().nullable(),
  /** The pt-BR message: SEFAZ's code's, or why no answer came. */
  message: z.string(),
  protocol: z.string().nullable(),
  at: z.string(),
  userName: z.string().nullable(),
  requestXml: z.string(),
  responseXml: z.string().nullable(),
});
export type InvoiceEvent = z.output<typeof invoiceEventSchema>;

/**
 * The cStat of an event SEFAZ registered: 135 registered and linked to the NF-e, 136 registered
 * but not linked (a carta de correção), 155 a cancellation accepted out of time. A 573 answers a
 * repeat and proves nothing by itself (the first answer, lost, was the registration).
 */
const EVENT_REGISTERED_CODES: readonly string[] = ['135', '136', '155'];

/** A cancellation or carta de correção SEFAZ registered: it has a procEventoNFe to download. */
export const invoiceEventHasProc = (event: Pick<InvoiceEvent, 'kind' | 'statusCode'>) =>
  (event.kind === 'CANCEL' || event.kind === 'CORRECTION') &&
  event.statusCode !== null &&
  EVENT_REGISTERED_CODES.includes(event.statusCode);
export const invoiceEventListSchema = z.object({ items: z.array(invoiceEventSchema) });
