import type { ProductionOrderDetail } from '../../../shared/resources/production-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { documentAction, moveDocument } from '../../platform/document-action.js';
import { productionOrderDocument } from './production-order.document.js';
import { reverseMovement } from '../stock-movements/index.js';
import { clearConsumption, unreversedOutflows } from './production-orders.repo.js';
import { now } from '../../../shared/clock.js';

/**
 * "Cancelar": a PLANNED order just stops; an IN_PROGRESS one gives its materials back first, each
 * OUT movement reversed ("Estornar", dated today, at the value it took), in the same transaction.
 * A movement someone already reversed by hand in Movimentação de Estoque is not returned twice.
 */
export function cancelProductionOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
): Promise<ProductionOrderDetail> {
  return documentAction(
    db,
    ctx,
    productionOrderDocument,
    { id, action: 'cancel' },
    async (step) => {
      const { trx, document: locked } = step;
      const reversals: number[] = [];
      if (locked.status === 'IN_PROGRESS') {
        for (const outflow of await unreversedOutflows(trx, id)) {
          reversals.push((await reverseMovement(trx, ctx, outflow.id)).id);
        }
        await clearConsumption(trx, id);
      }
      await moveDocument(step, productionOrderDocument, 'cancel', {
        set: { cancelledAt: now() },
        after: { status: 'CANCELLED', ...(reversals.length ? { reversals } : {}) },
      });
    },
  );
}
