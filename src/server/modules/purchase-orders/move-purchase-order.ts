import { toUnits } from '../../../shared/allocation.js';
import { messages } from '../../../shared/messages.js';
import type { PurchaseOrderDetail } from '../../../shared/resources/purchase-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { documentAction, moveDocument } from '../../platform/document-action.js';
import { BusinessRuleError } from '../../platform/errors.js';
import { purchaseOrderDocument } from './purchase-order.document.js';
import { findLines } from './purchase-orders.repo.js';

/** The actions of Ordens de Compra that only move the status: Aprovar, Encerrar, Cancelar. */

/** "Aprovar": a DRAFT with at least one line and a total above zero (422 otherwise). */
export function approvePurchaseOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
): Promise<PurchaseOrderDetail> {
  return documentAction(db, ctx, purchaseOrderDocument, { id, action: 'approve' }, async (step) => {
    const lines = await findLines(step.trx, id);
    if (lines.length === 0 || toUnits(step.document.total, 2) <= 0n) {
      throw new BusinessRuleError(messages.purchaseOrders.approveNeedsLines);
    }
    await moveDocument(step, purchaseOrderDocument, 'approve');
  });
}

/** "Encerrar": a partially received order stops waiting for the rest. */
export function closePurchaseOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
): Promise<PurchaseOrderDetail> {
  return documentAction(db, ctx, purchaseOrderDocument, { id, action: 'close' }, (step) =>
    moveDocument(step, purchaseOrderDocument, 'close'),
  );
}

/** "Cancelar": a DRAFT or an APPROVED order (nothing received). */
export function cancelPurchaseOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
): Promise<PurchaseOrderDetail> {
  return documentAction(db, ctx, purchaseOrderDocument, { id, action: 'cancel' }, (step) =>
    moveDocument(step, purchaseOrderDocument, 'cancel'),
  );
}
