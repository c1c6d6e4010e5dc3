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
 * What the order requires of a material: quantity × per unit × (1 + loss/100), rounded UP to the
 * decimals of the feedstock's unit (0–3): a unit that counts whole pieces needs a whole piece even
 * for half a piece of loss, and rounding down would start a production short of material.
 */
export function requiredQuantity(
  orderQuantity: string,
  perUnit: string,
  lossPercent: string,
  unitDecimals: number,
): string {
  const exact = new D(orderQuantity)
    .times(perUnit)
    .times(new D(lossPercent).dividedBy(100).plus(1));
  return exact
    .toDecimalPlaces(Math.min(unitDecimals, QUANTITY_SCALE), Decimal.ROUND_UP)
    .toFixed(QUANTITY_SCALE);
}

/**
 * A production cost for the order: a PER_UNIT outlay's value × the order's quantity, a PER_ORDER
 * one (setting up a machine) once; to the cent, rounded half up.
 */
export function costValue(
  value: string,
  kind: 'PER_UNIT' | 'PER_ORDER',
  orderQuantity: string,
): string {
  const total = kind === 'PER_UNIT' ? new D(value).times(orderQuantity) : new D(value);
  return total.toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_HALF_UP).toFixed(MONEY_SCALE);
}

/** What is missing of a material: required − available, never below zero. */
export function missingQuantity(required: string, available: string): string {
  return D.max(new D(required).minus(available), 0).toFixed(QUANTITY_SCALE);
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
