import { describe, expect, it } from 'vitest';
import { settleAccountOf } from './settle-account.js';

describe('the account a payment starts with', () => {
  const one = { total: 1, items: [{ id: 7 }] };
  const two = { total: 2, items: [{ id: 7 }, { id: 8 }] };

  it('is the bill’s own account when it names one', () => {
    expect(settleAccountOf(8, one)).toBe(8);
    expect(settleAccountOf(8, two)).toBe(8);
    expect(settleAccountOf(8, undefined)).toBe(8);
  });

  it('is the only active account when the bill names none', () => {
    expect(settleAccountOf(null, one)).toBe(7);
  });

  it('is left to the clerk among two or more, none, or while the list is loading', () => {
    expect(settleAccountOf(null, two)).toBeUndefined();
    expect(settleAccountOf(null, { total: 0, items: [] })).toBeUndefined();
    expect(settleAccountOf(null, undefined)).toBeUndefined();
  });
});
