import { Decimal } from 'decimal.js';

/**
 * "Em risco" (docs/decisions.md "Orders at risk"): which of the open orders due within the
 * horizon will miss their delivery date, from the facts orders-at-risk.repo.ts reads.
 */

/** One product an order still misses, with what is coming for it in time and the free stock. */
export interface OrderNeed {
  orderId: number;
  /** The order's number: among orders due the same day, the older is served first. */
  number: number;
  deliveryDate: string;
  locationId: number;
  productId: number;
  /** Not invoiced and not reserved, the order's lines of this product added. */
  missing: string;
  /**
   * Coming for the order in time: its linked production orders not late that end by the
   * delivery date, its linked purchase orders' rest expected by then.
   */
  coming: string;
  /** On hand at the order's location less every reservation there (never below zero). */
  free: string;
}

/**
 * The ids of the orders at risk, ascending. Per product and location, the orders' shortfalls
 * (missing − coming) are served from the free stock in delivery order (then by number), each
 * taking what is there, as "Reservar" would reserve it: an order is at risk when the stock left
 * does not meet a product's shortfall in full. A later order never takes stock from an earlier
 * one, so more stock never puts an order at risk.
 */
export function ordersAtRisk(needs: readonly OrderNeed[]): number[] {
  const byStock = new Map<string, OrderNeed[]>();
  for (const need of needs) {
    const key = `${need.productId}:${need.locationId}`;
    const group = byStock.get(key);
    if (group) group.push(need);
    else byStock.set(key, [need]);
  }
  const atRisk = new Set<number>();
  for (const group of byStock.values()) {
    group.sort(
      (a, b) =>
        a.deliveryDate.localeCompare(b.deliveryDate) ||
        a.number - b.number ||
        a.orderId - b.orderId,
    );
    let free = Decimal.max(new Decimal(group[0]!.free), 0);
    for (const need of group) {
      const short = Decimal.max(new Decimal(need.missing).minus(need.coming), 0);
      if (short.isZero()) continue;
      if (short.greaterThan(free)) atRisk.add(need.orderId);
      free = Decimal.max(free.minus(short), 0);
    }
  }
  return [...atRisk].sort((a, b) => a - b);
}
