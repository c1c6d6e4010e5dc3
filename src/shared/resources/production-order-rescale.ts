import { Decimal } from 'decimal.js';
import { requiredQuantityFor } from './production-orders.js';

/**
 * A planned order's lines when its quantity changes (issue 16 §1): every material's required
 * quantity and every per-unit cost follow the new quantity; a per-order cost stays. One rule for
 * the server, which rescales what a save leaves as it was, and for the form, which shows the new
 * figures as the quantity is typed. Always from the line as saved and the quantity it was saved
 * for, never from an intermediate figure, so typing 1, 15, 150 gives what 150 gives.
 */
const D = Decimal.clone({ precision: 64 });

/** A material line as the order saved it. */
export interface SavedMaterial {
  requiredQuantity: string;
  /** From the bill of materials; null for a line added by hand. */
  quantityPerUnit: string | null;
  lossPercent: string | null;
  unitDecimals: number;
}

/** A cost line as the order saved it. */
export interface SavedCost {
  value: string;
  outlayKind: 'PER_UNIT' | 'PER_ORDER';
}

/** Two decimal strings of the same number ("8.25" and "8.250"). */
export const sameDecimal = (a: string, b: string) => new D(a).equals(b);

/**
 * What a material requires for `to` units when it required `line.requiredQuantity` for `from`.
 * A line of the bill of materials still at what the bill gives is recomputed by the creation's
 * rule (to × per unit × (1 + loss), rounded up to the unit's decimals), so 170 → 150 → 170 comes
 * back to the same figure; a line added or changed by hand keeps its proportion (required × to ÷
 * from), rounded up to the unit's decimals as well: a partial unit is still consumed.
 */
export function rescaledRequired(line: SavedMaterial, from: string, to: string): string {
  const places = Math.min(Math.max(line.unitDecimals, 0), 3);
  if (sameDecimal(from, to)) return new D(line.requiredQuantity).toFixed(3);
  const { quantityPerUnit: perUnit, lossPercent: loss } = line;
  if (
    perUnit !== null &&
    loss !== null &&
    sameDecimal(line.requiredQuantity, requiredQuantityFor(from, perUnit, loss, places))
  ) {
    return requiredQuantityFor(to, perUnit, loss, places);
  }
  return new D(line.requiredQuantity)
    .times(to)
    .dividedBy(from)
    .toDecimalPlaces(places, Decimal.ROUND_UP)
    .toFixed(3);
}

/**
 * What a cost is worth for `to` units when it was `line.value` for `from`: a per-unit cost in
 * proportion, to the cent (half up, as the creation's rule); a per-order cost (setting up a
 * machine) does not depend on the quantity.
 */
export function rescaledCost(line: SavedCost, from: string, to: string): string {
  if (line.outlayKind === 'PER_ORDER' || sameDecimal(from, to)) {
    return new D(line.value).toFixed(2);
  }
  return new D(line.value)
    .times(to)
    .dividedBy(from)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);
}
