import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { abbreviateBRL } from './abbreviate-brl.js';
import { fromUnits } from './allocation.js';
import { parseDecimal } from './money.js';

const steps: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

/** The value an abbreviation stands for: "-R$ 1,5 B" → -1500000000. */
function valueOf(text: string): number {
  const match = /^(-?)R\$ ([\d.]+(?:,\d+)?)(?: ([KMBT]))?$/.exec(text);
  if (!match) throw new Error(`not an abbreviation: ${text}`);
  const number = parseDecimal(match[2]!.replace(/\./g, '').replace(',', '.'))!.toNumber();
  return (match[1] ? -1 : 1) * number * (match[3] ? steps[match[3]]! : 1);
}

describe('abbreviateBRL', () => {
  it('abbreviates in steps of 1000 with one decimal, exact below R$ 1.000', () => {
    expect(abbreviateBRL('0')).toBe('R$ 0,00');
    expect(abbreviateBRL('950')).toBe('R$ 950,00');
    expect(abbreviateBRL('999.99')).toBe('R$ 999,99');
    expect(abbreviateBRL('1000')).toBe('R$ 1 K');
    expect(abbreviateBRL('12345.67')).toBe('R$ 12,3 K');
    expect(abbreviateBRL(2500)).toBe('R$ 2,5 K');
    expect(abbreviateBRL('1234567')).toBe('R$ 1,2 M');
    expect(abbreviateBRL('-1500000000')).toBe('-R$ 1,5 B');
    expect(abbreviateBRL('-999.50')).toBe('-R$ 999,50');
    expect(abbreviateBRL('9999999999999.99')).toBe('R$ 10 T');
    expect(abbreviateBRL(null)).toBe('');
    expect(abbreviateBRL('abc')).toBe('');
  });

  it('rounds half up and moves to the next step instead of showing 1000', () => {
    expect(abbreviateBRL('1250')).toBe('R$ 1,3 K');
    expect(abbreviateBRL('1249.99')).toBe('R$ 1,2 K');
    expect(abbreviateBRL('999949.99')).toBe('R$ 999,9 K');
    expect(abbreviateBRL('999950')).toBe('R$ 1 M');
    expect(abbreviateBRL('950000')).toBe('R$ 950 K');
  });

  const cents = fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n });

  it('never loses the sign and stays within half a last digit of the value', () => {
    fc.assert(
      fc.property(cents, (units) => {
        const value = fromUnits(units, 2);
        const text = abbreviateBRL(value);
        expect(text.startsWith('-')).toBe(units < 0n);
        const exact = Number(value);
        const magnitude = Math.abs(exact);
        const step =
          magnitude < 1000 ? 0.01 : 10 ** (3 * Math.floor(Math.log10(magnitude) / 3)) / 10;
        // Half of the last digit shown, promoted one step at most (999,95 K → 1 M).
        expect(Math.abs(valueOf(text) - exact)).toBeLessThanOrEqual(step * 0.5 + 1e-6 * magnitude);
      }),
    );
  });

  it('is monotonic in magnitude', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        const [low, high] = [a < 0n ? -a : a, b < 0n ? -b : b].sort((x, y) => (x < y ? -1 : 1));
        const textLow = abbreviateBRL(fromUnits(low!, 2));
        const textHigh = abbreviateBRL(fromUnits(high!, 2));
        expect(valueOf(textLow)).toBeLessThanOrEqual(valueOf(textHigh));
        // Bands: exact below 1000, then K, M, B, T in that order.
        const band = (text: string) => ' KMBT'.indexOf(text.match(/ ([KMBT])$/)?.[1] ?? ' ');
        expect(band(textLow)).toBeLessThanOrEqual(band(textHigh));
      }),
    );
  });
});
