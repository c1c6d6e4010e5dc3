import { describe, expect, it } from 'vitest';
import type { RequestedOrderDetail } from '../../../shared/resources/requested-orders.js';
import {
  formLineTotal,
  newRequestedOrderValues,
  requestedOrderFormValues,
  requestedOrderTotals,
  toRequestedOrderInput,
} from './requested-order-form.js';

describe('a line total as typed', () => {
  it('is quantity × price less the discount, to the cent half-up', () => {
    expect(formLineTotal({ quantity: '3', unitPrice: '49,90', discountPercent: '10' })).toBe(
      '134.73',
    );
    expect(formLineTotal({ quantity: '1.000', unitPrice: '1,00', discountPercent: '' })).toBe(
      '1000.00',
    );
    expect(formLineTotal({ quantity: '1', unitPrice: '0,05', discountPercent: '50,00' })).toBe(
      '0.03',
    );
  });

  it('waits for a number in quantity, price and discount', () => {
    expect(formLineTotal({ quantity: '', unitPrice: '10,00' })).toBeNull();
    expect(formLineTotal({ quantity: '2', unitPrice: 'abc' })).toBeNull();
    expect(formLineTotal({ quantity: '2', unitPrice: '10,00', discountPercent: 'x' })).toBeNull();
    expect(formLineTotal(undefined)).toBeNull();
  });
});

describe('the order totals as typed', () => {
  it('add the complete lines, take the discount and add the freight', () => {
    const totals = requestedOrderTotals({
      discount: '10,00',
      freight: '5,50',
      items: [
        { quantity: '2', unitPrice: '100,00', discountPercent: '0,00' },
        { quantity: '1', unitPrice: '50,00', discountPercent: '10,00' },
        { quantity: '', unitPrice: '999,00' },
      ],
    });
    expect(totals).toEqual({
      items: '245.00',
      discount: '10.00',
      freight: '5.50',
      total: '240.50',
    });
  });

  it('are zero for an empty form', () => {
    expect(requestedOrderTotals(undefined)).toEqual({
      items: '0.00',
      discount: '0.00',
      freight: '0.00',
      total: '0.00',
    });
  });
});

describe('the form and the API', () => {
  it('sends what was typed as decimals, blanks as the API reads them', () => {
    const values = {
      ...newRequestedOrderValues({ today: '2026-03-10', locationId: 4, categoryId: 9 }),
      clientId: 7,
      freight: '1.234,50',
      discount: '',
      items: [
        { productId: 3, quantity: '8', unitPrice: '12,5', discountPercent: '2,5' },
        { productId: 5, quantity: '', unitPrice: '', discountPercent: '' },
      ],
    };
    expect(toRequestedOrderInput(values)).toEqual({
      clientId: 7,
      orderDate: '2026-03-10',
      deliveryDate: null,
      locationId: 4,
      fiscalOperationId: null,
      paymentMethodId: null,
      categoryId: 9,
      installments: 1,
      firstDueInDays: 30,
      intervalDays: 30,
      freight: '1234.5',
      discount: '0.00',
      notes: '',
      items: [
        { productId: 3, quantity: '8', unitPrice: '12.5', discountPercent: '2.5' },
        { productId: 5, quantity: '', unitPrice: null, discountPercent: '0.00' },
      ],
    });
  });

  it('shows a saved order and sends it back with its line ids and version', () => {
    const order = {
      id: 1,
      clientId: 7,
      orderDate: '2026-03-10',
      deliveryDate: '2026-03-20',
      locationId: 4,
      fiscalOperationId: 2,
      paymentMethodId: null,
      categoryId: 9,
      installments: 3,
      firstDueInDays: 15,
      intervalDays: 30,
      freight: '12.50',
      discount: '2.00',
      notes: null,
      items: [
        { id: 11, productId: 3, quantity: '8.000', unitPrice: '12.5000', discountPercent: '2.50' },
      ],
    } as unknown as RequestedOrderDetail;
    const values = requestedOrderFormValues(order);
    expect(values.items).toEqual([
      { id: 11, productId: 3, quantity: '8', unitPrice: '12,50', discountPercent: '2,50' },
    ]);
    expect(values.freight).toBe('12,50');
    const input = toRequestedOrderInput(values, { version: 4 });
    expect(input.version).toBe(4);
    expect(input.items).toEqual([
      { id: 11, productId: 3, quantity: '8', unitPrice: '12.5', discountPercent: '2.5' },
    ]);
    expect(input.deliveryDate).toBe('2026-03-20');
    expect(input.fiscalOperationId).toBe(2);
  });
});
