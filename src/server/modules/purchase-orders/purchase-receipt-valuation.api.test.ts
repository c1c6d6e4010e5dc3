import { beforeAll, describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { PurchaseOrderDetail } from '../../../shared/resources/purchase-orders.js';
import { useTestApi } from '../../testing/api-app.js';
import {
  createItem,
  createLocation,
  createUnit,
  purchaseFixture,
} from './testing/purchase-fixtures.js';

/**
 * What a receipt puts into stock (issue 16 §4–5): each lot at its line's landed unit cost, whatever
 * the lot's size, and exactly the cents it cost in value, so neither the last purchase price nor
 * Consulta de Estoque moves by the rounding of a lot.
 */
const api = useTestApi();
const BASE = '/api/v1/purchase-orders';
const today = todayInSaoPaulo();
let token = '';
let fx: Awaited<ReturnType<typeof purchaseFixture>>;
/** Meters, with 2 decimals. */
let m = 0;

beforeAll(async () => {
  token = await api.adminToken();
  fx = await purchaseFixture(api.db);
  m = await createUnit(api.db, 2);
});

const post = (url: string, payload: object) => api.request({ method: 'POST', url, token, payload });

/** An APPROVED order of `lines` delivered to `locationId`. */
async function approvedOrder(
  lines: { itemId: number; quantity: string; unitPrice: string }[],
  extra: Record<string, unknown> = {},
): Promise<PurchaseOrderDetail> {
  const created = await post(BASE, {
    supplierId: fx.supplier.id,
    orderDate: today,
    locationId: fx.location.id,
    paymentMethodId: fx.method.id,
    categoryId: fx.category.id,
    items: lines,
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json() as PurchaseOrderDetail;
  const approved = await post(`${BASE}/${order.id}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json() as PurchaseOrderDetail;
}

async function receive(order: PurchaseOrderDetail, lines: { itemId: number; quantity: string }[]) {
  const response = await post(`${BASE}/${order.id}/receive`, { date: today, lines });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PurchaseOrderDetail;
}

/** The item's IN movements from purchase receipts, oldest first. */
const movementsOf = (itemId: number) =>
  api.db
    .selectFrom('stockMovements')
    .select(['quantity', 'unitCost', 'value'])
    .where('itemId', '=', itemId)
    .where('originType', '=', 'PURCHASE_ORDER')
    .orderBy('id')
    .execute();

const itemRow = (itemId: number) =>
  api.db
    .selectFrom('items')
    .select(['averageCost', 'stockValue', 'lastPurchasePrice'])
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();

const cents = (values: string[]) =>
  values.reduce((sum, value) => sum + BigInt(Math.round(Number(value) * 10000)), 0n);

describe('receiving a line in small lots', () => {
  it("records every lot at the line's landed unit cost, and the next order's price is that cost", async () => {
    const fabric = await createItem(api.db, { unitId: m, lastPurchasePrice: '12.0000' });
    // 50 m × 12.8718 = 643.59: the line's landed unit cost is 12.8718.
    const order = await approvedOrder([
      { itemId: fabric.id, quantity: '50', unitPrice: '12.8718' },
    ]);
    for (let lot = 0; lot < 3; lot++) await receive(order, [{ itemId: fabric.id, quantity: '1' }]);

    const lots = await movementsOf(fabric.id);
    expect(lots.map((lot) => lot.unitCost)).toEqual(['12.8718', '12.8718', '12.8718']);
    // The cents follow the line: 12.87, 25.74, 38.62 received so far (rounded), never drifting.
    expect(lots.map((lot) => lot.value)).toEqual(['12.8700', '12.8700', '12.8800']);
    expect(await itemRow(fabric.id)).toMatchObject({
      lastPurchasePrice: '12.8718',
      stockValue: '38.6200',
    });

    const next = await post(BASE, {
      supplierId: fx.supplier.id,
      orderDate: today,
      locationId: fx.location.id,
      paymentMethodId: fx.method.id,
      categoryId: fx.category.id,
      items: [{ itemId: fabric.id, quantity: '5' }],
    });
    expect(next.statusCode, next.body).toBe(201);
    expect((next.json() as PurchaseOrderDetail).items[0]!.unitPrice).toBe('12.8718');

    // The rest completes the line: its lots add up to the landed 643.59 exactly.
    const done = await receive(order, [{ itemId: fabric.id, quantity: '47' }]);
    expect(done.status).toBe('RECEIVED');
    const all = await movementsOf(fabric.id);
    expect(all.at(-1)).toMatchObject({ unitCost: '12.8718', value: '604.9700' });
    expect(cents(all.map((lot) => lot.value))).toBe(cents(['643.59']));
    expect(await itemRow(fabric.id)).toMatchObject({ stockValue: '643.5900' });
  });
});

describe('the stock value a receipt adds', () => {
  it('a receipt of R$ 2.770,00 adds exactly R$ 2.770,00, and Consulta de Estoque shows it', async () => {
    const location = await createLocation(api.db);
    const [a, b, c] = [
      await createItem(api.db, { unitId: fx.un }),
      await createItem(api.db, { unitId: fx.un }),
      await createItem(api.db, { unitId: fx.un }),
    ];
    // 930.00 + 910.00 + 720.00 and 210.00 of freight: landed values whose unit costs do not
    // divide to 4 places (1006.28 over 300, 984.65 over 700, 779.07 over 90).
    const order = await approvedOrder(
      [
        { itemId: a.id, quantity: '300', unitPrice: '3.10' },
        { itemId: b.id, quantity: '700', unitPrice: '1.30' },
        { itemId: c.id, quantity: '90', unitPrice: '8.00' },
      ],
      { freight: '210.00', locationId: location.id },
    );
    expect(order.total).toBe('2770.00');
    const after = await receive(
      order,
      order.items.map((line) => ({ itemId: line.itemId, quantity: line.quantity })),
    );
    expect(after.receipts[0]!.value).toBe('2770.00');

    const values = await Promise.all(
      [a, b, c].map(async (item) => (await itemRow(item.id)).stockValue),
    );
    expect(cents(values)).toBe(cents(['2770.00']));

    const stock = await api.request({
      method: 'GET',
      url: `/api/v1/stock-items?locationId=${location.id}`,
      token,
    });
    expect(stock.statusCode, stock.body).toBe(200);
    const page = stock.json() as { items: { value: string }[]; totalValue: string };
    expect(page.totalValue).toBe('2770.00');
    expect(cents(page.items.map((row) => row.value))).toBe(cents(['2770.00']));
  });
});
