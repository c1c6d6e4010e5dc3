import type { InvoiceCancelInput, InvoiceDetail } from '../../../shared/resources/invoices.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { documentAction, moveDocument } from '../../platform/document-action.js';
import { cancelDocumentBills } from '../finance/index.js';
import { reverseMovement } from '../stock-movements/index.js';
import { invoiceDocument } from './invoice.document.js';
import { findInvoiceMovements } from './invoices.repo.js';
import { now } from '../../../shared/clock.js';
import { guardSefaz } from './sefaz-guard.js';

/**
 * "Cancelar" an ISSUED invoice (a DRAFT is deleted instead: 409), in one transaction:
 * 1. cancelBills — its open bills cancelled; one already paid refuses everything (409 PAID_BILLS:
 *    the payment is reversed first, in Contas a Receber / a Pagar);
 * 2. reverseStock — each of its stock movements reversed (today, at the value it had);
 * 3. record — CANCELLED with the reason and the time;
 * 4. tell its sales order, when it has one (it goes back to owing those quantities, or refuses:
 *    a delivered order's goods come back by a devolução).
 * Refused (409) while SEFAZ's answer is awaited (SENDING, PENDING). SEFAZ's cancellation event
 * (110111) of an authorised invoice is the next slice of issue 20.
 */
/**
 * Told, in the cancelling transaction, that an invoice of a sales order was cancelled (the sales
 * orders module's reopenForCancelledInvoice, wired by app.ts); it may refuse (throw).
 */
export type InvoiceCancelledHook = (
  trx: Trx,
  ctx: AuditContext,
  orderId: number,
  invoice: { id: number; number: number | null },
) => Promise<unknown>;

export function cancelInvoice(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  input: InvoiceCancelInput,
  onOrderInvoiceCancelled?: InvoiceCancelledHook,
): Promise<InvoiceDetail> {
  const reason = input.reason.trim();
  return documentAction(db, ctx, invoiceDocument, { id, action: 'cancel' }, async (step) => {
    // Not while SEFAZ may be authorising it (SENDING, PENDING): "Consultar" first.
    guardSefaz(step.document, 'cancel');
    await cancelDocumentBills(step.trx, step.ctx, { type: 'INVOICE', id });
    for (const movement of await findInvoiceMovements(step.trx, id)) {
      if (!movement.reversed) await reverseMovement(step.trx, step.ctx, movement.id);
    }
    await moveDocument(step, invoiceDocument, 'cancel', {
      set: { cancelledAt: now(), cancelReason: reason },
      after: { reason },
    });
    const { requestedOrderId, number } = step.document;
    if (requestedOrderId !== null && onOrderInvoiceCancelled) {
      await onOrderInvoiceCancelled(step.trx, step.ctx, requestedOrderId, { id, number });
    }
  });
}
