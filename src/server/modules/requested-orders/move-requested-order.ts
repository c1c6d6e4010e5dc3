import { Decimal } from 'decimal.js';
import { messages } from '../../../shared/messages.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import {
  formatRequestedOrderNumber,
  type CreditRelease,
  type RequestedOrderDetail,
} from '../../../shared/resources/requested-orders.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { documentAction, moveDocument, type DocumentStep } from '../../platform/document-action.js';
import { BusinessRuleError, ConflictError } from '../../platform/errors.js';
import { releaseReservations, reserveLines } from '../stock-movements/index.js';
import { creditGate } from './credit-gate.js';
import { requestedOrderDocument } from './requested-order.document.js';
import { findLines, type LockedOrder } from './requested-orders.repo.js';

/**
 * The actions of a sales order that reserve, release or only move it: "Aprovar" (reserves what
 * is free at its location), "Reservar" (tops the reservations up from what has become free),
 * "Encerrar" and "Cancelar" (release what is still held), "Entregar".
 */

/** Tops up each line towards what it still needs (its quantity − what was invoiced). */
async function reserve(step: DocumentStep<LockedOrder>) {
  const lines = await findLines(step.trx, step.id);
  const held = await reserveLines(
    step.trx,
    lines.map((line) => ({
      lineId: line.id,
      itemId: line.productId,
      locationId: step.document.locationId,
      wanted: Decimal.max(0, new Decimal(line.quantity).minus(line.invoicedQuantity)).toFixed(3),
    })),
  );
  return lines.map((line) => ({ lineId: line.id, reserved: held.get(line.id) ?? '0.000' }));
}

/** "Aprovar": through the credit gate, then what is free at the location is reserved. */
export function approveRequestedOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  release: CreditRelease,
): Promise<RequestedOrderDetail> {
  const target = { id, action: 'approve' as const };
  return documentAction(db, ctx, requestedOrderDocument, target, async (step) => {
    if ((await findLines(step.trx, id)).length === 0) {
      throw new BusinessRuleError(messages.requestedOrders.approveNeedsLines);
    }
    const released = await creditGate(step.trx, step.document, release);
    const reserved = await reserve(step);
    await moveDocument(step, requestedOrderDocument, 'approve', {
      after: { reserved, ...released },
    });
  });
}

/** "Reservar": an approved (or partly invoiced) order takes what has become free; the status stays. */
export function reserveRequestedOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
): Promise<RequestedOrderDetail> {
  return documentAction(
    db,
    ctx,
    requestedOrderDocument,
    { id, action: 'reserve' },
    async (step) => {
      const reserved = await reserve(step);
      await moveDocument(step, requestedOrderDocument, 'reserve', {
        status: step.document.status,
        after: { reserved },
      });
    },
  );
}

/** "Encerrar" and "Cancelar": whatever the order still holds goes back to the stock's free units. */
function releasing(action: 'close' | 'cancel') {
  return (db: DbOrTrx, ctx: AuditContext, id: number): Promise<RequestedOrderDetail> =>
    documentAction(db, ctx, requestedOrderDocument, { id, action }, async (step) => {
      const lines = await findLines(step.trx, id);
      await releaseReservations(
        step.trx,
        lines.map((line) => line.id),
      );
      await moveDocument(step, requestedOrderDocument, action);
    });
}

export const closeRequestedOrder = releasing('close');
export const cancelRequestedOrder = releasing('cancel');

export function deliverRequestedOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  input: { date: string },
): Promise<RequestedOrderDetail> {
  return documentAction(db, ctx, requestedOrderDocument, { id, action: 'deliver' }, (step) =>
    moveDocument(step, requestedOrderDocument, 'deliver', { after: { date: input.date } }),
  );
}

/**
 * One of the order's invoices was cancelled (in the caller's transaction, after the invoice is
 * CANCELLED): what it had invoiced is owed again, so the order goes back to PARTIALLY_INVOICED
 * while other invoices stand, else APPROVED. A DELIVERED order's goods have left: 409, the
 * cancellation rolls back (they come back with a devolução).
 */
export function reopenForCancelledInvoice(
  trx: Trx,
  ctx: AuditContext,
  orderId: number,
  invoice: { id: number; number: number | null },
): Promise<RequestedOrderDetail> {
  return documentAction(
    trx,
    ctx,
    requestedOrderDocument,
    { id: orderId, action: null },
    async (step) => {
      const order = step.document;
      if (order.status === 'DELIVERED') {
        throw new ConflictError(
          messages.requestedOrders.deliveredInvoice(formatRequestedOrderNumber(order.number)),
          ErrorCode.INVALID_STATUS,
        );
      }
      if (order.status !== 'PARTIALLY_INVOICED' && order.status !== 'INVOICED') return;
      const lines = await findLines(step.trx, orderId);
      const someInvoiced = lines.some((line) => new Decimal(line.invoicedQuantity).greaterThan(0));
      await moveDocument(step, requestedOrderDocument, 'reopen', {
        status: someInvoiced ? 'PARTIALLY_INVOICED' : 'APPROVED',
        after: { cancelledInvoiceId: invoice.id, cancelledInvoiceNumber: invoice.number },
      });
    },
  );
}
