import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { productionFixtures } from '../production-orders/testing/production-fixtures.js';
import { orderFixture, orderInput, type OrderFixture } from './testing/order-fixtures.js';

const api = useTestApi();
const BASE = '/api/v1/requested-orders';
let scene: OrderFixture;

beforeAll(async () => {
  scene = await orderFixture(api, '0');
});

async function send(method: 'GET' | 'POST', url: string, payload?: unknown) {
  return api.request({ method, url, token: await api.adminToken(), payload: payload as never });
}

async function order(items: { productId: number; quantity: string }[]) {
  const created = await send('POST', BASE, orderInput(scene, { discount: '0.00', items }));
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: number; items: { id: number; productId: number }[] };
}

describe('what could be produced now', () => {
  it("is the least the materials at the order's location allow, reserved units not counted", async () => {
    const pf = productionFixtures(api);
    const meters = await pf.unit(2);
    const pieces = await pf.unit(0);
    const fabric = await pf.feedstock(meters);
    const buttons = await pf.feedstock(pieces);
    // One shirt takes 1.5 m of fabric with 10 % loss (1.65 m) and 6 buttons.
    const shirt = await pf.product(
      pieces,
      [
        { feedstockId: fabric, quantity: '1.5', lossPercent: '10' },
        { feedstockId: buttons, quantity: '6' },
      ],
      [],
      { salePrice: '80.00' },
    );
    await pf.stockIn(fabric, scene.location.id, '20', '12.00');
    await pf.stockIn(buttons, scene.location.id, '100', '0.10');
    // Fabric elsewhere does not count.
    await pf.stockIn(fabric, await pf.location(), '500', '12.00');

    const sale = await order([
      { productId: shirt, quantity: '30' },
      { productId: scene.cap.id, quantity: '2' },
      { productId: scene.shirt.id, quantity: '1' },
    ]);
    const availability = async () =>
      (await send('GET', `${BASE}/${sale.id}/availability`)).json().items as {
        lineId: number;
        canProduceNow: string | null;
      }[];
    // Fabric binds: 20 m ÷ 1.65 = 12 shirts (13 would take 21.45 m); buttons would allow 16.
    // A resale product and a product without a bill of materials: null.
    expect((await availability()).map((line) => line.canProduceNow)).toEqual([
      '12.000',
      null,
      null,
    ]);

    // 5 m of the fabric held by another order (on hand − every reservation): 15 m make 9.
    const other = await order([{ productId: scene.cap.id, quantity: '1' }]);
    await api.db
      .insertInto('stockReservations')
      .values({
        requestedOrderItemId: other.items[0]!.id,
        itemId: fabric,
        locationId: scene.location.id,
        quantity: '5.000',
      })
      .execute();
    expect((await availability())[0]!.canProduceNow).toBe('9.000');

    // Buttons become the binding material once fewer than 9 × 6 are left free.
    await pf.post('stock-movements', {
      type: 'OUT',
      itemId: buttons,
      fromLocationId: scene.location.id,
      quantity: '53',
    });
    expect((await availability())[0]!.canProduceNow).toBe('7.000');

    // The order form asks the same before the order exists: by location and products.
    const stock = await send(
      'GET',
      `${BASE}/stock?locationId=${scene.location.id}&productIds=${shirt},${scene.cap.id},${fabric}`,
    );
    expect(stock.statusCode, stock.body).toBe(200);
    // A feedstock is not a product: left out.
    expect(stock.json().items).toEqual(
      expect.arrayContaining([
        { productId: shirt, onHand: '0.000', available: '0.000', canProduceNow: '7.000' },
        { productId: scene.cap.id, onHand: '0.000', available: '0.000', canProduceNow: null },
      ]),
    );
    expect(stock.json().items).toHaveLength(2);
  });

  it('answers the stock of products only to who may read orders, and refuses a bad list', async () => {
    const bad = await send('GET', `${BASE}/stock?locationId=${scene.location.id}&productIds=1;2`);
    expect(bad.statusCode).toBe(400);
    const clerk = await userWith(api, ['clients:read']);
    const refused = await api.request({
      method: 'GET',
      url: `${BASE}/stock?locationId=${scene.location.id}&productIds=${scene.cap.id}`,
      token: clerk.token,
    });
    expect(refused.statusCode).toBe(403);
  });
});
