import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grossQuantity, lineCost, producibleAt, standardCost } from './items.rules.js';

/** "12.345" with `scale` places → its value in units of 10^-scale, as a BigInt. */
const scaled = (text: string, scale: number) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(scale, '0').slice(0, scale));
};

/** A decimal string with `scale` places from an integer count of 10^-scale: 12345, 3 → "12.345". */
const decimalOf = (units: number, scale: number) => {
  const digits = String(units).padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
};

describe('standard cost', () => {
  it('sums each material with its loss at the current average cost, plus per-unit outlays', () => {
    const cost = standardCost(
      [
        // 1.5 m of fabric at R$ 12,3456/m with 10% loss: 1.65 × 12.3456 = 20.37024
        { feedstockId: 1, quantity: '1.500', lossPercent: '10.00', averageCost: '12.3456' },
        // 4 buttons at R$ 0,0725 each, no loss: 0.29
        { feedstockId: 2, quantity: '4.000', lossPercent: '0.00', averageCost: '0.0725' },
      ],
      [
        { value: '3.50', kind: 'PER_UNIT' },
        // Setting up the machine is paid once per production order, not per unit.
        { value: '80.00', kind: 'PER_ORDER' },
      ],
    );
    expect(cost).toBe('24.1602'); // 20.37024 + 0.29 + 3.50 = 24.16024
  });

  it('rounds half up only once, at the end', () => {
    // Each line is 0.00005 exactly: rounded per line they would make 0.0002, summed 0.0001.
    const line = { quantity: '0.001', lossPercent: '0.00', averageCost: '0.0500' };
    expect(lineCost({ feedstockId: 1, ...line })).toBe('0.0001');
    expect(
      standardCost(
        [
          { feedstockId: 1, ...line },
          { feedstockId: 2, ...line },
        ],
        [],
      ),
    ).toBe('0.0001');
  });

  it('is zero without lines and never loses digits on large figures', () => {
    expect(standardCost([], [])).toBe('0.0000');
    expect(
      standardCost(
        [
          {
            feedstockId: 1,
            quantity: '999999999999.999',
            lossPercent: '100.00',
            averageCost: '99999999999.9999',
          },
        ],
        [],
      ),
    ).toBe('199999999999999600000000.0000');
  });

  it('equals the exact sum computed in integers, rounded half up to 4 places', () => {
    const component = fc.record({
      quantity: fc.integer({ min: 1, max: 10_000_000 }), // thousandths
      loss: fc.integer({ min: 0, max: 10_000 }), // hundredths of a percent
      cost: fc.integer({ min: 0, max: 100_000_000 }), // ten-thousandths
    });
    const outlay = fc.record({
      cents: fc.integer({ min: 0, max: 10_000_000 }),
      perUnit: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(component, { maxLength: 8 }),
        fc.array(outlay, { maxLength: 4 }),
        (cs, os) => {
          // q/10^3 × (10^4 + l)/10^4 × c/10^4 = q (10^4 + l) c / 10^11: exact in units of 10^-11.
          let exact = 0n;
          for (const c of cs)
            exact += BigInt(c.quantity) * BigInt(10_000 + c.loss) * BigInt(c.cost);
          for (const o of os) if (o.perUnit) exact += BigInt(o.cents) * 10n ** 9n;
          // Half up to 10^-4: add half of 10^7 and drop seven digits.
          const rounded = (exact + 5_000_000n) / 10_000_000n;
          const got = standardCost(
            cs.map((c, i) => ({
              feedstockId: i + 1,
              quantity: decimalOf(c.quantity, 3),
              lossPercent: decimalOf(c.loss, 2),
              averageCost: decimalOf(c.cost, 4),
            })),
            os.map((o) => ({
              value: decimalOf(o.cents, 2),
              kind: o.perUnit ? 'PER_UNIT' : 'PER_ORDER',
            })),
          );
          expect(scaled(got, 4)).toBe(rounded);
        },
      ),
    );
  });
});

describe('can produce now', () => {
  const available = (entries: [number, string][]) => new Map(entries);

  it('takes the smallest whole number of units any material allows, and names that material', () => {
    const result = producibleAt(
      [
        { feedstockId: 1, quantity: '1.500', lossPercent: '10.00' }, // 1.65 per unit
        { feedstockId: 2, quantity: '4.000', lossPercent: '0.00' },
      ],
      available([
        [1, '10.000'], // 6 units (6 × 1.65 = 9.9)
        [2, '100.000'], // 25 units
      ]),
    );
    expect(result).toEqual({
      quantity: 6,
      limitedBy: [{ feedstockId: 1, perUnit: '1.65', available: '10.000' }],
    });
  });

  it('is zero when a material is missing at the location, and lists every material at the limit', () => {
    expect(
      producibleAt(
        [
          { feedstockId: 1, quantity: '2.000', lossPercent: '0.00' },
          { feedstockId: 2, quantity: '1.000', lossPercent: '0.00' },
        ],
        available([[1, '3.000']]),
      ),
    ).toEqual({
      quantity: 0,
      limitedBy: [{ feedstockId: 2, perUnit: '1', available: '0.000' }],
    });
    expect(
      producibleAt(
        [
          { feedstockId: 1, quantity: '2.000', lossPercent: '0.00' },
          { feedstockId: 2, quantity: '1.000', lossPercent: '0.00' },
        ],
        available([
          [1, '4.000'],
          [2, '2.500'],
        ]),
      )?.limitedBy.map((l) => l.feedstockId),
    ).toEqual([1, 2]);
  });

  it('counts a material on two lines once, with both quantities', () => {
    expect(
      producibleAt(
        [
          { feedstockId: 1, quantity: '1.000', lossPercent: '0.00' },
          { feedstockId: 1, quantity: '0.500', lossPercent: '0.00' },
        ],
        available([[1, '3.000']]),
      )?.quantity,
    ).toBe(2);
  });

  it('says nothing for a product without materials', () => {
    expect(producibleAt([], available([[1, '3.000']]))).toBeNull();
  });

  it('never allows more than the stock covers, and one unit more is always short', () => {
    const line = fc.record({
      feedstockId: fc.integer({ min: 1, max: 4 }),
      quantity: fc.integer({ min: 1, max: 5_000_000 }),
      loss: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 4, maxLength: 4 }),
        (lines, stock) => {
          const components = lines.map((l) => ({
            feedstockId: l.feedstockId,
            quantity: decimalOf(l.quantity, 3),
            lossPercent: decimalOf(l.loss, 2),
          }));
          const onHand = new Map(stock.map((s, i) => [i + 1, decimalOf(s, 3)]));
          const result = producibleAt(components, onHand)!;
          const need = new Map<number, bigint>(); // in 10^-7 (quantity 10^-3 × factor 10^-4)
          for (const l of lines) {
            need.set(
              l.feedstockId,
              (need.get(l.feedstockId) ?? 0n) + BigInt(l.quantity) * BigInt(10_000 + l.loss),
            );
          }
          const have = (id: number) => BigInt(stock[id - 1]!) * 10_000n;
          const units = BigInt(result.quantity);
          for (const [id, n] of need) expect(units * n <= have(id)).toBe(true);
          expect(result.limitedBy.length).toBeGreaterThan(0);
          for (const { feedstockId } of result.limitedBy) {
            expect((units + 1n) * need.get(feedstockId)! > have(feedstockId)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('gross quantity', () => {
  it('adds the loss to the quantity a unit takes', () => {
    expect(grossQuantity({ quantity: '0.125', lossPercent: '5.00' }).toFixed()).toBe('0.13125');
    expect(grossQuantity({ quantity: '2.000', lossPercent: '100.00' }).toFixed()).toBe('4');
  });
});
