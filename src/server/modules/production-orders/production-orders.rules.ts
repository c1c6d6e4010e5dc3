import { Decimal } from 'decimal.js';

/**
 * The pure calculations of production orders (DOMAIN §6): what a material requires, what a cost
 * line is worth for the order's quantity, what is missing at the source location and what the
 * finished product costs. Decimal strings in, decimal strings out; no floating point.
 */
const D = Decimal.clone({ precision: 64 });

/** Quantities keep 3 places (numeric(15,3)), money 2, unit costs 4. */
const QUANTITY_SCALE = 3;
const MONEY_SCALE = 2;
const COST_SCALE = 4;

/**
 * What the order requires of a material (rounded UP to the unit's decimals), what a cost line
 * is worth for the order's quantity and what is missing of a material: shared with the web, whose
 * form recomputes them live.
 */
export {
  costValueFor as costValue,
  missingQuantity,
  requiredQuantityFor as requiredQuantity,
} from '../../../shared/resources/production-orders.js';

/**
 * The most a completion may produce: the planned quantity plus the company's tolerance (%),
 * rounded DOWN to the product unit's decimals (a quantity must fit the unit, and rounding up
 * would let through more than the tolerance). Never below the planned quantity itself.
 */
export function maximumProduced(
  planned: string,
  tolerancePercent: string,
  unitDecimals: number,
): string {
  const exact = new D(planned).times(new D(tolerancePercent).dividedBy(100).plus(1));
  const places = Math.min(Math.max(unitDecimals, 0), QUANTITY_SCALE);
  return D.max(exact.toDecimalPlaces(places, Decimal.ROUND_DOWN), planned).toFixed(QUANTITY_SCALE);
}

export interface CostBreakdown {
  /** Σ what the materials' OUT movements took from stock, to the cent. */
  materialsCost: string;
  /** Σ the order's cost lines. */
  outlaysCost: string;
  /** materialsCost + outlaysCost. */
  totalCost: string;
  /** totalCost ÷ produced quantity, 4 places (half up): the product's IN movement cost. */
  unitCost: string;
}

/**
 * The actual cost of a completed order: the materials at what their consumption took from stock
 * (the average cost at posting × the quantity, as each OUT movement recorded it) plus the costs,
 * divided by what was produced. The materials' values are summed exactly and rounded to the cent
 * once; the unit cost comes from the total in cents, so produced × unit cost gives the total back
 * to the cent (to within half a ten-thousandth per unit).
 */
export function costBreakdown(
  materialValues: readonly string[],
  costValues: readonly string[],
  producedQuantity: string,
): CostBreakdown {
  const sum = (values: readonly string[]) =>
    values.reduce((total, value) => total.plus(value), new D(0));
  const materials = sum(materialValues).toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_HALF_UP);
  const outlays = sum(costValues).toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_HALF_UP);
  const total = materials.plus(outlays);
  return {
    materialsCost: materials.toFixed(MONEY_SCALE),
    outlaysCost: outlays.toFixed(MONEY_SCALE),
    totalCost: total.toFixed(MONEY_SCALE),
    unitCost: total
      .dividedBy(producedQuantity)
      .toDecimalPlaces(COST_SCALE, Decimal.ROUND_HALF_UP)
      .toFixed(COST_SCALE),
  };
}
