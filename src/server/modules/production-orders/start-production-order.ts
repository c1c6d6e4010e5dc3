import { formatProductionOrderNumber } from '../../../shared/resources/production-orders.js';
import type { ProductionOrderDetail } from '../../../shared/resources/production-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { documentAction, moveDocument } from '../../platform/document-action.js';
import { productionOrderDocument } from './production-order.document.js';
import { postMovements } from '../stock-movements/index.js';
import { findMaterials, recordConsumption } from './production-orders.repo.js';
import { now } from '../../../shared/clock.js';

/**
 * "Iniciar produção": all or nothing. Every material leaves the source location in one posting;
 * when any is short the posting answers 422 INSUFFICIENT_STOCK with `details` listing every
 * material short (StockShortageDetail) and the transaction rolls back: nothing moves, the order
 * stays PLANNED. Each material records what it consumed and the average cost it left at.
 */
export function startProductionOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
): Promise<ProductionOrderDetail> {
  return documentAction(db, ctx, productionOrderDocument, { id, action: 'start' }, async (step) => {
    const { trx, document: locked } = step;
    const materials = await findMaterials(trx, id);
    const label = formatProductionOrderNumber(locked.number);
    const movements = await postMovements(
      trx,
      ctx,
      materials.map((line, index) => ({
        type: 'OUT' as const,
        itemId: line.feedstockId,
        fromLocationId: locked.sourceLocationId,
        quantity: line.requiredQuantity,
        origin: { type: 'PRODUCTION_ORDER' as const, id },
        notes: label,
        path: `materials.${index}`,
      })),
    );
    for (const [index, line] of materials.entries()) {
      const movement = movements[index]!;
      await recordConsumption(trx, line.id, {
        consumedQuantity: line.requiredQuantity,
        unitCost: movement.unitCost,
        consumedValue: movement.value,
      });
    }
    await moveDocument(step, productionOrderDocument, 'start', {
      set: { startedAt: now() },
      after: {
        status: 'IN_PROGRESS',
        movements: movements.map((movement) => movement.id),
      },
    });
  });
}
