import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { CashFlow, CashFlowQuery } from '../../../shared/resources/finance-reports.js';
import type { DbOrTrx } from '../../db/connection.js';
import { ValidationError } from '../../platform/errors.js';
import { openingBalance, projected, realized } from './cash-flow.repo.js';
import { cashFlowPeriods, periodError, periodsOf, type PeriodSums } from './cash-flow.rules.js';

/**
 * Fluxo de Caixa (DOMAIN §9): per period from `from` to `to`, what moved through the accounts up
 * to São Paulo's today (realised) and what the open bills will move after it (projected), with
 * the balance of all accounts at each period's end.
 *
 * - Realised: the entries dated from `from` to the earlier of `to` and today, credits in and
 *   debits out, transfers between accounts left out (they move nothing in all).
 * - Projected: what each open bill (OPEN, PARTIALLY_PAID) still has open, amount − paid, on its
 *   due date when that is after today; an overdue bill (due today or before) is still expected,
 *   so it counts on today, when today is in the report.
 * - The opening balance is every account's opening balance plus every entry dated before `from`.
 *   An account's opening balance counts from the start, whatever its opening date (it is the money
 *   the company had when it began keeping the account here, and no entry may precede that date):
 *   the report's balance is then the sum of the accounts' balances at any day. Projected bills due
 *   before a future `from` are not in it: a report's opening is what the accounts hold, never a
 *   guess.
 */
export async function cashFlow(
  db: DbOrTrx,
  query: CashFlowQuery,
  today = todayInSaoPaulo(),
): Promise<CashFlow> {
  const { from, to, granularity } = query;
  const error = periodError(from, to, granularity);
  if (error) throw new ValidationError(error);
  const sums = new Map<string, Partial<PeriodSums>>();
  const until = to < today ? to : today;
  const [opening] = await Promise.all([
    openingBalance(db, from),
    realized(db, from, until, granularity, sums),
    projected(db, from, to, today, granularity, sums),
  ]);
  const complete = new Map(
    [...sums].map(([start, sum]) => [
      start,
      {
        realizedIn: sum.realizedIn ?? '0',
        realizedOut: sum.realizedOut ?? '0',
        projectedIn: sum.projectedIn ?? '0',
        projectedOut: sum.projectedOut ?? '0',
      },
    ]),
  );
  const report = cashFlowPeriods(periodsOf(from, to, granularity), complete, opening);
  return { from, to, granularity, today, openingBalance: opening, ...report };
}
