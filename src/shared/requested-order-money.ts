import { Decimal } from 'decimal.js';
import { allocate } from './allocation.js';

/**
 * A sales order's money (DOMAIN §7): a line is round(quantity × unit price × (1 − discount/100),
 * 2) half-up; the order's discount and freight are spread over the lines by their totals with the
 * cents to the largest remainders, so the shares add up exactly; total = Σ lines − discount +
 * freight. The server saves by it and the order form shows its totals live by it.
 */
export function lineTotal(quantity: string, unitPrice: string, discountPercent: string): string {
  return new Decimal(quantity)
    .times(unitPrice)
    .times(new Decimal(100).minus(discountPercent))
    .dividedBy(100)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);
}

export interface OrderLineMoney {
  quantity: string;
  unitPrice: string;
  discountPercent: string;
}

export function orderMoney(lines: readonly OrderLineMoney[], discount: string, freight: string) {
  const totals = lines.map((line) =>
    lineTotal(line.quantity, line.unitPrice, line.discountPercent),
  );
  const itemsTotal = totals.reduce((sum, total) => sum.plus(total), new Decimal(0));
  const spread = (amount: string) => (totals.length ? allocate(amount, totals) : []);
  return {
    lineTotals: totals,
    discountShares: spread(discount),
    freightShares: spread(freight),
    itemsTotal: itemsTotal.toFixed(2),
    total: Decimal.max(0, itemsTotal.minus(discount).plus(freight)).toFixed(2),
    discountFits: new Decimal(discount).lessThanOrEqualTo(itemsTotal),
  };
}
