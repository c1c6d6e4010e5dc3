import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { cashFlowPeriods, periodError, periodStart, periodsOf } from './cash-flow.rules.js';

describe('periodStart', () => {
  it('starts a week on Monday and a month on its first day', () => {
    // 2025-03-05 is a Wednesday; 2025-03-09 a Sunday; 2025-03-10 a Monday.
    expect(periodStart('2025-03-05', 'week')).toBe('2025-03-03');
    expect(periodStart('2025-03-09', 'week')).toBe('2025-03-03');
    expect(periodStart('2025-03-10', 'week')).toBe('2025-03-10');
    expect(periodStart('2025-01-01', 'week')).toBe('2024-12-30');
    expect(periodStart('2025-03-31', 'month')).toBe('2025-03-01');
    expect(periodStart('2025-03-31', 'day')).toBe('2025-03-31');
  });
});

describe('periodsOf', () => {
  it('clips the first and last week to the bounds', () => {
    expect(periodsOf('2025-03-05', '2025-03-20', 'week')).toEqual([
      { start: '2025-03-05', end: '2025-03-09' },
      { start: '2025-03-10', end: '2025-03-16' },
      { start: '2025-03-17', end: '2025-03-20' },
    ]);
  });

  it('has every month across a year end, clipped', () => {
    expect(periodsOf('2024-11-15', '2025-02-10', 'month')).toEqual([
      { start: '2024-11-15', end: '2024-11-30' },
      { start: '2024-12-01', end: '2024-12-31' },
      { start: '2025-01-01', end: '2025-01-31' },
      { start: '2025-02-01', end: '2025-02-10' },
    ]);
    expect(periodsOf('2024-02-01', '2024-02-29', 'month')).toEqual([
      { start: '2024-02-01', end: '2024-02-29' },
    ]);
  });

  it('has one period per day, and a single day by any granularity', () => {
    expect(periodsOf('2024-02-28', '2024-03-01', 'day').map((p) => p.start)).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(periodsOf('2025-03-05', '2025-03-05', 'month')).toEqual([
      { start: '2025-03-05', end: '2025-03-05' },
    ]);
  });
});

describe('periodError', () => {
  it('answers on `to` for an inverted or too long period', () => {
    expect(periodError('2025-03-05', '2025-03-04', 'month')).toEqual({
      to: messages.finance.periodInverted,
    });
    expect(periodError('2025-01-01', '2027-12-31', 'month')).toBeNull();
    expect(periodError('2025-01-01', '2028-01-01', 'week')).toEqual({
      to: messages.finance.periodTooLong,
    });
    expect(periodError('2024-01-01', '2024-12-31', 'day')).toBeNull(); // 366 days
    expect(periodError('2025-01-01', '2026-01-01', 'day')).toBeNull(); // 366 days
    expect(periodError('2025-01-01', '2026-01-02', 'day')).toEqual({
      to: messages.finance.periodTooLong,
    });
  });
});

describe('cashFlowPeriods', () => {
  it('nets each period and carries the balance, empty periods included', () => {
    const periods = periodsOf('2025-01-01', '2025-03-31', 'month');
    const sums = new Map([
      [
        '2025-01-01',
        { realizedIn: '100.10', realizedOut: '20.05', projectedIn: '0', projectedOut: '0' },
      ],
      [
        '2025-03-01',
        { realizedIn: '0', realizedOut: '0', projectedIn: '0.30', projectedOut: '1000.00' },
      ],
    ]);
    const report = cashFlowPeriods(periods, sums, '-50.00');
    expect(report.periods.map((p) => [p.start, p.net, p.balance])).toEqual([
      ['2025-01-01', '80.05', '30.05'],
      ['2025-02-01', '0.00', '30.05'],
      ['2025-03-01', '-999.70', '-969.65'],
    ]);
    expect(report.totals).toEqual({
      realizedIn: '100.10',
      realizedOut: '20.05',
      projectedIn: '0.30',
      projectedOut: '1000.00',
      net: '-919.65',
      balance: '-969.65',
    });
  });
});
