import { describe, expect, it } from 'vitest';
import { signedBRL } from './statement-columns.js';
import { endOfMonth, startOfMonth, statementPeriod } from './statement-period.js';

describe('the statement period', () => {
  it('is the current month when the URL has no bounds', () => {
    const params = { page: 1, pageSize: 20, sort: 'date', q: '', filters: {} };
    expect(statementPeriod(params, '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('keeps the bounds the URL has', () => {
    const params = { page: 1, pageSize: 20, sort: 'date', q: '', filters: { from: '2026-01-05' } };
    expect(statementPeriod(params, '2026-03-10')).toEqual({ from: '2026-01-05', to: '2026-03-31' });
  });

  it('finds a month’s first and last day', () => {
    expect(startOfMonth('2026-12-31')).toBe('2026-12-01');
    expect(endOfMonth('2026-12-01')).toBe('2026-12-31');
    expect(endOfMonth('2026-02-15')).toBe('2026-02-28');
  });
});

describe('an entry’s amount', () => {
  it('carries its sign: a credit with +, a debit with −, zero without', () => {
    expect(signedBRL('1234.5')).toBe('+R$ 1.234,50');
    expect(signedBRL('-150.50')).toBe('-R$ 150,50');
    expect(signedBRL('0.00')).toBe('R$ 0,00');
  });
});
