import { Decimal } from 'decimal.js';
import { allocate, fromUnits, toUnits } from '../../../shared/allocation.js';
import type { PurchaseOrderStatus } from '../../../shared/resources/purchase-orders.js';

/**
 * The pure calculations of a purchase order (DOMAIN §5): line totals and the order's total, the
 * landed value of each line (its total with the freight and discount spread by value) and its
 * landed unit cost, the value of a receipt's line, and the status a receipt leaves.
 *
 * Money is handled in cents (bigint) or Decimal, never in floating point.
 */

/** numeric(15,4): unit costs. */
export const COST_SCALE = 4;

const cents = (value: string) => toUnits(value, 2, 'money');

/** quantity × unit price, rounded half up to the cent: "3.000" × "1.3333" → "4.00". */
export function lineTotal(quantity: string, unitPrice: string): string {
  return new Decimal(quantity)
    .times(unitPrice)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);
}

export interface OrderTotals {
  /** Each line's total, in the lines' order. */
  lineTotals: string[];
  /** The lines' totals added up. */
  itemsTotal: string;
  /** itemsTotal + freight − discount. */
  total: string;
}

/** The order's totals from its lines, freight and discount (a discount above the items may go negative: see `discountFits`). */
export function orderTotals(
  lines: readonly { quantity: string; unitPrice: string }[],
  freight: string,
  discount: string,
): OrderTotals {
  const lineTotals = lines.map((line) => lineTotal(line.quantity, line.unitPrice));
  const items = lineTotals.reduce((sum, value) => sum + cents(value), 0n);
  return {
    lineTotals,
    itemsTotal: fromUnits(items, 2),
    total: fromUnits(items + cents(freight) - cents(discount), 2),
  };
}

/**
 * The discount may not exceed the items' total: then no line's landed value goes below zero
 * (each line's share of the discount is at most its own total).
 */
export function discountFits(itemsTotal: string, discount: string): boolean {
  return cents(discount) <= cents(itemsTotal);
}

/**
 * Each line's landed value, in the lines' order: its total plus its share of the freight minus
 * its share of the discount, both spread by the lines' totals (allocation.ts: exact to the cent,
 * the cents left by rounding to the shares that lost most). They add up to the order's total.
 */
export function landedValues(lineTotals: readonly string[], freight: string, discount: string) {
  if (lineTotals.length === 0) return [];
  const freights = allocate(freight, [...lineTotals]);
  const discounts = allocate(discount, [...lineTotals]);
  return lineTotals.map((total, index) =>
    fromUnits(cents(total) + cents(freights[index]!) - cents(discounts[index]!), 2),
  );
}

export interface ReceiptLine {
  /** The line's landed value (landedValues). */
  landed: string;
  /** Ordered and received before this receipt, quantities. */
  ordered: string;
  receivedBefore: string;
  /** The value earlier receipts took of this line. */
  valueBefore: string;
  /** Received now (> 0). */
  quantity: string;
}

/**
 * The value a receipt takes of one line, in cents as a money string: what the line's received
 * quantity is worth after it (the landed value in proportion, half up to the cent) less what
 * earlier receipts took. Each lot's cents follow the exact running share, so lots of 1 m of a line
 * at 12.8718 are worth 12.87, 12.87, 12.88… instead of 12.87 each with the drift left for the
 * last, and the receipt that completes the line takes exactly what is left: the receipts of a
 * fully received line add up to its landed value. Never more than what is left, never below zero.
 */
export function receiptLineValue(line: ReceiptLine): string {
  const landed = cents(line.landed);
  const before = cents(line.valueBefore);
  const left = landed - before;
  const receivedAfter = new Decimal(line.receivedBefore).plus(line.quantity);
  const worthAfter = receivedAfter.greaterThanOrEqualTo(line.ordered)
    ? landed
    : BigInt(
        new Decimal(landed.toString())
          .times(receivedAfter)
          .div(line.ordered)
          .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
          .toFixed(0),
      );
  const value = worthAfter - before;
  return fromUnits(value > left ? left : value < 0n ? 0n : value, 2);
}

/**
 * The landed unit cost of a line: its landed value ÷ the quantity ordered, half up at 4 places.
 * Every lot received of the line enters stock at it, whatever the lot's size (a lot's own value ÷
 * its quantity would carry the lot's rounding to the cent: 12.87 for 1 m of a line at 12.8718),
 * and it becomes the item's last purchase price.
 */
export function landedUnitCost(landed: string, ordered: string): string {
  return new Decimal(landed)
    .div(ordered)
    .toDecimalPlaces(COST_SCALE, Decimal.ROUND_HALF_UP)
    .toFixed(COST_SCALE);
}

/** After a receipt: RECEIVED when every line has all it ordered, else PARTIALLY_RECEIVED. */
export function statusAfterReceipt(
  lines: readonly { quantity: string; receivedQuantity: string }[],
): Extract<PurchaseOrderStatus, 'RECEIVED' | 'PARTIALLY_RECEIVED'> {
  return lines.every((line) =>
    new Decimal(line.receivedQuantity).greaterThanOrEqualTo(line.quantity),
  )
    ? 'RECEIVED'
    : 'PARTIALLY_RECEIVED';
}

/**
 * The installments of a receipt's bills: the order's, but never more than the receipt has cents
 * (a small partial receipt of an order in 12 installments is billed in fewer, each at least a
 * cent, rather than refused).
 */
export function installmentsFor(value: string, installments: number): number {
  const units = cents(value);
  return units < BigInt(installments) ? Math.max(1, Number(units)) : installments;
}

/** A quantity rounded up to the unit's decimals ("Comprar": 2.4 of a unit without decimals → 3). */
export function ceilToUnit(quantity: string, decimals: number): string {
  return new Decimal(quantity).toDecimalPlaces(decimals, Decimal.ROUND_UP).toFixed(3);
}

/** quantity − received, 3 places. */
export function pending(quantity: string, received: string): string {
  return new Decimal(quantity).minus(received).toFixed(3);
}
