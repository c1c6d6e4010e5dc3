import { parseDecimal } from './money.js';

/**
 * Exact splitting of decimal strings. Values are turned into whole units of their scale (cents for
 * money) as bigint, so no division ever rounds: every share is a whole number of units and the
 * shares add up to the amount exactly.
 */

/** "12.34" at scale 2 → 1234n; throws when the value is not a decimal or has more places. */
export function toUnits(value: string, scale: number, what = 'value'): bigint {
  const parsed = parseDecimal(value);
  if (!parsed) throw new RangeError(`${what} is not a decimal: ${value}`);
  if (parsed.decimalPlaces() > scale) {
    throw new RangeError(`${what} has more than ${scale} decimal places: ${value}`);
  }
  return BigInt(parsed.toFixed(scale).replace('.', ''));
}

/** 1234n at scale 2 → "12.34"; -5n → "-0.05". */
export function fromUnits(units: bigint, scale: number): string {
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const sign = units < 0n ? '-' : '';
  if (scale === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/**
 * Spreads `amount` over `weights` in proportion (freight and discount over a purchase order's lines
 * by value, DOMAIN §5), each share a decimal string with `scale` places, summing exactly to the
 * amount. Every share is its exact proportion rounded down to the scale; the units left over by
 * rounding go one each to the shares that lost most, and among equal losses to the later ones, so
 * with equal weights the cents go to the last ("100.00" over three: 33.33, 33.33, 33.34). Unlike
 * rounding each share and letting the last absorb the difference, no share is ever a whole unit
 * or more away from its exact proportion. A zero weight gets exactly zero; when every weight is
 * zero the amount is split equally. A negative amount gives the mirror of the positive one.
 */
export function allocate(amount: string, weights: string[], scale = 2): string[] {
  if (weights.length === 0) throw new RangeError('allocate needs at least one weight');
  const total = toUnits(amount, scale, 'amount');
  const parsedWeights = weights.map((weight) => {
    const parsed = parseDecimal(weight);
    if (!parsed || parsed.isNegative()) throw new RangeError(`weight must be ≥ 0: ${weight}`);
    return parsed;
  });
  // Weights become integers at their largest number of places; their ratios are what matter.
  const weightScale = Math.max(...parsedWeights.map((w) => w.decimalPlaces()));
  let units = parsedWeights.map((w) => BigInt(w.toFixed(weightScale).replace('.', '')));
  if (units.every((w) => w === 0n)) units = units.map(() => 1n);
  const weightSum = units.reduce((sum, w) => sum + w, 0n);

  const magnitude = total < 0n ? -total : total;
  const shares = units.map((w) => {
    const product = magnitude * w;
    return { share: product / weightSum, lost: product % weightSum };
  });
  let left = magnitude - shares.reduce((sum, s) => sum + s.share, 0n);
  const byLoss = shares
    .map((s, index) => ({ ...s, index }))
    .sort((a, b) => (a.lost === b.lost ? b.index - a.index : a.lost > b.lost ? -1 : 1));
  // `left` is less than the number of shares that lost something, so zero weights never get a unit.
  for (const { index } of byLoss) {
    if (left === 0n) break;
    shares[index]!.share += 1n;
    left -= 1n;
  }
  return shares.map((s) => fromUnits(total < 0n ? -s.share : s.share, scale));
}
