import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ordersAtRisk, type OrderNeed } from './orders-at-risk.rules.js';

const need = (more: Partial<OrderNeed>): OrderNeed => ({
  orderId: 1,
  number: 1,
  deliveryDate: '2026-11-30',
  locationId: 1,
  productId: 1,
  missing: '10',
  coming: '0',
  free: '0',
  ...more,
});

describe('ordersAtRisk', () => {
  it('finds none without needs', () => {
    expect(ordersAtRisk([])).toEqual([]);
  });

  it('leaves an order whose shortfall the free stock covers', () => {
    expect(ordersAtRisk([need({ free: '10' })])).toEqual([]);
    expect(ordersAtRisk([need({ free: '9.999' })])).toEqual([1]);
  });

  it('counts what is coming in time before the free stock', () => {
    expect(ordersAtRisk([need({ coming: '6', free: '4' })])).toEqual([]);
    expect(ordersAtRisk([need({ coming: '6', free: '3' })])).toEqual([1]);
    // More coming than missing leaves nothing to take, and takes nothing from another product.
    expect(ordersAtRisk([need({ coming: '50' })])).toEqual([]);
  });

  it('is at risk when any one product is short', () => {
    expect(
      ordersAtRisk([need({ productId: 1, free: '10' }), need({ productId: 2, free: '2' })]),
    ).toEqual([1]);
  });

  it('serves the free stock to the earlier delivery first, then to the older order', () => {
    const first = need({ orderId: 7, number: 7, deliveryDate: '2026-11-28', free: '12' });
    const second = need({ orderId: 3, number: 3, deliveryDate: '2026-11-29', free: '12' });
    expect(ordersAtRisk([second, first])).toEqual([3]);
    const older = need({ orderId: 9, number: 2, free: '12' });
    const newer = need({ orderId: 4, number: 5, free: '12' });
    expect(ordersAtRisk([newer, older])).toEqual([4]);
  });

  it('lets the earlier order take what there is, as Reservar would', () => {
    // 15 free: the first (20 short) takes all 15 and is still at risk; none is left for the rest.
    const orders = [
      need({ orderId: 1, number: 1, missing: '20', free: '15' }),
      need({ orderId: 2, number: 2, deliveryDate: '2026-12-01', missing: '5', free: '15' }),
    ];
    expect(ordersAtRisk(orders)).toEqual([1, 2]);
  });

  it('keeps stock at one location for the orders shipping from there', () => {
    expect(
      ordersAtRisk([
        need({ orderId: 1, locationId: 1, free: '10' }),
        need({ orderId: 2, number: 2, locationId: 2, free: '10' }),
      ]),
    ).toEqual([]);
  });

  it('puts no order at risk with more free stock that it leaves with less', () => {
    const needs = fc.array(
      fc.record({
        orderId: fc.integer({ min: 1, max: 6 }),
        productId: fc.integer({ min: 1, max: 3 }),
        day: fc.integer({ min: 1, max: 9 }),
        missing: fc.integer({ min: 1, max: 40 }),
        coming: fc.integer({ min: 0, max: 40 }),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(
        needs,
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 30 }),
        (rows, free, more) => {
          const build = (stock: number) =>
            rows.map((row) =>
              need({
                orderId: row.orderId,
                number: row.orderId,
                productId: row.productId,
                deliveryDate: `2026-12-0${row.day}`,
                missing: String(row.missing),
                coming: String(row.coming),
                free: String(stock),
              }),
            );
          const fewer = ordersAtRisk(build(free + more));
          const many = ordersAtRisk(build(free));
          expect(fewer.every((id) => many.includes(id))).toBe(true);
        },
      ),
    );
  });
});
