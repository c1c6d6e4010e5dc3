import { fromUnits, toUnits } from '../../../shared/allocation.js';
import { messages } from '../../../shared/messages.js';
import { addDays } from '../../../shared/plain-date.js';
import type { CashFlowPeriod, Granularity } from '../../../shared/resources/finance-reports.js';

/**
 * The cash flow's pure parts: which periods a report has, and how the sums of each become its
 * net and the running balance. Dates are 'YYYY-MM-DD' strings, money decimal strings summed as
 * bigint cents (never floats).
 */

const MAX_DAYS_BY_DAY = 366;
const MAX_YEARS = 3;

function parts(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

/** The first day of the period of `granularity` that holds `date` (weeks start on Monday, ISO). */
export function periodStart(date: string, granularity: Granularity): string {
  if (granularity === 'day') return date;
  if (granularity === 'month') return `${date.slice(0, 8)}01`;
  const [year, month, day] = parts(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The first day of the next period after the one starting at `start`. */
function nextStart(start: string, granularity: Granularity): string {
  if (granularity === 'day') return addDays(start, 1);
  if (granularity === 'week') return addDays(start, 7);
  const [year, month] = parts(start);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/**
 * Every period from `from` to `to`, each clipped to those bounds: a week or a month that starts
 * before `from` starts at `from`, one that ends after `to` ends at `to`.
 */
export function periodsOf(
  from: string,
  to: string,
  granularity: Granularity,
): { start: string; end: string }[] {
  const periods: { start: string; end: string }[] = [];
  let start = from;
  while (start <= to) {
    const next = nextStart(periodStart(start, granularity), granularity);
    const end = addDays(next, -1);
    periods.push({ start, end: end < to ? end : to });
    start = next;
  }
  return periods;
}

/**
 * The period's problem, by field, or null: `to` before `from`, or longer than three years (from
 * `from` up to the day before the same date three years on), or than 366 days by day.
 */
export function periodError(
  from: string,
  to: string,
  granularity: Granularity,
): Record<string, string> | null {
  if (to < from) return { to: messages.finance.periodInverted };
  const [year, month, day] = parts(from);
  const limit =
    granularity === 'day'
      ? addDays(from, MAX_DAYS_BY_DAY - 1)
      : addDays(
          new Date(Date.UTC(year + MAX_YEARS, month - 1, day)).toISOString().slice(0, 10),
          -1,
        );
  return to > limit ? { to: messages.finance.periodTooLong } : null;
}

/** What the database summed for one period (absent: nothing moved in it). */
export interface PeriodSums {
  realizedIn: string;
  realizedOut: string;
  projectedIn: string;
  projectedOut: string;
}

const cents = (value: string) => toUnits(value, 2, 'money');
const money = (units: bigint) => fromUnits(units, 2);
const ZERO: PeriodSums = {
  realizedIn: '0.00',
  realizedOut: '0.00',
  projectedIn: '0.00',
  projectedOut: '0.00',
};

/**
 * The report's periods with their net (in − out, realised and projected) and the balance at each
 * one's end, starting from `openingBalance`; and the totals, whose balance is the last one's.
 */
export function cashFlowPeriods(
  periods: { start: string; end: string }[],
  sums: ReadonlyMap<string, PeriodSums>,
  openingBalance: string,
): { periods: CashFlowPeriod[]; totals: Omit<CashFlowPeriod, 'start' | 'end'> } {
  let balance = cents(openingBalance);
  const total = { realizedIn: 0n, realizedOut: 0n, projectedIn: 0n, projectedOut: 0n };
  const rows = periods.map(({ start, end }) => {
    const sum = sums.get(start) ?? ZERO;
    const values = {
      realizedIn: cents(sum.realizedIn),
      realizedOut: cents(sum.realizedOut),
      projectedIn: cents(sum.projectedIn),
      projectedOut: cents(sum.projectedOut),
    };
    const net = values.realizedIn - values.realizedOut + values.projectedIn - values.projectedOut;
    balance += net;
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += values[key];
    return {
      start,
      end,
      realizedIn: money(values.realizedIn),
      realizedOut: money(values.realizedOut),
      projectedIn: money(values.projectedIn),
      projectedOut: money(values.projectedOut),
      net: money(net),
      balance: money(balance),
    };
  });
  return {
    periods: rows,
    totals: {
      realizedIn: money(total.realizedIn),
      realizedOut: money(total.realizedOut),
      projectedIn: money(total.projectedIn),
      projectedOut: money(total.projectedOut),
      net: money(total.realizedIn - total.realizedOut + total.projectedIn - total.projectedOut),
      balance: money(balance),
    },
  };
}
