import { Decimal } from 'decimal.js';
import { messages } from '../../../shared/messages.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import {
  formatRequestedOrderNumber,
  type RequestedOrderDetail,
} from '../../../shared/resources/requested-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { documentAction, moveDocument } from '../../platform/document-action.js';
import { ForbiddenError } from '../../platform/errors.js';
import { createProductionOrder, openProductionForOrder } from '../production-orders/index.js';
import { createDrafts, stillToArriveForSalesOrder } from '../purchase-orders/index.js';
import { requestedOrderDocument } from './requested-order.document.js';
import { findLines, type LineDbRow } from './requested-orders.repo.js';

/**
 * Per product of `origin`, what the order still misses: quantity − invoiced − reserved of its
 * lines (the same product on two lines is summed), less what is already on its way for the
 * order (`coming`: open production orders, or purchase orders still to arrive).
 */
function missingOf(
  lines: readonly LineDbRow[],
  origin: 'MANUFACTURED' | 'RESALE',
  coming: ReadonlyMap<number, string>,
): Map<number, Decimal> {
  const wanted = new Map<number, Decimal>();
  for (const line of lines) {
    if (line.productOrigin !== origin) continue;
    const missing = new Decimal(line.quantity)
      .minus(line.invoicedQuantity)
      .minus(line.reservedQuantity);
    if (missing.greaterThan(0)) {
      wanted.set(line.productId, (wanted.get(line.productId) ?? new Decimal(0)).plus(missing));
    }
  }
  const missing = new Map<number, Decimal>();
  for (const [productId, quantity] of wanted) {
    const left = quantity.minus(coming.get(productId) ?? 0);
    if (left.greaterThan(0)) missing.set(productId, left);
  }
  return missing;
}

/**
 * "Planejar produção" (issue 19): for each product the company makes that the order still misses
 * after its reservations and after the open production orders already made for it, one PLANNED
 * production order of the missing quantity, linked to the order (its output is reserved for the
 * order when it is completed), made and delivered at the order's location, due by its delivery
 * date; for each resale product it misses after its reservations and after what the purchase
 * orders bought for it still have to bring, draft purchase orders (one per default supplier, the
 * drafts from a need), linked to the order and delivered at its location. All in one transaction:
 * an item without a default supplier answers 422 listing the items and nothing is made, not even
 * the production orders. Asked twice, the second finds nothing missing and makes nothing.
 *
 * The route asks productionOrders:write; buying asks purchaseOrders:write as well (`mayBuy`),
 * checked only when there is something to buy (403, nothing made), so a production planner
 * without purchasing rights still plans an order of made products.
 */
export function planRequestedOrderProduction(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  { mayBuy }: { mayBuy: boolean },
): Promise<RequestedOrderDetail> {
  const target = { id, action: 'planProduction' as const };
  return documentAction(db, ctx, requestedOrderDocument, target, async (step) => {
    const order = step.document;
    const [lines, planned, arriving] = await Promise.all([
      findLines(step.trx, id),
      openProductionForOrder(step.trx, id),
      stillToArriveForSalesOrder(step.trx, id),
    ]);
    const toMake = missingOf(lines, 'MANUFACTURED', planned);
    const toBuy = missingOf(lines, 'RESALE', arriving);
    if (toBuy.size > 0 && !mayBuy) {
      throw new ForbiddenError(messages.requestedOrders.purchaseNotAllowed);
    }

    const bought =
      toBuy.size === 0
        ? []
        : (
            await createDrafts(
              step.trx,
              step.ctx,
              {
                lines: [...toBuy].map(([itemId, quantity]) => ({
                  itemId,
                  quantity: quantity.toFixed(3),
                })),
              },
              {
                requestedOrderId: id,
                number: formatRequestedOrderNumber(order.number),
                locationId: order.locationId,
              },
            )
          ).items.map((purchase) => ({
            purchaseOrderId: purchase.id,
            number: purchase.number,
            supplierId: purchase.supplierId,
            items: purchase.items.map((line) => ({ itemId: line.itemId, quantity: line.quantity })),
          }));

    const made: { productionOrderId: number; number: string; quantity: string }[] = [];
    for (const [productId, quantity] of toMake) {
      const production = await createProductionOrder(
        step.trx,
        step.ctx,
        {
          productId,
          quantity: quantity.toFixed(3),
          plannedStart: todayInSaoPaulo(),
          plannedEnd: order.deliveryDate,
          sourceLocationId: order.locationId,
          targetLocationId: order.locationId,
          notes: null,
        },
        { requestedOrderId: id },
      );
      made.push({
        productionOrderId: production.id,
        number: production.number,
        quantity: production.quantity,
      });
    }
    if (made.length === 0 && bought.length === 0) return;
    await moveDocument(step, requestedOrderDocument, 'planProduction', {
      status: order.status,
      after: { plannedProduction: made, purchaseDrafts: bought },
    });
  });
}
