import { Decimal } from 'decimal.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import type {
  CreditLimitDetail,
  OverdueReceivableDetail,
} from '../../../shared/resources/requested-orders.js';
import { ApiError } from '../../lib/api-error.js';
import type { CreditGatedAction } from './api.js';

/**
 * "Aprovar" or "Faturar" refused by the credit gate (422), with what the screen shows of it: the
 * exposure's figures over the limit, or the overdue bills.
 */
export type CreditRefusal = { action: CreditGatedAction; message: string } & (
  | { code: typeof ErrorCode.CREDIT_LIMIT; figures: CreditLimitDetail }
  | { code: typeof ErrorCode.OVERDUE_RECEIVABLES; bills: OverdueReceivableDetail[] }
);

const gated = (action: string): action is CreditGatedAction =>
  action === 'approve' || action === 'invoice';

/** Whether an answer is the credit gate's refusal (the credit panel says it, not the bar). */
export const isCreditRefusal = (error: ApiError) =>
  error.is(ErrorCode.CREDIT_LIMIT) || error.is(ErrorCode.OVERDUE_RECEIVABLES);

/** The credit refusal of an action's outcome; null for any other outcome (done, other refusals). */
export function creditRefusalOf(action: string, error: unknown): CreditRefusal | null {
  if (!gated(action) || !(error instanceof ApiError)) return null;
  if (error.is(ErrorCode.CREDIT_LIMIT) && error.details[0]) {
    return { action, message: error.message, code: error.code, figures: error.details[0] };
  }
  if (error.is(ErrorCode.OVERDUE_RECEIVABLES)) {
    return { action, message: error.message, code: error.code, bills: error.details };
  }
  return null;
}

/** The exposure (open receivables + open orders + this order) and how far it is above the limit. */
export function exposureOf(figures: CreditLimitDetail) {
  const total = new Decimal(figures.openReceivables)
    .plus(figures.openOrders)
    .plus(figures.thisOrder);
  return { total: total.toFixed(2), above: total.minus(figures.limit).toFixed(2) };
}
