import { messages } from './messages.js';

/**
 * The codes the API answers in `error.code` (DOMAIN §1, ARCHITECTURE "Business errors carry a
 * specific code"), shared so that the web reacts to a specific failure by its constant, never by
 * its wording. A code says what went wrong; the status says which kind of failure it is.
 */
export const ErrorCode = {
  /** 400: the input is invalid; `fields` says where. */
  VALIDATION: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  /** 409: the `version` sent is not the stored one. */
  STALE_VERSION: 'STALE_VERSION',
  /** 409: a unique value already exists. */
  DUPLICATE: 'DUPLICATE',
  /** 409: other rows reference the one being deleted. */
  IN_USE: 'IN_USE',
  /** 409: the action is not allowed from the document's status (or was already done). */
  INVALID_STATUS: 'INVALID_STATUS',
  /** 409: an issued invoice with paid bills cannot be cancelled. */
  PAID_BILLS: 'PAID_BILLS',
  /** 422: what an NF-e needs is missing; `details` lists each piece (InvoiceMissingPiece). */
  INVOICE_INCOMPLETE: 'INVOICE_INCOMPLETE',
  /** 422: the built NF-e failed the official schema; `details` has the schema's messages. */
  INVALID_XML: 'INVALID_XML',
  /** 422: a rule of the domain without a code of its own. */
  BUSINESS_RULE: 'BUSINESS_RULE',
  /** 422: an OUT or TRANSFER beyond the balance; `details` lists every item short. */
  INSUFFICIENT_STOCK: 'INSUFFICIENT_STOCK',
  /** 422: an outflow would take units reserved for sales orders; `details` names them. */
  STOCK_RESERVED: 'STOCK_RESERVED',
  /** 422: open receivables plus the order exceed the client's credit limit. */
  CREDIT_LIMIT: 'CREDIT_LIMIT',
  /** 422: the client has receivables past due; `details` lists them. */
  OVERDUE_RECEIVABLES: 'OVERDUE_RECEIVABLES',
  /** 422: a stock movement dated on or before the closed stock period. */
  STOCK_PERIOD_CLOSED: 'STOCK_PERIOD_CLOSED',
  /** 422: a backdated outflow would have left a later balance negative; `details` says where. */
  NEGATIVE_PAST_BALANCE: 'NEGATIVE_PAST_BALANCE',
  /** 409: the stock movement has been reversed already. */
  ALREADY_REVERSED: 'ALREADY_REVERSED',
  /** 422: "Estornar" by hand of a movement a document made; the message names the document. */
  DOCUMENT_MOVEMENT: 'DOCUMENT_MOVEMENT',
  /** 422: a payment above what is open of the bill; `details` has the open amount. */
  OVERPAYMENT: 'OVERPAYMENT',
  /** 422: a purchase receipt beyond what is still to receive; `details` lists every line. */
  OVER_RECEIPT: 'OVER_RECEIPT',
  /** 422: a production order completed beyond its planned quantity plus the tolerance. */
  OVER_PRODUCTION: 'OVER_PRODUCTION',
  /** 409: the bill's payment has been reversed already. */
  PAYMENT_REVERSED: 'PAYMENT_REVERSED',
  /** 422: the built-in Administrador role's permissions or active flag sent changed. */
  SYSTEM_ROLE: 'SYSTEM_ROLE',
  /** 422: SEFAZ asked for while the company lacks its UF or A1 certificate; the message says which. */
  SEFAZ_NOT_CONFIGURED: 'SEFAZ_NOT_CONFIGURED',
  /** 422: a number of the range to void is held by an invoice; the message names it. */
  NUMBER_IN_USE: 'NUMBER_IN_USE',
  /** 422: the range to void overlaps one voided already; the message names it. */
  ALREADY_VOIDED: 'ALREADY_VOIDED',
  /** 422: SEFAZ answered with a rejection (cStat); the message is SEFAZ's, in pt-BR. */
  SEFAZ_REJECTED: 'SEFAZ_REJECTED',
  /** 502: SEFAZ gave no answer (time-out, unreachable, refused); the message says what to do. */
  SEFAZ_NO_ANSWER: 'SEFAZ_NO_ANSWER',
  /** 409: contingency asked for while the UF's authoriser answers "em operação" (107). */
  SEFAZ_IN_OPERATION: 'SEFAZ_IN_OPERATION',
  /** 409: back to normal while invoices sent in contingency still await SEFAZ's answer. */
  CONTINGENCY_PENDING: 'CONTINGENCY_PENDING',
  /** 422: a PIX code asked for while the company has no PIX key. */
  NO_PIX_KEY: 'NO_PIX_KEY',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  /** 409: a keyed POST repeated while the first with its key still runs (platform/idempotency.ts). */
  IDEMPOTENCY_IN_PROGRESS: 'IDEMPOTENCY_IN_PROGRESS',
  /** 422: an `Idempotency-Key` already used for another request (route, record or body). */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** 409 without a code of its own. */
  CONFLICT: 'CONFLICT',
  /** 403: the X-XSRF-TOKEN header does not echo the cookie. */
  CSRF: 'CSRF',
  /** 400: an import file with errors; `fields` maps "<line>.<field>" to the message. */
  IMPORT_INVALID: 'IMPORT_INVALID',
  /** 413: an import file over the size limit. */
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  /** 404: no API route has this method and path. */
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  // What the HTTP layer refuses before a route runs (platform/framework-errors.ts).
  INVALID_JSON: 'INVALID_JSON',
  EMPTY_BODY: 'EMPTY_BODY',
  INVALID_CONTENT_LENGTH: 'INVALID_CONTENT_LENGTH',
  BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  BAD_URL: 'BAD_URL',
  URL_TOO_LONG: 'URL_TOO_LONG',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  MALFORMED_REQUEST: 'MALFORMED_REQUEST',
  /** Any other 4xx the framework raises. */
  REQUEST_REFUSED: 'REQUEST_REFUSED',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** One item short in stock, as INSUFFICIENT_STOCK's message and `details` carry it. */
export interface StockShortage {
  /** The item's and the location's names. */
  item: string;
  location: string;
  /** Decimal strings, as quantities travel. */
  available: string;
  required: string;
}

/** A row of INSUFFICIENT_STOCK's `details`: decimal strings, `missing` = required − available. */
export interface StockShortageDetail extends StockShortage {
  itemId: number;
  locationId: number;
  missing: string;
}

/** NEGATIVE_PAST_BALANCE's `details`: the first day the balance would go negative, and to what. */
export interface NegativePastBalanceDetail {
  itemId: number;
  item: string;
  locationId: number;
  location: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** The negative balance, a decimal string. */
  balance: string;
}

/** OVERPAYMENT's `details`: what was still open of the bill, a decimal string. */
export interface OverpaymentDetail {
  openAmount: string;
}

/** A row of OVER_RECEIPT's `details`: one order line received beyond what it still awaits. */
export interface OverReceiptDetail {
  /** The index of the receipt's line (`lines.N`). */
  index: number;
  lineId: number;
  itemId: number;
  item: string;
  /** Decimal strings: ordered, received before, asked now, still to receive. */
  ordered: string;
  received: string;
  quantity: string;
  remaining: string;
}

/**
 * The pt-BR message of each code that has a fixed wording (DOMAIN). A message with values takes
 * them already formatted for the screen ("1.234,500", "31/01/2026").
 */
export const errorMessages = {
  STALE_VERSION: messages.errors.staleVersion,
  DUPLICATE: messages.errors.duplicate,
  IN_USE: messages.errors.inUse,
  /** `status` is the status's label: "Ação não permitida na situação Aprovada." */
  INVALID_STATUS: (status: string) => `Ação não permitida na situação ${status}.`,
  PAID_BILLS: 'Há títulos baixados; estorne as baixas antes de cancelar a nota.',
  INSUFFICIENT_STOCK: ({ item, location, available, required }: StockShortage) =>
    `Estoque insuficiente: ${item} em ${location} tem ${available}, necessário ${required}.`,
  /** `orders` names the orders holding the units ("PV-000012, PV-000015"). */
  STOCK_RESERVED: ({
    item,
    location,
    free,
    orders,
  }: {
    item: string;
    location: string;
    free: string;
    orders: string;
  }) =>
    `Unidades reservadas: ${item} em ${location} tem ${free} livre(s); o restante está reservado para ${orders}.`,
  CREDIT_LIMIT: 'Limite de crédito excedido',
  /** `count` overdue bills, the oldest due on `since` ("31/01/2026"). */
  OVERDUE_RECEIVABLES: (count: number, since: string) =>
    `Cliente com ${count} ${count === 1 ? 'título vencido' : 'títulos vencidos'} desde ${since}: receba-os ou libere o crédito.`,
  STOCK_PERIOD_CLOSED: (date: string) => `Período de estoque fechado até ${date}.`,
  NEGATIVE_PAST_BALANCE: ({
    item,
    location,
    date,
    balance,
  }: Omit<NegativePastBalanceDetail, 'itemId' | 'locationId'>) =>
    `Estoque insuficiente em ${date}: ${item} em ${location} ficaria com ${balance}.`,
  ALREADY_REVERSED: 'Este movimento já foi estornado.',
  /**
   * `by` names the document ("pela Ordem de Compra OC-000042"), `undo` what undoes the movement
   * there, or that nothing does.
   */
  DOCUMENT_MOVEMENT: ({ by, undo }: { by: string; undo: string }) =>
    `Este movimento foi gerado ${by} e não pode ser estornado aqui. ${undo}`,
  /** `open` formatted for the screen: "R$ 40,00". */
  OVERPAYMENT: (open: string) => `Valor maior que o saldo em aberto (${open}).`,
  PAYMENT_REVERSED: messages.finance.paymentReversed,
  /** `item` is the first line's item name, `remaining` formatted in its unit ("1,5"). */
  OVER_RECEIPT: ({ item, remaining }: { item: string; remaining: string }) =>
    `Quantidade maior que a pendente: ${item} tem ${remaining} a receber.`,
  NO_PIX_KEY: messages.finance.noPixKey,
  /** Quantities with their unit ("11 UN"), the tolerance as a percentage ("10", "15,5"). */
  OVER_PRODUCTION: ({
    maximum,
    planned,
    tolerance,
  }: {
    maximum: string;
    planned: string;
    tolerance: string;
  }) =>
    `Quantidade produzida acima do permitido: no máximo ${maximum} (planejado ${planned} + tolerância de ${tolerance}%).`,
} as const satisfies Partial<Record<ErrorCode, string | ((...args: never[]) => string)>>;
