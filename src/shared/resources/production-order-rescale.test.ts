import { describe, expect, it } from 'vitest';
import { rescaledCost, rescaledRequired } from './production-order-rescale.js';

/** 1.20 m of fabric per unit with 5 % loss, in meters of 2 decimals: 214.20 m for 170 units. */
const fabric = { quantityPerUnit: '1.200', lossPercent: '5.00', unitDecimals: 2 };

describe('rescaledRequired', () => {
  it('recomputes a line of the bill of materials for the new quantity, loss included', () => {
    expect(rescaledRequired({ ...fabric, requiredQuantity: '214.200' }, '170', '150')).toBe(
      '189.000',
    );
    expect(rescaledRequired({ ...fabric, requiredQuantity: '189.000' }, '150', '170')).toBe(
      '214.200',
    );
  });

  it("rounds up to the unit's decimals: a partial unit of loss is still consumed", () => {
    // 4 buttons per unit with 3 % loss, whole buttons: 7 units → 28.84 → 29.
    const buttons = { quantityPerUnit: '4.000', lossPercent: '3.00', unitDecimals: 0 };
    expect(rescaledRequired({ ...buttons, requiredQuantity: '42.000' }, '10', '7')).toBe('29.000');
  });

  it('keeps the proportion of a line changed or added by hand, rounded up to the unit', () => {
    // Changed by hand to 220 m for 170: 220 × 150 / 170 = 194.1176… → 194.12.
    expect(rescaledRequired({ ...fabric, requiredQuantity: '220.000' }, '170', '150')).toBe(
      '194.120',
    );
    const byHand = { quantityPerUnit: null, lossPercent: null, unitDecimals: 0 };
    expect(rescaledRequired({ ...byHand, requiredQuantity: '10.000' }, '3', '2')).toBe('7.000');
  });

  it('leaves every line as it is when the quantity does not change', () => {
    expect(rescaledRequired({ ...fabric, requiredQuantity: '220' }, '170', '170.000')).toBe(
      '220.000',
    );
  });
});

describe('rescaledCost', () => {
  it('rescales a per-unit cost to the cent and keeps a per-order one', () => {
    // Labour R$ 3,50 per unit: 595.00 for 170, 525.00 for 150.
    expect(rescaledCost({ value: '595.00', outlayKind: 'PER_UNIT' }, '170', '150')).toBe('525.00');
    expect(rescaledCost({ value: '10.00', outlayKind: 'PER_UNIT' }, '3', '2')).toBe('6.67');
    expect(rescaledCost({ value: '80.00', outlayKind: 'PER_ORDER' }, '170', '150')).toBe('80.00');
  });
});
