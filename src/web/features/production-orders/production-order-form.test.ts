import { describe, expect, it } from 'vitest';
import type { ProductionOrderDetail } from '../../../shared/resources/production-orders.js';
import {
  newOrderValues,
  orderFormValues,
  rescaleFormLines,
  toOrderInput,
  typedQuantityAboveZero,
} from './production-order-form.js';

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

describe('rescaleFormLines', () => {
  // 170 units: 1.20 m of fabric per unit with 5 % loss (214.20 m), a material added by hand,
  // labour R$ 3,50 per unit (595.00) and a set-up of R$ 80,00 per order.
  const planned = {
    ...order,
    quantity: '170.000',
    materials: [
      {
        id: 11,
        feedstockId: 5,
        requiredQuantity: '214.200',
        quantityPerUnit: '1.200',
        lossPercent: '5.00',
        unitDecimals: 2,
      },
      {
        id: 12,
        feedstockId: 6,
        requiredQuantity: '17.000',
        quantityPerUnit: null,
        lossPercent: null,
        unitDecimals: 0,
      },
    ],
    costs: [
      { id: 21, outlayId: 8, outlayKind: 'PER_UNIT', value: '595.00' },
      { id: 22, outlayId: 9, outlayKind: 'PER_ORDER', value: '80.00' },
    ],
  } as unknown as ProductionOrderDetail;

  it('shows every saved line at its figure for the new quantity', () => {
    const values = orderFormValues(planned);
    expect(rescaleFormLines(planned, values, '170', '150')).toEqual({
      materials: [
        { id: 11, feedstockId: 5, requiredQuantity: '189,00' },
        { id: 12, feedstockId: 6, requiredQuantity: '15' },
      ],
      costs: [
        { id: 21, outlayId: 8, value: '525,00' },
        { id: 22, outlayId: 9, value: '80,00' },
      ],
    });
  });

  it('works from the saved lines whatever quantities were typed on the way, and keeps what the user changed', () => {
    const values = orderFormValues(planned);
    const typing = rescaleFormLines(planned, values, '170', '1');
    const changed = {
      ...typing,
      materials: [typing.materials![0]!, { ...typing.materials![1]!, requiredQuantity: '40' }],
    };
    const at150 = rescaleFormLines(planned, changed, '1', '150');
    expect(at150.materials!.map((line) => line.requiredQuantity)).toEqual(['189,00', '40']);
    expect(at150.costs!.map((line) => line.value)).toEqual(['525,00', '80,00']);
  });

  it('reads a typed quantity above zero, pt-BR', () => {
    expect(typedQuantityAboveZero('1.234,5')).toBe('1234.5');
    expect(typedQuantityAboveZero('0')).toBeUndefined();
    expect(typedQuantityAboveZero('')).toBeUndefined();
  });
});
