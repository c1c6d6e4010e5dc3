import { useSearchParams } from 'react-router';
import { granularities, type Granularity } from '../../../shared/resources/finance-reports.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-02-10" + 2 → "2026-04-30": the last day of the month `months` after this one. */
export function endOfMonthAfter(day: string, months: number): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return new Date(Date.UTC(year, month + months, 0)).toISOString().slice(0, 10);
}

interface CashFlowParams {
  from: string;
  to: string;
  granularity: Granularity;
}

/**
 * The cash flow's period and granularity, kept in the URL; where it has none (or one that is no
 * date), the first day of this month to the last of the month two months ahead, by month.
 */
export function readCashFlowParams(search: URLSearchParams, today: string): CashFlowParams {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const granularity = search.get('granularity') ?? '';
  return {
    from: DAY.test(from) ? from : `${today.slice(0, 8)}01`,
    to: DAY.test(to) ? to : endOfMonthAfter(today, 2),
    granularity: granularity in granularities ? (granularity as Granularity) : 'month',
  };
}

export function useCashFlowParams(today: string) {
  const [search, setSearch] = useSearchParams();
  const params = readCashFlowParams(search, today);
  const update = (changes: Partial<CashFlowParams>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) next.set(key, value);
      return next;
    });
  return { params, update };
}

const monthNames = [
  'jan',
  'fev',
  'mar',
  'abr',
  'mai',
  'jun',
  'jul',
  'ago',
  'set',
  'out',
  'nov',
  'dez',
] as const;

const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** A period's name: "nov/2026", "23/11–29/11" (a week), "24/11/2026" (a day). */
export function periodLabel(period: { start: string; end: string }, granularity: Granularity) {
  if (granularity === 'month') {
    return `${monthNames[Number(period.start.slice(5, 7)) - 1]}/${period.start.slice(0, 4)}`;
  }
  if (granularity === 'week') return `${dayMonth(period.start)}–${dayMonth(period.end)}`;
  return `${dayMonth(period.start)}/${period.start.slice(0, 4)}`;
}
