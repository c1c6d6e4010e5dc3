import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from '../../../shared/allocation.js';
import {
  ceilToUnit,
  discountFits,
  landedValues,
  lineTotal,
  orderTotals,
  landedUnitCost,
  receiptLineValue,
  installmentsFor,
  statusAfterReceipt,
} from './purchase-orders.rules.js';

const sum = (values: string[]) =>
  fromUnits(
    values.reduce((s, v) => s + toUnits(v, 2), 0n),
    2,
  );

describe('line and order totals', () => {
  it('rounds quantity × unit price half up to the cent', () => {
    expect(lineTotal('3.000', '1.3333')).toBe('4.00');
    expect(lineTotal('1.000', '0.0050')).toBe('0.01');
    expect(lineTotal('1.000', '0.0049')).toBe('0.00');
    expect(lineTotal('2.500', '10.0000')).toBe('25.00');
  });

  it('adds the lines, the freight and takes the discount', () => {
    expect(
      orderTotals(
        [
          { quantity: '10', unitPrice: '2.5' },
          { quantity: '3', unitPrice: '1.3333' },
        ],
        '15.00',
        '4.00',
      ),
    ).toEqual({ lineTotals: ['25.00', '4.00'], itemsTotal: '29.00', total: '40.00' });
    expect(orderTotals([], '0.00', '0.00')).toEqual({
      lineTotals: [],
      itemsTotal: '0.00',
      total: '0.00',
    });
  });

  it('lets the discount go up to the items, not beyond', () => {
    expect(discountFits('29.00', '29.00')).toBe(true);
    expect(discountFits('29.00', '29.01')).toBe(false);
  });
});

describe('landed values', () => {
  it('spreads freight and discount by value, exact to the cent', () => {
    // 100 + 200 + 700 = 1000; freight 10.00 → 1, 2, 7; discount 1.00 → 0.10, 0.20, 0.70.
    expect(landedValues(['100.00', '200.00', '700.00'], '10.00', '1.00')).toEqual([
      '100.90',
      '201.80',
      '706.30',
    ]);
    // Thirds: the cent left by rounding goes to the later share.
    expect(landedValues(['1.00', '1.00', '1.00'], '1.00', '0.00')).toEqual([
      '1.33',
      '1.33',
      '1.34',
    ]);
  });

  it('always adds up to the order total and never goes below zero (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 9n }), { minLength: 1, maxLength: 12 }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lineCents, freightCents, discountShare) => {
          const lineTotals = lineCents.map((c) => fromUnits(c, 2));
          const items = lineCents.reduce((s, c) => s + c, 0n);
          const discountCents = BigInt(Math.floor(Number(items) * discountShare));
          const freight = fromUnits(freightCents, 2);
          const discount = fromUnits(discountCents > items ? items : discountCents, 2);
          const landed = landedValues(lineTotals, freight, discount);
          expect(toUnits(sum(landed), 2)).toBe(items + freightCents - toUnits(discount, 2));
          for (const value of landed) expect(toUnits(value, 2) >= 0n).toBe(true);
        },
      ),
    );
  });
});

describe('receipt values', () => {
  it('takes what the received quantity is worth after it less what was taken, the last what is left', () => {
    const line = { landed: '100.00', ordered: '3.000', valueBefore: '0.00' };
    const first = receiptLineValue({ ...line, receivedBefore: '0', quantity: '1' });
    expect(first).toBe('33.33');
    const second = receiptLineValue({
      ...line,
      receivedBefore: '1',
      valueBefore: first,
      quantity: '1',
    });
    // 2 of 3 are worth 66.67: the second lot takes 33.34, not another 33.33.
    expect(second).toBe('33.34');
    const last = receiptLineValue({
      ...line,
      receivedBefore: '2',
      valueBefore: sum([first, second]),
      quantity: '1',
    });
    expect(last).toBe('33.33');
  });

  it('lots of 1 m of a line at 12.8718 follow the running share: 12.87, 12.87, 12.88', () => {
    const line = { landed: '643.59', ordered: '50.000' };
    const values: string[] = [];
    for (let lot = 0; lot < 3; lot++) {
      values.push(
        receiptLineValue({
          ...line,
          receivedBefore: String(lot),
          valueBefore: values.length ? sum(values) : '0.00',
          quantity: '1',
        }),
      );
    }
    expect(values).toEqual(['12.87', '12.87', '12.88']);
  });

  it('receipts of a fully received line add up to its landed value (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 8 }),
        (landedCents, parts) => {
          const landed = fromUnits(landedCents, 2);
          const ordered = parts.reduce((s, p) => s + p, 0);
          let received = 0;
          const values: string[] = [];
          for (const part of parts) {
            const value = receiptLineValue({
              landed,
              ordered: fromUnits(BigInt(ordered), 3),
              receivedBefore: fromUnits(BigInt(received), 3),
              valueBefore: values.length ? sum(values) : '0.00',
              quantity: fromUnits(BigInt(part), 3),
            });
            expect(toUnits(value, 2) >= 0n).toBe(true);
            values.push(value);
            received += part;
            // What the lots took so far is their exact share, to within half a cent.
            const exact = (Number(landedCents) * received) / ordered;
            expect(Math.abs(Number(toUnits(sum(values), 2)) - exact)).toBeLessThanOrEqual(0.5001);
          }
          expect(sum(values)).toBe(landed);
        },
      ),
    );
  });

  it("gives the line's landed unit cost at 4 places, half up", () => {
    expect(landedUnitCost('100.00', '3.000')).toBe('33.3333');
    expect(landedUnitCost('2.00', '3.000')).toBe('0.6667');
    expect(landedUnitCost('643.59', '50.000')).toBe('12.8718');
    expect(landedUnitCost('0.00', '1.000')).toBe('0.0000');
  });
});

describe('status after a receipt', () => {
  it('is RECEIVED when every line has arrived, PARTIALLY_RECEIVED otherwise', () => {
    expect(
      statusAfterReceipt([
        { quantity: '2.000', receivedQuantity: '2.000' },
        { quantity: '1.000', receivedQuantity: '1' },
      ]),
    ).toBe('RECEIVED');
    expect(
      statusAfterReceipt([
        { quantity: '2.000', receivedQuantity: '2.000' },
        { quantity: '1.000', receivedQuantity: '0.999' },
      ]),
    ).toBe('PARTIALLY_RECEIVED');
  });
});

describe('quantities of a draft', () => {
  it("rounds up to the unit's decimals", () => {
    expect(ceilToUnit('2.400', 0)).toBe('3.000');
    expect(ceilToUnit('2.000', 0)).toBe('2.000');
    expect(ceilToUnit('1.2341', 3)).toBe('1.235');
  });
});

describe('installments of a receipt', () => {
  it("keeps the order's installments unless the value has fewer cents", () => {
    expect(installmentsFor('100.00', 3)).toBe(3);
    expect(installmentsFor('0.03', 3)).toBe(3);
    expect(installmentsFor('0.02', 3)).toBe(2);
    expect(installmentsFor('0.00', 3)).toBe(1);
  });
});
