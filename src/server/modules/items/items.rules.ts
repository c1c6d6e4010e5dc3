import { Decimal } from 'decimal.js';

/**
 * The pure calculations of products (DOMAIN §3): what a bill of materials costs and how many
 * units the stock on hand allows. Decimal strings in, decimal strings out; no floating point.
 * Enough precision that nothing rounds before the end: a quantity (15 digits) times a loss factor
 * times a unit cost (15 digits) needs about 37 digits.
 */
const D = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });

/** Unit costs have 4 places (numeric(15,4)); so do the costs computed here. */
const COST_SCALE = 4;

export interface ComponentQuantity {
  feedstockId: number;
  /** Per one unit of the product, in the feedstock's unit. */
  quantity: string;
  lossPercent: string;
}

export interface CostedComponent extends ComponentQuantity {
  /** The feedstock's current average cost. */
  averageCost: string;
}

export interface CostedOutlay {
  value: string;
  kind: 'PER_UNIT' | 'PER_ORDER';
}

/** What one unit of the product consumes of the feedstock, loss included: q × (1 + loss/100). */
export function grossQuantity(component: Omit<ComponentQuantity, 'feedstockId'>): Decimal {
  return new D(component.quantity).times(new D(component.lossPercent).dividedBy(100).plus(1));
}

/** A line's share of the standard cost, exact (not rounded). */
function exactLineCost(component: CostedComponent): Decimal {
  return grossQuantity(component).times(component.averageCost);
}

/** A line's share of the standard cost, to 4 places (rounded half up). */
export function lineCost(component: CostedComponent): string {
  return exactLineCost(component).toFixed(COST_SCALE);
}

/**
 * The standard cost of one unit: Σ quantity × (1 + loss/100) × average cost of each material,
 * plus the per-unit production costs (a per-order cost, such as setting up a machine, belongs to
 * a production order, not to each unit). Summed exactly, rounded half up to 4 places once.
 */
export function standardCost(components: CostedComponent[], outlays: CostedOutlay[]): string {
  let total = new D(0);
  for (const component of components) total = total.plus(exactLineCost(component));
  for (const outlay of outlays) {
    if (outlay.kind === 'PER_UNIT') total = total.plus(outlay.value);
  }
  return total.toFixed(COST_SCALE);
}

export interface Producible {
  /** Whole units the balances allow. */
  quantity: number;
  /** The materials that stop it there (every one that allows no more than `quantity`). */
  limitedBy: { feedstockId: number; perUnit: string; available: string }[];
}

/**
 * "Pode produzir agora" at one location: for each material, how many whole units its balance
 * covers (balance ÷ what one unit consumes, loss included, rounded down); the product's figure is
 * the smallest, and the materials at that figure limit it. A material on two lines counts once,
 * with both quantities. Null for a product without materials: nothing says how many it allows.
 */
export function producibleAt(
  components: ComponentQuantity[],
  available: ReadonlyMap<number, string>,
): Producible | null {
  const perUnit = new Map<number, Decimal>();
  for (const component of components) {
    const gross = grossQuantity(component);
    perUnit.set(
      component.feedstockId,
      (perUnit.get(component.feedstockId) ?? new D(0)).plus(gross),
    );
  }
  if (perUnit.size === 0) return null;

  const units = [...perUnit].map(([feedstockId, need]) => {
    const onHand = new D(available.get(feedstockId) ?? 0);
    return { feedstockId, need, onHand, units: onHand.dividedToIntegerBy(need) };
  });
  const least = D.min(...units.map((u) => u.units));
  return {
    quantity: least.toNumber(),
    limitedBy: units
      .filter((u) => u.units.equals(least))
      .map((u) => ({
        feedstockId: u.feedstockId,
        perUnit: u.need.toFixed(),
        available: u.onHand.toFixed(3),
      })),
  };
}
