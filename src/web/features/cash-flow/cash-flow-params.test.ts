import { describe, expect, it } from 'vitest';
import type { CashFlow } from '../../../shared/resources/finance-reports.js';
import { chartPoints } from './cash-flow-chart.js';
import { endOfMonthAfter, periodLabel, readCashFlowParams } from './cash-flow-params.js';

describe('the cash flow in the URL', () => {
  it('defaults to this month and the next two, by month', () => {
    expect(readCashFlowParams(new URLSearchParams(), '2026-11-24')).toEqual({
      from: '2026-11-01',
      to: '2027-01-31',
      granularity: 'month',
    });
  });

  it('keeps what the URL says and drops what is no date or granularity', () => {
    const search = new URLSearchParams('from=2026-01-10&to=abc&granularity=week');
    expect(readCashFlowParams(search, '2026-02-05')).toEqual({
      from: '2026-01-10',
      to: '2026-04-30',
      granularity: 'week',
    });
    const bad = new URLSearchParams('granularity=year');
    expect(readCashFlowParams(bad, '2026-02-05').granularity).toBe('month');
  });

  it('finds the last day of a month ahead, February and leap years included', () => {
    expect(endOfMonthAfter('2026-12-31', 2)).toBe('2027-02-28');
    expect(endOfMonthAfter('2027-12-01', 2)).toBe('2028-02-29');
    expect(endOfMonthAfter('2026-01-31', 0)).toBe('2026-01-31');
  });

  it('names a period by month, week or day', () => {
    const week = { start: '2026-11-23', end: '2026-11-29' };
    expect(periodLabel(week, 'month')).toBe('nov/2026');
    expect(periodLabel(week, 'week')).toBe('23/11–29/11');
    expect(periodLabel(week, 'day')).toBe('23/11/2026');
  });
});

describe('the cash flow chart', () => {
  const period = (start: string, end: string, balance: string) => ({
    start,
    end,
    realizedIn: '10.00',
    realizedOut: '0.00',
    projectedIn: '0.00',
    projectedOut: '5.50',
    net: '4.50',
    balance,
  });
  const report: CashFlow = {
    from: '2026-10-01',
    to: '2026-12-31',
    granularity: 'month',
    today: '2026-11-24',
    openingBalance: '100.00',
    periods: [
      period('2026-10-01', '2026-10-31', '104.50'),
      period('2026-11-01', '2026-11-30', '109.00'),
      period('2026-12-01', '2026-12-31', '113.50'),
    ],
    totals: {
      realizedIn: '30.00',
      realizedOut: '0.00',
      projectedIn: '0.00',
      projectedOut: '16.50',
      net: '13.50',
      balance: '113.50',
    },
  };

  it('draws the balance solid up to the period of today and dashed from it on, meeting there', () => {
    const points = chartPoints(report);
    expect(points.map((point) => point.realizedBalance)).toEqual([104.5, 109, null]);
    expect(points.map((point) => point.projectedBalance)).toEqual([null, 109, 113.5]);
    expect(points.map((point) => point.label)).toEqual(['out/2026', 'nov/2026', 'dez/2026']);
  });
});
