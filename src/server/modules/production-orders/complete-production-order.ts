import { Decimal } from 'decimal.js';
import { ErrorCode, errorMessages } from '../../../shared/error-codes.js';
import { quantityFitsUnit } from '../../../shared/fields.js';
import { messages } from '../../../shared/messages.js';
import { formatDecimal } from '../../../shared/money.js';
import {
  formatProductionOrderNumber,
  type ProductionOrderComplete,
} from '../../../shared/resources/production-orders.js';
import type { ProductionOrderDetail } from '../../../shared/resources/production-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { documentAction, moveDocument } from '../../platform/document-action.js';
import { productionOrderDocument } from './production-order.document.js';
import { BusinessRuleError, ValidationError } from '../../platform/errors.js';
import { productionTolerancePercent } from '../company/index.js';
import { postMovements, reserveArrivalForOrder } from '../stock-movements/index.js';
import { findCosts, findMaterials, findProduct } from './production-orders.repo.js';
import { costBreakdown, maximumProduced } from './production-orders.rules.js';
import { now } from '../../../shared/clock.js';

/**
 * "Concluir": the product enters the target location carrying the order's real total cost — Σ
 * what the materials' consumption took from stock + Σ the costs — as its value, exactly (the unit
 * cost, total ÷ produced quantity, is derived from it), which moves the product's average cost;
 * the breakdown is recorded on the order. The produced quantity is above zero and at most the
 * planned quantity plus the company's tolerance (422 OVER_PRODUCTION naming the maximum).
 */
export function completeProductionOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  input: ProductionOrderComplete,
): Promise<ProductionOrderDetail> {
  return documentAction(
    db,
    ctx,
    productionOrderDocument,
    { id, action: 'complete' },
    async (step) => {
      const { trx, document: locked } = step;
      const product = (await findProduct(trx, locked.productId))!;
      if (!quantityFitsUnit(input.producedQuantity, product.unitDecimals)) {
        throw new ValidationError({
          producedQuantity: messages.tooManyUnitDecimals(product.unitDecimals),
        });
      }
      const tolerance = await productionTolerancePercent(trx);
      const maximum = maximumProduced(locked.quantity, tolerance, product.unitDecimals);
      if (new Decimal(input.producedQuantity).greaterThan(maximum)) {
        const inUnit = (quantity: string) =>
          `${formatDecimal(quantity, product.unitDecimals)} ${product.unitCode}`;
        const message = errorMessages.OVER_PRODUCTION({
          maximum: inUnit(maximum),
          planned: inUnit(locked.quantity),
          tolerance: new Decimal(tolerance).toFixed().replace('.', ','),
        });
        throw new BusinessRuleError({
          code: ErrorCode.OVER_PRODUCTION,
          message,
          fields: { producedQuantity: message },
        });
      }
      const [materials, costs] = await Promise.all([findMaterials(trx, id), findCosts(trx, id)]);
      const breakdown = costBreakdown(
        materials.map((line) => line.consumedValue ?? '0'),
        costs.map((line) => line.value),
        input.producedQuantity,
      );
      const [movement] = await postMovements(trx, ctx, [
        {
          type: 'IN',
          itemId: locked.productId,
          toLocationId: locked.targetLocationId,
          quantity: input.producedQuantity,
          value: breakdown.totalCost,
          origin: { type: 'PRODUCTION_ORDER', id },
          notes: formatProductionOrderNumber(locked.number),
          path: '',
          ...(input.date ? { date: input.date } : {}),
        },
      ]);
      // Made for a sales order: what it made is reserved for it, as far as the order waits.
      if (locked.requestedOrderId !== null) {
        await reserveArrivalForOrder(trx, {
          requestedOrderId: locked.requestedOrderId,
          itemId: locked.productId,
          locationId: locked.targetLocationId,
        });
      }
      await moveDocument(step, productionOrderDocument, 'complete', {
        set: {
          producedQuantity: input.producedQuantity,
          completionDate: movement!.date,
          ...breakdown,
          completedAt: now(),
        },
        after: {
          status: 'COMPLETED',
          producedQuantity: input.producedQuantity,
          completionDate: movement!.date,
          ...breakdown,
          movement: movement!.id,
        },
      });
    },
  );
}
