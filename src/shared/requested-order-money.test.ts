import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoicePart, lineTotal, orderMoney } from './requested-order-money.js';

describe('a sales order line', () => {
  it('is quantity × price less its discount, rounded half-up to the cent', () => {
    expect(lineTotal('3', '49.90', '0.00')).toBe('149.70');
    expect(lineTotal('3', '49.90', '10.00')).toBe('134.73');
    expect(lineTotal('1', '0.05', '50.00')).toBe('0.03');
    expect(lineTotal('2', '10.00', '100.00')).toBe('0.00');
  });
});

describe('a sales order', () => {
  it('spreads its discount and freight over the lines without losing or making a cent', () => {
    const cents = fc.integer({ min: 0, max: 10_000_00 }).map((n) => (n / 100).toFixed(2));
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 5000 }).map(String),
      unitPrice: cents,
      discountPercent: fc.integer({ min: 0, max: 10_000 }).map((n) => (n / 100).toFixed(2)),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 40 }), cents, cents, (lines, d, f) => {
        const money = orderMoney(lines, d, f);
        const sum = (values: string[]) =>
          values.reduce((total, value) => total.plus(value), new Decimal(0)).toFixed(2);
        expect(sum(money.freightShares)).toBe(f);
        expect(sum(money.discountShares)).toBe(d);
        expect(sum(money.lineTotals)).toBe(money.itemsTotal);
        if (money.discountFits) {
          expect(money.total).toBe(new Decimal(money.itemsTotal).minus(d).plus(f).toFixed(2));
          money.discountShares.forEach((share, i) =>
            expect(new Decimal(share).lessThanOrEqualTo(money.lineTotals[i]!)).toBe(true),
          );
        }
      }),
    );
  });
});

describe("a line's part on an invoice", () => {
  it('adds up over partial invoices to the line’s share of the order, to the cent', () => {
    const cents = fc.integer({ min: 0, max: 100_000 }).map((n) => (n / 100).toFixed(2));
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 60 }),
        cents,
        fc.integer({ min: 0, max: 5000 }).map((n) => (n / 100).toFixed(2)),
        cents,
        fc.integer({ min: 0, max: 10_000 }),
        (quantity, unitPrice, discountPercent, freight, split) => {
          const total = lineTotal(String(quantity), unitPrice, discountPercent);
          const lineNet = new Decimal(total).plus(freight).toFixed(2);
          const first = 1 + (split % (quantity - 1));
          const parts = [String(first), String(quantity - first)];
          let previous = { quantity: '0', net: '0.00', freight: '0.00' };
          for (const part of parts) {
            const figures = invoicePart({
              quantity: part,
              unitPrice,
              lineQuantity: String(quantity),
              lineNet,
              lineFreight: freight,
              previous,
            });
            expect(new Decimal(figures.discount).isNegative()).toBe(false);
            expect(
              new Decimal(figures.grossTotal)
                .minus(figures.discount)
                .plus(figures.freight)
                .toFixed(2),
            ).toBe(figures.net);
            previous = {
              quantity: new Decimal(previous.quantity).plus(part).toFixed(),
              net: new Decimal(previous.net).plus(figures.net).toFixed(2),
              freight: new Decimal(previous.freight).plus(figures.freight).toFixed(2),
            };
          }
          expect(previous.net).toBe(lineNet);
        },
      ),
    );
  });
});
