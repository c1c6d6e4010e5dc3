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

export interface InvoicePartInput {
  /** What this invoice takes of the line, at the line's unit price. */
  quantity: string;
  unitPrice: string;
  /** The line's own figures: its quantity, net (lineTotal − its order discount + its freight). */
  lineQuantity: string;
  lineNet: string;
  lineFreight: string;
  /** What the line's earlier (issued) invoices took. */
  previous: { quantity: string; net: string; freight: string };
}

/**
 * A line's part on one invoice (issue 19): vProd = quantity × unit price; a partial invoice takes
 * the line's net and freight in proportion to the quantity, the invoice that completes the line
 * takes what is left of them, so the line's invoices add up to its share of the order's total to
 * the cent. vDesc is what makes vProd + vFrete come to the net (its own discount and its share of
 * the order's); a cent that rounding would make a negative discount goes to the freight instead.
 */
export function invoicePart(input: InvoicePartInput) {
  const cents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const gross = cents(new Decimal(input.quantity).times(input.unitPrice));
  const completes = new Decimal(input.previous.quantity)
    .plus(input.quantity)
    .greaterThanOrEqualTo(input.lineQuantity);
  const ratio = new Decimal(input.quantity).dividedBy(input.lineQuantity);
  const net = completes
    ? new Decimal(input.lineNet).minus(input.previous.net)
    : cents(new Decimal(input.lineNet).times(ratio));
  let freight = completes
    ? new Decimal(input.lineFreight).minus(input.previous.freight)
    : cents(new Decimal(input.lineFreight).times(ratio));
  let discount = gross.plus(freight).minus(net);
  if (discount.isNegative()) {
    freight = net.minus(gross);
    discount = new Decimal(0);
  }
  return {
    grossTotal: gross.toFixed(2),
    discount: discount.toFixed(2),
    freight: Decimal.max(0, freight).toFixed(2),
    net: net.toFixed(2),
  };
}
