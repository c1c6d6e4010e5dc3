import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  costBreakdown,
  costValue,
  maximumProduced,
  missingQuantity,
  producibleQuantity,
  requiredQuantity,
  type CapacityComponent,
} from './production-orders.rules.js';

describe('requiredQuantity', () => {
  it('is quantity × per unit × (1 + loss/100), in 3 places for a unit of 3 decimals', () => {
    expect(requiredQuantity('10', '0.250', '4.00', 3)).toBe('2.600');
    expect(requiredQuantity('3', '1.333', '0', 3)).toBe('3.999');
  });

  it("rounds UP to the feedstock unit's decimals", () => {
    // 10 × 0.25 × 1.04 = 2.6 → 3 whole pieces.
    expect(requiredQuantity('10', '0.250', '4.00', 0)).toBe('3.000');
    // 7 × 0.333 × 1.10 = 2.5641 → 2.57 (2 places), 2.565 (3 places).
    expect(requiredQuantity('7', '0.333', '10.00', 2)).toBe('2.570');
    expect(requiredQuantity('7', '0.333', '10.00', 3)).toBe('2.565');
    // 1 decimal: 2.01 → 2.1.
    expect(requiredQuantity('1', '2.010', '0', 1)).toBe('2.100');
  });

  it('leaves an exact figure as it is', () => {
    expect(requiredQuantity('4', '0.500', '0', 0)).toBe('2.000');
    expect(requiredQuantity('2', '1.500', '100.00', 0)).toBe('6.000');
  });
});

describe('costValue', () => {
  it('multiplies a per-unit cost by the quantity, to the cent (half up)', () => {
    expect(costValue('1.25', 'PER_UNIT', '10')).toBe('12.50');
    expect(costValue('0.33', 'PER_UNIT', '1.5')).toBe('0.50'); // 0.495 → 0.50
  });

  it('takes a per-order cost once', () => {
    expect(costValue('80.00', 'PER_ORDER', '10')).toBe('80.00');
  });
});

describe('missingQuantity', () => {
  it('is required − available, never below zero', () => {
    expect(missingQuantity('5.000', '2.250')).toBe('2.750');
    expect(missingQuantity('5', '9')).toBe('0.000');
  });
});

describe('costBreakdown', () => {
  it('adds the materials (to the cent) and the costs and divides by what was produced', () => {
    expect(costBreakdown(['12.3456', '7.0001'], ['10.00', '2.50'], '4')).toEqual({
      materialsCost: '19.35',
      outlaysCost: '12.50',
      totalCost: '31.85',
      unitCost: '7.9625',
    });
  });

  it('gives a unit cost of 4 places whose product with the quantity is the total to the cent', () => {
    const result = costBreakdown(['100.00'], [], '3');
    expect(result.unitCost).toBe('33.3333');
    expect(result.totalCost).toBe('100.00');
    expect((Number(result.unitCost) * 3).toFixed(2)).toBe('100.00');
  });

  it('costs nothing with no values', () => {
    expect(costBreakdown([], [], '1').unitCost).toBe('0.0000');
  });
});

describe('large figures', () => {
  it('keeps every digit of 15-digit quantities before rounding up', () => {
    // 999999999999.999 × 0.001 × 1.0001 = 1000099999.9999989999… → up to 1000100000.000 (3 places).
    expect(requiredQuantity('999999999999.999', '0.001', '0.01', 3)).toBe('1000100000.000');
    expect(requiredQuantity('123456789012.345', '1', '0', 0)).toBe('123456789013.000');
  });
});

describe('maximumProduced', () => {
  it("is the planned quantity plus the tolerance, down to the product unit's decimals", () => {
    expect(maximumProduced('10', '10.00', 0)).toBe('11.000');
    expect(maximumProduced('10', '15.50', 0)).toBe('11.000');
    expect(maximumProduced('10', '15.50', 2)).toBe('11.550');
    expect(maximumProduced('2.345', '10.00', 3)).toBe('2.579');
    // A tolerance smaller than one unit's step allows exactly the plan.
    expect(maximumProduced('3', '10.00', 0)).toBe('3.000');
    expect(maximumProduced('10', '0.00', 0)).toBe('10.000');
    expect(maximumProduced('10', '100.00', 3)).toBe('20.000');
  });
});

describe('producibleQuantity', () => {
  const line = (
    feedstockId: number,
    quantity: string,
    lossPercent = '0.00',
    unitDecimals = 3,
  ): CapacityComponent => ({ feedstockId, quantity, lossPercent, unitDecimals });
  const stock = (entries: [number, string][]) => new Map(entries);

  it('is the least any material allows, the binding one deciding', () => {
    // Fabric: 10 ÷ 2 = 5 shirts; buttons: 100 ÷ 8 = 12 shirts.
    const shirt = [line(1, '2.000', '0.00', 2), line(2, '8.000', '0.00', 0)];
    expect(
      producibleQuantity(
        shirt,
        stock([
          [1, '10.000'],
          [2, '100.000'],
        ]),
        0,
      ),
    ).toBe('5.000');
    expect(
      producibleQuantity(
        shirt,
        stock([
          [1, '100.000'],
          [2, '100.000'],
        ]),
        0,
      ),
    ).toBe('12.000');
  });

  it('counts the loss and rounds each requirement up to its unit, as a new production order does', () => {
    // 1.5 × 1.10 = 1.65 a unit: 6 units need 9.9 → 10 whole pieces, 7 need 11.55 → 12 > 11.
    expect(producibleQuantity([line(1, '1.500', '10.00', 0)], stock([[1, '11.000']]), 0)).toBe(
      '6.000',
    );
    // 0.3 a unit of a whole-piece feedstock: 3 units take 1 piece, 3.4 would take 2.
    expect(producibleQuantity([line(1, '0.300', '0.00', 0)], stock([[1, '1.000']]), 0)).toBe(
      '3.000',
    );
    expect(producibleQuantity([line(1, '0.300', '0.00', 0)], stock([[1, '1.000']]), 1)).toBe(
      '3.300',
    );
  });

  it("answers in steps of the product unit's decimals", () => {
    expect(producibleQuantity([line(1, '3.000')], stock([[1, '10.000']]), 0)).toBe('3.000');
    expect(producibleQuantity([line(1, '3.000')], stock([[1, '10.000']]), 2)).toBe('3.330');
    expect(producibleQuantity([line(1, '3.000')], stock([[1, '10.000']]), 3)).toBe('3.333');
  });

  it('adds up the lines of one feedstock, and takes nothing available or below zero as none', () => {
    const twice = [line(1, '1.000', '0.00', 0), line(1, '0.500', '0.00', 0)];
    // Each line rounds up on its own: 3 units take 3 + 2 = 5 pieces.
    expect(producibleQuantity(twice, stock([[1, '5.000']]), 0)).toBe('3.000');
    expect(producibleQuantity([line(1, '1.000')], stock([[1, '-4.000']]), 0)).toBe('0.000');
    expect(producibleQuantity([line(1, '1.000'), line(2, '1.000')], stock([[1, '9.000']]), 0)).toBe(
      '0.000',
    );
  });

  it('is null without a bill of materials', () => {
    expect(producibleQuantity([], stock([[1, '5.000']]), 0)).toBeNull();
  });

  it('is the largest quantity whose requirements all fit (property)', () => {
    const component = fc.record({
      feedstockId: fc.integer({ min: 1, max: 3 }),
      quantity: fc.integer({ min: 1, max: 50_000 }).map((n) => new Decimal(n).div(1000).toFixed(3)),
      lossPercent: fc
        .integer({ min: 0, max: 10_000 })
        .map((n) => new Decimal(n).div(100).toFixed(2)),
      unitDecimals: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(
        fc.array(component, { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (components, amounts, decimals) => {
          const available = new Map(
            amounts.map((amount, index) => [index + 1, new Decimal(amount).div(1000).toFixed(3)]),
          );
          const fits = (quantity: Decimal) => {
            const need = new Map<number, Decimal>();
            for (const c of components) {
              const required = requiredQuantity(
                quantity.toFixed(3),
                c.quantity,
                c.lossPercent,
                c.unitDecimals,
              );
              need.set(c.feedstockId, (need.get(c.feedstockId) ?? new Decimal(0)).plus(required));
            }
            return [...need].every(([id, q]) => q.lte(available.get(id)!));
          };
          const result = new Decimal(producibleQuantity(components, available, decimals)!);
          expect(result.decimalPlaces()).toBeLessThanOrEqual(decimals);
          expect(fits(result)).toBe(true);
          expect(fits(result.plus(new Decimal(10).pow(-decimals)))).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
