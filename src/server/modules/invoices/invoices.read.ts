import { messages } from '../../../shared/messages.js';
import {
  numberVoidedOnCancel,
  type InvoiceDetail,
  type InvoiceEvent,
  type InvoiceListQuery,
  type InvoiceNumberVoiding,
  type InvoicePage,
  type InvoiceSummary,
} from '../../../shared/resources/invoices.js';
import type { DbOrTrx } from '../../db/connection.js';
import { NotFoundError } from '../../platform/errors.js';
import { decompressXml } from '../nfe/index.js';
import {
  findInvoiceBills,
  findSefazEvents,
  findInvoiceLines,
  findInvoiceMovements,
  findInvoiceWithNames,
  lastSefazEvent,
  listInvoiceRows,
  type InvoiceDbRow,
} from './invoices.repo.js';
import { voidedRangeHolding } from './voided-numbers.repo.js';

/** Notas Fiscais as the screens read them: the list, and an invoice with what it posted. */

export function invoiceSummary(row: InvoiceDbRow): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    series: row.series,
    model: row.model,
    direction: row.direction,
    purpose: row.purpose,
    fiscalOperationId: row.fiscalOperationId,
    fiscalOperationName: row.fiscalOperationName,
    issueDate: row.issueDate,
    clientId: row.clientId,
    supplierId: row.supplierId,
    recipientName: row.recipientName,
    recipientDocument: row.recipientDocument,
    locationId: row.locationId,
    locationName: row.locationName,
    paymentMethodId: row.paymentMethodId,
    paymentMethodName: row.paymentMethodName,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    installments: row.installments,
    firstDueInDays: row.firstDueInDays,
    intervalDays: row.intervalDays,
    freightMode: row.freightMode,
    freight: row.freight,
    discount: row.discount,
    total: row.total,
    accessKey: row.accessKey,
    status: row.status,
    sefazStatus: row.sefazStatus,
    sefazCode: row.sefazCode,
    sefazMessage: row.sefazMessage,
    protocol: row.protocol,
    authorizedAt: row.authorizedAt?.toISOString() ?? null,
    requestedOrderId: row.requestedOrderId,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export async function listInvoices(db: DbOrTrx, query: InvoiceListQuery): Promise<InvoicePage> {
  const { rows, count, total } = await listInvoiceRows(db, query);
  return {
    items: rows.map(invoiceSummary),
    total: count,
    page: query.page,
    pageSize: query.pageSize,
    ...(query.totals ? { totals: { total: total ?? '0.00' } } : {}),
  };
}

/** The invoice's screen: header, lines with their taxes, totals, bills and movements. */
export async function getInvoice(db: DbOrTrx, id: number): Promise<InvoiceDetail> {
  const row = await findInvoiceWithNames(db, id);
  if (!row) throw new NotFoundError();
  const [lines, bills, movements, numberVoiding] = await Promise.all([
    findInvoiceLines(db, id),
    findInvoiceBills(db, id),
    findInvoiceMovements(db, id),
    numberVoidingOf(db, row),
  ]);
  return {
    ...invoiceSummary(row),
    numberVoiding,
    additionalInfo: row.additionalInfo,
    referencedKeys: row.referencedKeys,
    totals: row.totals,
    items: lines.map(({ taxes, requestedOrderItemId: _line, ...line }) => ({ ...line, ...taxes })),
    bills: bills.map(({ paidAmount: _paid, ...bill }) => bill),
    movements,
  };
}

/**
 * Whether the number of an invoice cancelled before SEFAZ authorised it is voided: a voided range
 * of its series holds it (cancelling voided it, or "Inutilizar numeração" did), or it is still to
 * void, with what the last try heard (SEFAZ's refusal or silence) when one was made.
 */
async function numberVoidingOf(
  db: DbOrTrx,
  row: InvoiceDbRow,
): Promise<InvoiceNumberVoiding | null> {
  if (row.status !== 'CANCELLED' || row.number === null || !numberVoidedOnCancel(row)) return null;
  const range = await voidedRangeHolding(db, row.series, row.number);
  if (range) {
    return {
      state: 'VOIDED',
      protocol: range.protocol,
      voidedAt: range.voidedAt.toISOString(),
      message: null,
    };
  }
  const tried = await lastSefazEvent(db, row.id, 'VOID');
  const message = !tried
    ? null
    : tried.statusCode === null
      ? messages.voidNumbers.notAnswered(tried.message)
      : messages.voidNumbers.rejected(tried.statusCode, tried.message);
  return { state: 'TO_VOID', protocol: null, voidedAt: null, message };
}

/** `GET /invoices/:id/events`: its exchanges with SEFAZ, each with its XML as sent and answered. */
export async function listInvoiceEvents(
  db: DbOrTrx,
  id: number,
): Promise<{ items: InvoiceEvent[] }> {
  const exists = await findInvoiceWithNames(db, id);
  if (!exists) throw new NotFoundError();
  const rows = await findSefazEvents(db, id);
  return {
    items: rows.map(({ requestGz, responseGz, at, ...event }) => ({
      ...event,
      at: at.toISOString(),
      requestXml: decompressXml(requestGz),
      responseXml: responseGz ? decompressXml(responseGz) : null,
    })),
  };
}
