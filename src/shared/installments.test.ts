import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from './allocation.js';
import { splitInstallments } from './installments.js';

const terms = { firstDueInDays: 30, intervalDays: 30, from: '2026-01-31' };

describe('splitInstallments', () => {
  it('splits 100.00 in three, the cent left on the last, due every 30 days', () => {
    expect(splitInstallments({ ...terms, total: '100.00', count: 3 })).toEqual([
      { number: 1, installment: '1/3', dueDate: '2026-03-02', amount: '33.33' },
      { number: 2, installment: '2/3', dueDate: '2026-04-01', amount: '33.33' },
      { number: 3, installment: '3/3', dueDate: '2026-05-01', amount: '33.34' },
    ]);
  });

  it('keeps the count when the total is under a cent per installment', () => {
    expect(splitInstallments({ ...terms, total: '0.01', count: 3 }).map((i) => i.amount)).toEqual([
      '0.00',
      '0.00',
      '0.01',
    ]);
  });

  it('gives one installment the whole total, due after the first days', () => {
    expect(
      splitInstallments({
        total: '1234.5',
        count: 1,
        firstDueInDays: 0,
        intervalDays: 0,
        from: '2026-06-15',
      }),
    ).toEqual([{ number: 1, installment: '1/1', dueDate: '2026-06-15', amount: '1234.50' }]);
  });

  it('puts every cent the rounding leaves on the last installment', () => {
    expect(splitInstallments({ ...terms, total: '1.00', count: 6 }).map((i) => i.amount)).toEqual([
      '0.16',
      '0.16',
      '0.16',
      '0.16',
      '0.16',
      '0.20',
    ]);
  });

  it('refuses terms outside DOMAIN §5', () => {
    const valid = { ...terms, total: '10.00', count: 2 };
    expect(() => splitInstallments({ ...valid, count: 0 })).toThrow(RangeError);
    expect(() => splitInstallments({ ...valid, count: 25 })).toThrow(RangeError);
    expect(() => splitInstallments({ ...valid, count: 1.5 })).toThrow(RangeError);
    expect(() => splitInstallments({ ...valid, total: '-1.00' })).toThrow(RangeError);
    expect(() => splitInstallments({ ...valid, total: '1.001' })).toThrow(RangeError);
    expect(() => splitInstallments({ ...valid, intervalDays: -1 })).toThrow(RangeError);
    expect(() => splitInstallments({ ...valid, from: '2026-02-30' })).toThrow(RangeError);
  });

  it('sums exactly, all but the last equal, due dates intervalDays apart', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: 0, max: 120 }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (cents, count, firstDueInDays, intervalDays, instant) => {
          const from = instant.toISOString().slice(0, 10);
          const total = fromUnits(cents, 2);
          const parts = splitInstallments({ total, count, firstDueInDays, intervalDays, from });
          expect(parts).toHaveLength(count);
          const amounts = parts.map((p) => toUnits(p.amount, 2));
          expect(amounts.reduce((sum, a) => sum + a, 0n)).toBe(cents);
          const first = amounts[0]!;
          expect(amounts.slice(0, -1).every((a) => a === first)).toBe(true);
          // Equal parts rounded down: the last holds fewer than `count` extra cents.
          expect(amounts.at(-1)! - first).toBeGreaterThanOrEqual(0n);
          expect(amounts.at(-1)! - first).toBeLessThan(BigInt(count));
          // No two parts differ by more than the remainder of the division, which the last holds.
          expect(amounts.at(-1)! - first).toBe(cents % BigInt(count));
          parts.forEach((part, i) => {
            expect(part.number).toBe(i + 1);
            expect(part.installment).toBe(`${i + 1}/${count}`);
            const days = (Date.parse(part.dueDate) - Date.parse(from)) / 86_400_000;
            expect(days).toBe(firstDueInDays + i * intervalDays);
          });
        },
      ),
    );
  });
});
