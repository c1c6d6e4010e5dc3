import { Decimal } from 'decimal.js';
import { ErrorCode, errorMessages } from '../../../shared/error-codes.js';
import { formatPlainDate, todayInSaoPaulo } from '../../../shared/plain-date.js';
import type {
  CreditLimitDetail,
  CreditRelease,
  OverdueReceivableDetail,
} from '../../../shared/resources/requested-orders.js';
import type { Trx } from '../../db/connection.js';
import { BusinessRuleError, NotFoundError } from '../../platform/errors.js';
import { clientExposure, notYetInvoiced, type LockedOrder } from './requested-orders.repo.js';

/**
 * The credit gate (issue 19), at "Aprovar" and again at every "Faturar", in the action's
 * transaction with the client's row locked: a client with receivables past due is refused (422
 * OVERDUE_RECEIVABLES), and so is an exposure above its limit (422 CREDIT_LIMIT): what is open of
 * its bills to receive + what its other approved orders have still to invoice + what this order
 * has still to invoice. A client without a limit has no limit. Copying or re-approving an order
 * goes through the same gate: there is no other way to approve or invoice.
 *
 * A release (`overrideCredit` with a reason, by a user with requestedOrders:releaseCredit) lets
 * the action through; answers what was released, for the action's history.
 */
export async function creditGate(
  trx: Trx,
  order: LockedOrder,
  release: CreditRelease,
): Promise<Record<string, unknown> | null> {
  const today = todayInSaoPaulo();
  const exposure = await clientExposure(trx, order.clientId, {
    today,
    otherThan: order.id,
    lock: true,
  });
  if (!exposure) throw new NotFoundError();
  const thisOrder = await notYetInvoiced(trx, order.id);
  const refusals: BusinessRuleError[] = [];
  if (exposure.overdue.length > 0) {
    refusals.push(
      new BusinessRuleError({
        code: ErrorCode.OVERDUE_RECEIVABLES,
        message: errorMessages.OVERDUE_RECEIVABLES(
          exposure.overdueCount,
          formatPlainDate(exposure.overdue[0]!.dueDate),
        ),
        details: exposure.overdue.map((bill): OverdueReceivableDetail => ({ ...bill })),
      }),
    );
  }
  if (exposure.limit !== null) {
    const total = new Decimal(exposure.openReceivables).plus(exposure.openOrders).plus(thisOrder);
    if (total.greaterThan(exposure.limit)) {
      const detail: CreditLimitDetail = {
        limit: new Decimal(exposure.limit).toFixed(2),
        openReceivables: exposure.openReceivables,
        openOrders: exposure.openOrders,
        thisOrder,
      };
      refusals.push(
        new BusinessRuleError({
          code: ErrorCode.CREDIT_LIMIT,
          message: errorMessages.CREDIT_LIMIT,
          details: [detail],
        }),
      );
    }
  }
  if (refusals.length === 0) return null;
  if (!release.overrideCredit) throw refusals[0]!;
  return {
    creditReleased: refusals.map((refusal) => refusal.code),
    reason: release.reason,
  };
}
