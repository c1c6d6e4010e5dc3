import { Decimal } from 'decimal.js';
import { requiredQuantityFor } from '../../../shared/resources/production-orders.js';

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

/** A bill of materials' line, as `producibleQuantity` reads it. */
export interface CapacityComponent {
  feedstockId: number;
  /** Per unit of the product, in the feedstock's unit. */
  quantity: string;
  lossPercent: string;
  /** The feedstock unit's decimals. */
  unitDecimals: number;
}

/**
 * "Pode produzir": the most of the product a production order could be started for with what is
 * available of its materials (feedstock id → available; below zero counts as none), in steps of
 * the product unit's decimals. It is the largest quantity whose every material's requirement —
 * `requiredQuantity`, the rule a new order copies its bill of materials with (loss included,
 * rounded up to the feedstock's unit), summed over the lines of one feedstock — fits in what is
 * available. That rule decides: available ÷ (quantity × (1 + loss)), the need before its rounding
 * up, only bounds the answer from above and is usually it; when a rounding up makes it too much,
 * a bisection below it on the rule itself finds the answer. Null for a product without materials.
 */
export function producibleQuantity(
  components: readonly CapacityComponent[],
  available: ReadonlyMap<number, string>,
  productDecimals: number,
): string | null {
  if (components.length === 0) return null;
  const step = new D(10).pow(-Math.min(Math.max(productDecimals, 0), QUANTITY_SCALE));
  const free = new Map<number, Decimal>();
  const perUnit = new Map<number, Decimal>();
  for (const line of components) {
    free.set(line.feedstockId, D.max(new D(available.get(line.feedstockId) ?? 0), 0));
    const gross = new D(line.quantity).times(new D(line.lossPercent).dividedBy(100).plus(1));
    perUnit.set(line.feedstockId, (perUnit.get(line.feedstockId) ?? new D(0)).plus(gross));
  }
  /** Whether `steps` × step of the product fits what is available, by the requirement rule. */
  const fits = (steps: Decimal) => {
    const quantity = steps.times(step).toFixed();
    const needed = new Map<number, Decimal>();
    for (const line of components) {
      const required = requiredQuantityFor(
        quantity,
        line.quantity,
        line.lossPercent,
        line.unitDecimals,
      );
      needed.set(line.feedstockId, (needed.get(line.feedstockId) ?? new D(0)).plus(required));
    }
    return [...needed].every(([feedstockId, need]) => need.lte(free.get(feedstockId)!));
  };
  let high = D.min(
    ...[...perUnit].map(([feedstockId, need]) =>
      free.get(feedstockId)!.dividedBy(need).dividedToIntegerBy(step),
    ),
  );
  if (!fits(high)) {
    let low = new D(0);
    high = high.minus(1);
    while (low.lt(high)) {
      const middle = low.plus(high).plus(1).dividedToIntegerBy(2);
      if (fits(middle)) low = middle;
      else high = middle.minus(1);
    }
  }
  return high.times(step).toFixed(QUANTITY_SCALE);
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
