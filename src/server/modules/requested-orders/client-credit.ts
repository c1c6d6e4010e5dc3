import { Decimal } from 'decimal.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { ClientCredit } from '../../../shared/resources/requested-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import { NotFoundError } from '../../platform/errors.js';
import { clientExposure } from './requested-orders.repo.js';

/**
 * The client's credit beside the client on the order form: the same figures the credit gate
 * weighs (`clientExposure`), read without the gate's lock, before the order exists. Every
 * approved or partly invoiced order of the client counts as open; an open order being edited is
 * not among them, so nothing is counted twice.
 */
export async function clientCredit(db: DbOrTrx, clientId: number): Promise<ClientCredit> {
  const exposure = await clientExposure(db, clientId, {
    today: todayInSaoPaulo(),
    otherThan: null,
    lock: false,
  });
  if (!exposure) throw new NotFoundError();
  const limit = exposure.limit === null ? null : new Decimal(exposure.limit);
  return {
    limit: limit?.toFixed(2) ?? null,
    openReceivables: exposure.openReceivables,
    overdue: {
      count: exposure.overdueCount,
      amount: exposure.overdueAmount,
      oldestDueDate: exposure.overdue[0]?.dueDate ?? null,
    },
    openOrders: exposure.openOrders,
    available: limit?.minus(exposure.openReceivables).minus(exposure.openOrders).toFixed(2) ?? null,
  };
}
