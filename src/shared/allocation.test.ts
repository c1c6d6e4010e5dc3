import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, fromUnits, toUnits } from './allocation.js';

describe('allocate', () => {
  it('puts the cent left by an equal split on the last share', () => {
    expect(allocate('100.00', ['1', '1', '1'])).toEqual(['33.33', '33.33', '33.34']);
    expect(allocate('-100.00', ['1', '1', '1'])).toEqual(['-33.33', '-33.33', '-33.34']);
  });

  it('spreads by value, in proportion', () => {
    expect(allocate('10.00', ['150.00', '50.00'])).toEqual(['7.50', '2.50']);
    expect(allocate('1', ['1', '2'], 4)).toEqual(['0.3333', '0.6667']);
    expect(allocate('7', ['0.5', '0.25', '0.25'], 0)).toEqual(['3', '2', '2']);
  });

  it('keeps every share within a cent of its proportion when several cents are left', () => {
    // Rounding each share (0.17) and letting the last absorb the rest would leave it at 0.15.
    expect(allocate('1.00', ['1', '1', '1', '1', '1', '1'])).toEqual([
      '0.16',
      '0.16',
      '0.17',
      '0.17',
      '0.17',
      '0.17',
    ]);
  });

  it('gives nothing to zero weights and splits equally when every weight is zero', () => {
    expect(allocate('0.01', ['0', '5', '0', '5'])).toEqual(['0.00', '0.00', '0.00', '0.01']);
    expect(allocate('10.00', ['0', '0', '0'])).toEqual(['3.33', '3.33', '3.34']);
    expect(allocate('0.00', ['3', '1'])).toEqual(['0.00', '0.00']);
  });

  it('refuses what cannot be split exactly', () => {
    expect(() => allocate('1.00', [])).toThrow(RangeError);
    expect(() => allocate('1.00', ['1', '-1'])).toThrow(RangeError);
    expect(() => allocate('1.005', ['1'])).toThrow(RangeError);
    expect(() => allocate('abc', ['1'])).toThrow(RangeError);
  });

  it('converts between decimal strings and whole units exactly', () => {
    expect(toUnits('1.234,56', 2)).toBe(123456n);
    expect(toUnits('-0.5', 3)).toBe(-500n);
    expect(fromUnits(-5n, 2)).toBe('-0.05');
    expect(fromUnits(0n, 4)).toBe('0.0000');
    expect(fromUnits(42n, 0)).toBe('42');
  });

  const weightArb = fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.constantFrom(0, 1, 2, 3))
    .map(([units, places]) => fromUnits(units, places));

  it('sums exactly to the amount, each share within one unit of its exact proportion', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }),
        fc.constantFrom(0, 2, 3, 4),
        fc.array(fc.oneof(weightArb, fc.constant('0')), { minLength: 1, maxLength: 30 }),
        (amountUnits, scale, weights) => {
          const amount = fromUnits(amountUnits, scale);
          const shares = allocate(amount, weights, scale).map((s) => toUnits(s, scale));
          expect(shares).toHaveLength(weights.length);
          expect(shares.reduce((sum, s) => sum + s, 0n)).toBe(amountUnits);

          // Exact proportion of share i: amount × w_i / W; "within one unit" without dividing:
          // |share × W − amount × w_i| < W.
          const allZero = weights.every((w) => toUnits(w, 3) === 0n);
          const w = weights.map((weight) => (allZero ? 1n : toUnits(weight, 3)));
          const total = w.reduce((sum, x) => sum + x, 0n);
          shares.forEach((share, i) => {
            const gap = share * total - amountUnits * w[i]!;
            expect(gap < 0n ? -gap : gap).toBeLessThan(total);
            if (w[i] === 0n) expect(share).toBe(0n);
          });
          // A negative amount is the mirror of the positive one.
          expect(allocate(fromUnits(-amountUnits, scale), weights, scale)).toEqual(
            shares.map((s) => fromUnits(-s, scale)),
          );
        },
      ),
    );
  });
});
