import { describe, expect, it } from 'vitest';
import {
  lineTotal,
  newOrderValues,
  orderTotals,
  receiveDefaults,
  receiveFieldIndex,
  toOrderInput,
  toReceiveInput,
} from './purchase-order-form.js';

describe('the order form', () => {
  it('totals the lines to the cent, plus freight, less discount, as typed', () => {
    const values = {
      items: [
        { itemId: 1, quantity: '3', unitPrice: '10,005' },
        { itemId: 2, quantity: '1,5', unitPrice: '1.000,00' },
        { itemId: 3, quantity: '', unitPrice: '5,00' },
      ],
      freight: '12,50',
      discount: '2,00',
    };
    expect(lineTotal(values.items[0])).not.toBeNull();
    expect(lineTotal(values.items[0])!.toFixed(2)).toBe('30.02');
    expect(lineTotal(values.items[2])).toBeNull();
    expect(orderTotals(values)).toEqual({
      lines: '1530.02',
      freight: '12.50',
      discount: '2.00',
      total: '1540.52',
    });
    expect(orderTotals(undefined).total).toBe('0.00');
  });

  it('sends decimals, blank freight and discount as zero, the version when editing', () => {
    const input = toOrderInput(
      {
        ...newOrderValues({ today: '2026-11-24', locationId: 4, categoryId: 9 }),
        supplierId: 7,
        freight: '',
        discount: '1.234,50',
        items: [
          { id: 3, itemId: 1, quantity: '2,5', unitPrice: '1,2345' },
          { itemId: 2, quantity: '1' },
        ],
      },
      { version: 5 },
    );
    expect(input).toMatchObject({
      supplierId: 7,
      orderDate: '2026-11-24',
      locationId: 4,
      categoryId: 9,
      installments: 1,
      firstDueInDays: 30,
      intervalDays: 30,
      freight: '0.00',
      discount: '1234.5',
      version: 5,
      items: [
        { id: 3, itemId: 1, quantity: '2.5', unitPrice: '1.2345' },
        { itemId: 2, quantity: '1', unitPrice: null },
      ],
    });
    expect(toOrderInput({}).version).toBeUndefined();
  });
});

describe('the receive dialog', () => {
  const lines = [
    { id: 11, pendingQuantity: '10.000', unitDecimals: 3 },
    { id: 12, pendingQuantity: '4.000', unitDecimals: 0 },
    { id: 13, pendingQuantity: '2.500', unitDecimals: 2 },
  ];

  it('starts from what is still to arrive', () => {
    expect(receiveDefaults(lines, '2026-11-24')).toEqual({
      date: '2026-11-24',
      invoiceNumber: '',
      lines: [
        { lineId: 11, quantity: '10,000' },
        { lineId: 12, quantity: '4' },
        { lineId: 13, quantity: '2,50' },
      ],
    });
  });

  it('sends only the lines above zero and maps the server fields back to the lines', () => {
    const { input, sentIndexes } = toReceiveInput({
      date: '2026-11-24',
      invoiceNumber: 'NF 123',
      lines: [
        { lineId: 11, quantity: '0' },
        { lineId: 12, quantity: '' },
        { lineId: 13, quantity: '1,25' },
      ],
    });
    expect(input).toEqual({
      date: '2026-11-24',
      invoiceNumber: 'NF 123',
      lines: [{ lineId: 13, quantity: '1.25' }],
    });
    expect(sentIndexes).toEqual([2]);
    expect(receiveFieldIndex('lines.0.quantity', sentIndexes)).toBe(2);
    expect(receiveFieldIndex('lines.4.quantity', sentIndexes)).toBeNull();
    expect(receiveFieldIndex('date', sentIndexes)).toBeNull();
  });
});
