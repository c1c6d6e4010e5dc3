import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dateProblem,
  formatDate,
  lockOrder,
  valueInflow,
  valueInflowOfValue,
  valueOutflow,
  valueTransfer,
  type Valuation,
} from './stock-movements.rules.js';

const d = (value: string | number) => new Decimal(value);
const empty: Valuation = { quantity: d(0), value: d(0), averageCost: d(0) };
const show = (v: Valuation) => ({
  quantity: v.quantity.toFixed(3),
  value: v.value.toFixed(4),
  averageCost: v.averageCost.toFixed(4),
});

describe('moving average cost', () => {
  it('averages two entries by quantity', () => {
    const first = valueInflow(empty, d(10), d('2.00'));
    const second = valueInflow(first.after, d(30), d('3.00'));
    expect(show(second.after)).toEqual({
      quantity: '40.000',
      value: '110.0000',
      averageCost: '2.7500',
    });
    expect(second.value.toFixed(4)).toBe('90.0000');
  });

  it('takes an outflow out at the average, which stays', () => {
    const stock = valueInflow(empty, d(3), d('10.00')).after;
    const entry = valueInflow(stock, d(1), d('11.00')).after; // 41 / 4 = 10.25
    const out = valueOutflow(entry, d(1), null);
    expect(out.value.toFixed(4)).toBe('10.2500');
    expect(show(out.after)).toEqual({
      quantity: '3.000',
      value: '30.7500',
      averageCost: '10.2500',
    });
  });

  it('leaves no value behind when the last units go, whatever the rounding', () => {
    // 10 / 3 = 3.3333…: three single outflows at 3.3333 would leave 0.0001 behind.
    let stock = valueInflow(valueInflow(empty, d(1), d(3)).after, d(2), d(3.5)).after;
    expect(show(stock)).toEqual({ quantity: '3.000', value: '10.0000', averageCost: '3.3333' });
    const values: string[] = [];
    for (let i = 0; i < 3; i++) {
      const out = valueOutflow(stock, d(1), null);
      values.push(out.value.toFixed(4));
      stock = out.after;
    }
    expect(values).toEqual(['3.3333', '3.3333', '3.3334']);
    expect(show(stock)).toMatchObject({ quantity: '0.000', value: '0.0000' });
  });

  it('brings an entry without cost in at the average', () => {
    const stock = valueInflow(empty, d(2), d('5.00')).after;
    const free = valueInflow(stock, d(2), null);
    expect(free.unitCost.toFixed(4)).toBe('5.0000');
    expect(show(free.after)).toEqual({
      quantity: '4.000',
      value: '20.0000',
      averageCost: '5.0000',
    });
  });

  it('takes out what an entry brought in when that entry is reversed, and the average moves', () => {
    const stock = valueInflow(valueInflow(empty, d(10), d('2.00')).after, d(10), d('4.00')).after;
    expect(stock.averageCost.toFixed(4)).toBe('3.0000');
    const reversal = valueOutflow(stock, d(10), d('4.00'));
    expect(show(reversal.after)).toEqual({
      quantity: '10.000',
      value: '20.0000',
      averageCost: '2.0000',
    });
  });

  it('records a transfer at the average without changing the valuation', () => {
    const stock = valueInflow(empty, d(4), d('2.50')).after;
    const transfer = valueTransfer(stock, d(2));
    expect(transfer.after).toBe(stock);
    expect(transfer.value.toFixed(4)).toBe('5.0000');
  });

  it('refuses an outflow larger than the stock', () => {
    expect(() => valueOutflow(valueInflow(empty, d(1), d(1)).after, d(2), null)).toThrow(
      RangeError,
    );
  });
});

/** A step of a random history: an entry with or without cost, or an outflow of part of the stock. */
type Step =
  | { kind: 'in'; quantity: string; unitCost: string | null }
  | { kind: 'out'; share: number; atOwnCost: string | null };

const quantityArb = fc
  .integer({ min: 1, max: 10_000_000 })
  .map((thousandths) => new Decimal(thousandths).div(1000).toFixed(3));
const costArb = fc
  .integer({ min: 0, max: 100_000_000 })
  .map((tenThousandths) => new Decimal(tenThousandths).div(10_000).toFixed(4));
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('in' as const),
    quantity: quantityArb,
    unitCost: fc.option(costArb, { nil: null }),
  }),
  fc.record({
    kind: fc.constant('out' as const),
    // The share of the stock on hand that goes: 1 is all of it.
    share: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
    atOwnCost: fc.option(costArb, { nil: null, freq: 5 }),
  }),
);

describe('an entry carrying its total value (a production order)', () => {
  it('adds the value exactly and derives the unit cost, where quantity × cost would lose a cent', () => {
    const entry = valueInflowOfValue(empty, d(3), d('160.30'));
    expect(entry.value.toFixed(4)).toBe('160.3000');
    expect(entry.unitCost.toFixed(4)).toBe('53.4333');
    expect(valueInflow(empty, d(3), entry.unitCost).value.toFixed(4)).toBe('160.2999');
    expect(show(entry.after)).toEqual({
      quantity: '3.000',
      value: '160.3000',
      averageCost: '53.4333',
    });
    const more = valueInflowOfValue(entry.after, d(1), d('20.00'));
    expect(show(more.after)).toEqual({
      quantity: '4.000',
      value: '180.3000',
      averageCost: '45.0750',
    });
    // Everything going out takes all of it: nothing is left behind.
    expect(valueOutflow(more.after, d(4), null).value.toFixed(4)).toBe('180.3000');
  });
});

describe('moving average cost, for any history of entries and outflows', () => {
  it('keeps the stock value equal to the ledger, never negative, zero at zero quantity', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 60 }), (steps) => {
        let stock = empty;
        let ledger = d(0);
        for (const step of steps) {
          if (step.kind === 'in') {
            const entry = valueInflow(
              stock,
              d(step.quantity),
              step.unitCost === null ? null : d(step.unitCost),
            );
            ledger = ledger.plus(entry.value);
            stock = entry.after;
          } else {
            const quantity = stock.quantity
              .times(step.share)
              .toDecimalPlaces(3, Decimal.ROUND_DOWN);
            if (quantity.isZero()) continue;
            const out = valueOutflow(
              stock,
              quantity,
              step.atOwnCost === null ? null : d(step.atOwnCost),
            );
            ledger = ledger.minus(out.value);
            stock = out.after;
          }
          expect(stock.value.equals(ledger)).toBe(true);
          expect(stock.value.isNegative()).toBe(false);
          expect(stock.quantity.isNegative()).toBe(false);
          expect(stock.averageCost.isNegative()).toBe(false);
          if (stock.quantity.isZero()) expect(stock.value.isZero()).toBe(true);
          // Every value is a numeric(15,4) the ledger can store.
          expect(stock.value.decimalPlaces()).toBeLessThanOrEqual(4);
          expect(stock.averageCost.decimalPlaces()).toBeLessThanOrEqual(4);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('moves the average only by an entry with cost, to that cost when the stock was empty', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 60 }), (steps) => {
        let stock = empty;
        for (const step of steps) {
          const before = stock;
          if (step.kind === 'in') {
            const cost = step.unitCost === null ? null : d(step.unitCost);
            stock = valueInflow(stock, d(step.quantity), cost).after;
            if (cost === null) expect(stock.averageCost.equals(before.averageCost)).toBe(true);
            else if (before.quantity.isZero()) expect(stock.averageCost.equals(cost)).toBe(true);
          } else {
            const quantity = stock.quantity
              .times(step.share)
              .toDecimalPlaces(3, Decimal.ROUND_DOWN);
            if (quantity.isZero()) continue;
            stock = valueOutflow(stock, quantity, null).after;
            expect(stock.averageCost.equals(before.averageCost)).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('lock order', () => {
  it('sorts by item, then location, each row once, whatever order the lines came in', () => {
    expect(
      lockOrder([
        { itemId: 7, locationId: 2 },
        { itemId: 3, locationId: 9 },
        { itemId: 7, locationId: 1 },
        { itemId: 3, locationId: 9 },
        { itemId: 12, locationId: 1 },
      ]),
    ).toEqual([
      { itemId: 3, locationId: 9 },
      { itemId: 7, locationId: 1 },
      { itemId: 7, locationId: 2 },
      { itemId: 12, locationId: 1 },
    ]);
  });
});

describe('movement dates', () => {
  it('accepts today and earlier, after the closed period', () => {
    expect(dateProblem('2026-03-10', '2026-03-10', null)).toBeNull();
    expect(dateProblem('2026-03-01', '2026-03-10', '2026-02-28')).toBeNull();
  });

  it('refuses a later date and one on or before the closing', () => {
    expect(dateProblem('2026-03-11', '2026-03-10', null)).toBe('future');
    expect(dateProblem('2026-02-28', '2026-03-10', '2026-02-28')).toBe('closed');
    expect(dateProblem('2025-12-31', '2026-03-10', '2026-02-28')).toBe('closed');
  });

  it('shows a date the Brazilian way', () => {
    expect(formatDate('2026-01-31')).toBe('31/01/2026');
  });
});
