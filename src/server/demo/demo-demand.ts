import { FEEDSTOCKS, PRODUCTS, type DemoProduct } from './demo-catalog.js';

/**
 * What the demo's clients buy in a week, and so what production uses and purchasing buys: the
 * one forecast the year plans from and the setup takes its minimum stocks from.
 */
export const LINE_QUANTITIES = [6, 12, 12, 18, 24, 24, 36];
const AVERAGE_LINES = 2.5;
/** One order's line can ask for this many of a product whose week sells fewer. */
export const MAX_LINE = Math.max(...LINE_QUANTITIES);
const AVERAGE_QUANTITY = LINE_QUANTITIES.reduce((a, b) => a + b) / LINE_QUANTITIES.length;

/** A bill of materials' loss on fabric (the setup's lossPercent): production takes that more. */
export const lossOf = (code: string) => (code.startsWith('TEC') ? 1.03 : 1);

export interface Demand {
  /** Pieces of the product the clients order in a week. */
  weeklyDemand: (product: DemoProduct) => number;
  /** What a week uses of a feedstock (production) or of a resold product (sales), by code. */
  weeklyUse: ReadonlyMap<string, number>;
  /** A product's unit cost: bought in, or its materials and sewing. */
  costOf: (product: DemoProduct) => number;
}

export function demandFor(ordersPerDay: number): Demand {
  const weeklyPieces = 5 * ordersPerDay * AVERAGE_LINES * AVERAGE_QUANTITY;
  const totalWeight = PRODUCTS.reduce((sum, p) => sum + p.weekly, 0);
  const weeklyDemand = (product: DemoProduct) => (weeklyPieces * product.weekly) / totalWeight;
  const weeklyUse = new Map<string, number>();
  for (const product of PRODUCTS) {
    for (const [code, quantity] of product.components ?? []) {
      weeklyUse.set(
        code,
        (weeklyUse.get(code) ?? 0) + weeklyDemand(product) * quantity * lossOf(code),
      );
    }
    if (product.resale) weeklyUse.set(product.code, weeklyDemand(product));
  }
  const costOf = (product: DemoProduct) =>
    product.resale?.cost ??
    (product.components ?? []).reduce(
      (sum, [code, quantity]) => sum + FEEDSTOCKS.find((f) => f.code === code)!.cost * quantity,
      product.sewing ?? 0,
    );
  return { weeklyDemand, weeklyUse, costOf };
}

/** Quantities of KG/M/L to one decimal place, of UN whole. */
export const quantityIn = (unit: string, value: number) =>
  unit === 'UN'
    ? String(Math.max(1, Math.ceil(value)))
    : Math.max(0.1, Math.ceil(value * 10) / 10).toFixed(1);
