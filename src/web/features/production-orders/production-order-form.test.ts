import { describe, expect, it } from 'vitest';
import type { ProductionOrderDetail } from '../../../shared/resources/production-orders.js';
import { newOrderValues, orderFormValues, toOrderInput } from './production-order-form.js';

const order = {
  id: 7,
  productId: 3,
  quantity: '12.000',
  unit: 'UN',
  unitDecimals: 0,
  plannedStart: '2026-11-25',
  plannedEnd: null,
  sourceLocationId: 1,
  targetLocationId: 2,
  notes: null,
  version: 4,
  materials: [{ id: 11, feedstockId: 5, requiredQuantity: '24.500', unit: 'KG', unitDecimals: 3 }],
  costs: [{ id: 21, outlayId: 8, value: '20.00' }],
} as unknown as ProductionOrderDetail;

describe('production order form values', () => {
  it('starts a new order from and into the default location', () => {
    expect(newOrderValues(9)).toEqual({ sourceLocationId: 9, targetLocationId: 9 });
    expect(newOrderValues(null)).toEqual({
      sourceLocationId: undefined,
      targetLocationId: undefined,
    });
  });

  it('shows a saved order in its units’ decimals, lines with their ids', () => {
    const values = orderFormValues(order);
    expect(values.quantity).toBe('12');
    expect(values.notes).toBe('');
    expect(values.materials).toEqual([{ id: 11, feedstockId: 5, requiredQuantity: '24,500' }]);
    expect(values.costs).toEqual([{ id: 21, outlayId: 8, value: '20,00' }]);
  });

  it('sends a new order with its product and the typed quantity as a decimal', () => {
    expect(
      toOrderInput({
        productId: 3,
        quantity: '1.234,5',
        sourceLocationId: 1,
        targetLocationId: 1,
      }),
    ).toEqual({
      productId: 3,
      quantity: '1234.5',
      plannedStart: null,
      plannedEnd: null,
      sourceLocationId: 1,
      targetLocationId: 1,
      notes: '',
    });
  });

  it('sends an edit with the version, lines by id and a new line without one', () => {
    const values = orderFormValues(order);
    values.costs = [...values.costs!, { outlayId: 9, value: '1.000,50' }];
    const input = toOrderInput(values, { version: 4 });
    expect(input).not.toHaveProperty('productId');
    expect(input.version).toBe(4);
    expect(input.materials).toEqual([{ id: 11, feedstockId: 5, requiredQuantity: '24.5' }]);
    expect(input.costs).toEqual([
      { id: 21, outlayId: 8, value: '20' },
      { outlayId: 9, value: '1000.5' },
    ]);
  });

  it('hands on what is no number as typed, for the schema to refuse next to the field', () => {
    expect(toOrderInput({ quantity: 'abc' }).quantity).toBe('abc');
  });
});
