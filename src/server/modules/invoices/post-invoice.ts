import { Decimal } from 'decimal.js';
import { splitInstallments } from '../../../shared/installments.js';
import type { Trx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { dryRun } from '../../platform/transaction.js';
import { createBills } from '../finance/index.js';
import { consumeReservations, postMovements } from '../stock-movements/index.js';
import {
  findFiscalOperations,
  findInvoiceLines,
  findRecipient,
  type FiscalOperationRow,
  type LockedInvoice,
} from './invoices.repo.js';

/**
 * What an AUTHORIZED invoice posts (issue 20: stock and bills follow the authorisation, never a
 * rejected, denied or pending invoice), in phase 3's transaction:
 * 1. postStock — OUT (or IN) movements at its location, when the nature of operation moves stock;
 *    a sales order's invoice takes the units its order holds reserved, and those reservations are
 *    consumed by what left;
 * 2. createBills — to receive (OUT) or pay (IN) in its terms, when it creates bills.
 */
export async function postInvoice(trx: Trx, ctx: AuditContext, invoice: LockedInvoice) {
  await post(trx, ctx, invoice, true);
}

/**
 * Phase 1's check that the stock would post (422 INSUFFICIENT_STOCK, STOCK_RESERVED: the number
 * given back), by posting it and undoing it: SEFAZ must not authorise goods that cannot leave.
 * Between this and the authorisation another exit may still take them (the posting then fails
 * and the answer waits, PENDING for "Consultar": see docs/decisions.md "SEFAZ").
 */
export async function checkStockWouldPost(trx: Trx, ctx: AuditContext, invoice: LockedInvoice) {
  await dryRun(trx, () => post(trx, ctx, invoice, false));
}

async function post(trx: Trx, ctx: AuditContext, invoice: LockedInvoice, bills: boolean) {
  const [lines, recipient, operations] = await Promise.all([
    findInvoiceLines(trx, invoice.id),
    findRecipient(trx, invoice),
    findFiscalOperations(trx, [invoice.fiscalOperationId]),
  ]);
  const operation = operations.get(invoice.fiscalOperationId)!;
  const notes = `NF-e ${invoice.number ?? ''} — ${recipient?.name ?? ''}`.slice(0, 255);
  if (operation.movesStock) await postStock(trx, ctx, invoice, lines, notes);
  if (bills) await createInvoiceBills(trx, ctx, invoice, operation, notes);
}

/** The bills of the invoice, as the NF-e's cobr/dup and the bills themselves split them. */
export function installmentsOf(
  invoice: LockedInvoice,
  issueDate: string,
  operation: FiscalOperationRow,
) {
  if (!operation.createsBills || new Decimal(invoice.total).isZero()) return [];
  return splitInstallments({
    count: invoice.installments,
    firstDueInDays: invoice.firstDueInDays,
    intervalDays: invoice.intervalDays,
    from: issueDate,
    total: invoice.total,
  });
}

async function postStock(
  trx: Trx,
  ctx: AuditContext,
  invoice: LockedInvoice,
  lines: Awaited<ReturnType<typeof findInvoiceLines>>,
  notes: string,
) {
  const origin = { type: 'INVOICE' as const, id: invoice.id };
  const locationId = invoice.locationId!;
  const date = invoice.issueDate;
  await postMovements(
    trx,
    ctx,
    lines.map((line, index) =>
      invoice.direction === 'OUT'
        ? {
            type: 'OUT',
            itemId: line.itemId,
            fromLocationId: locationId,
            quantity: line.quantity,
            date,
            origin,
            notes,
            path: `items.${index}`,
          }
        : {
            type: 'IN',
            itemId: line.itemId,
            toLocationId: locationId,
            quantity: line.quantity,
            date,
            origin,
            notes,
            path: `items.${index}`,
          },
    ),
    // A sales order's invoice takes the units its order holds reserved.
    invoice.requestedOrderId === null ? {} : { reservationsOf: invoice.requestedOrderId },
  );
  if (invoice.requestedOrderId === null) return;
  await consumeReservations(
    trx,
    lines.flatMap((line) =>
      line.requestedOrderItemId === null
        ? []
        : [
            {
              lineId: line.requestedOrderItemId,
              itemId: line.itemId,
              locationId,
              quantity: line.quantity,
            },
          ],
    ),
  );
}

async function createInvoiceBills(
  trx: Trx,
  ctx: AuditContext,
  invoice: LockedInvoice,
  operation: FiscalOperationRow,
  description: string,
) {
  if (installmentsOf(invoice, invoice.issueDate, operation).length === 0) return;
  await createBills(trx, ctx, {
    kind: invoice.direction === 'OUT' ? 'RECEIVE' : 'PAY',
    clientId: invoice.clientId,
    supplierId: invoice.supplierId,
    origin: { type: 'INVOICE', id: invoice.id },
    description,
    documentNumber: String(invoice.number),
    issueDate: invoice.issueDate,
    categoryId: invoice.categoryId!,
    paymentMethodId: invoice.paymentMethodId,
    total: invoice.total,
    terms: {
      count: invoice.installments,
      firstDueInDays: invoice.firstDueInDays,
      intervalDays: invoice.intervalDays,
    },
  });
}
