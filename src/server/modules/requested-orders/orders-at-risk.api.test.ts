import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { Dashboard } from '../../../shared/resources/dashboard.js';
import { useTestApi } from '../../testing/api-app.js';
import { listOf } from '../dashboard/testing/dashboard-lists.js';
import { createCategory, createSupplier } from '../finance/testing/finance-factories.js';
import { invoiceFixture, type InvoiceFixture } from '../invoices/testing/invoice-fixtures.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { createItem, createUnit } from '../purchase-orders/testing/purchase-fixtures.js';

/**
 * "Em risco" (docs/decisions.md "Orders at risk") on hand-made orders, one product each unless
 * the case is about sharing stock: the dashboard's count equals the total of the list its link
 * opens, and the list holds exactly the orders the rule names.
 */
const api = useTestApi();
const today = todayInSaoPaulo();
let fx: InvoiceFixture;
let unit: number;
let supplierId: number;
let expenseId: number;
let nextNumber = 5000;
/** Order number → whether the rule must find it at risk. */
const expected = new Map<number, boolean>();

type Status = 'OPEN' | 'APPROVED' | 'PARTIALLY_INVOICED' | 'INVOICED' | 'DELIVERED' | 'CANCELLED';

async function product(stock?: string) {
  const item = await createItem(api.db, { kind: 'PRODUCT', origin: 'MANUFACTURED', unitId: unit });
  if (stock) {
    const response = await api.request({
      method: 'POST',
      url: '/api/v1/stock-movements',
      token: await api.adminToken(),
      payload: {
        type: 'IN',
        itemId: item.id,
        toLocationId: fx.location.id,
        quantity: stock,
        unitCost: '5.00',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  return item.id;
}

/** A sales order of one line, `atRisk` what the rule must say of it. */
async function order(
  atRisk: boolean,
  {
    status = 'APPROVED',
    deliveryIn,
    productId,
    quantity,
    reserved,
  }: {
    status?: Status;
    deliveryIn: number | null;
    productId: number;
    quantity: string;
    reserved?: string;
  },
) {
  nextNumber += 1;
  const number = nextNumber;
  const row = await api.db
    .insertInto('requestedOrders')
    .values({
      number,
      clientId: fx.client.id,
      orderDate: addDays(today, -20),
      deliveryDate: deliveryIn === null ? null : addDays(today, deliveryIn),
      locationId: fx.location.id,
      categoryId: fx.income.id,
      installments: 1,
      firstDueInDays: 30,
      intervalDays: 30,
      freight: '0',
      discount: '0',
      total: (Number(quantity) * 10).toFixed(2),
      status,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const line = await api.db
    .insertInto('requestedOrderItems')
    .values({
      requestedOrderId: row.id,
      productId,
      quantity,
      unitPrice: '10',
      discountPercent: '0',
      position: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (reserved) {
    await api.db
      .insertInto('stockReservations')
      .values({
        requestedOrderItemId: line.id,
        itemId: productId,
        locationId: fx.location.id,
        quantity: reserved,
      })
      .execute();
  }
  expected.set(number, atRisk);
  return row.id;
}

/** A production order linked to `requestedOrderId`, planned to end `endIn` days from today. */
async function production(
  requestedOrderId: number,
  productId: number,
  quantity: string,
  endIn: number,
  status: 'PLANNED' | 'IN_PROGRESS' | 'CANCELLED' = 'PLANNED',
) {
  nextNumber += 1;
  await api.db
    .insertInto('productionOrders')
    .values({
      number: nextNumber,
      productId,
      quantity,
      plannedStart: addDays(today, -10),
      plannedEnd: addDays(today, endIn),
      sourceLocationId: fx.location.id,
      targetLocationId: fx.location.id,
      requestedOrderId,
      status,
      startedAt: status === 'IN_PROGRESS' ? new Date() : null,
    })
    .execute();
}

/** A purchase order linked to `requestedOrderId`, expected `expectedIn` days from today. */
async function purchase(
  requestedOrderId: number,
  itemId: number,
  quantity: string,
  expectedIn: number,
  status: 'DRAFT' | 'APPROVED' | 'PARTIALLY_RECEIVED' = 'APPROVED',
  receivedQuantity = '0',
) {
  nextNumber += 1;
  const row = await api.db
    .insertInto('purchaseOrders')
    .values({
      number: nextNumber,
      supplierId,
      orderDate: addDays(today, -5),
      expectedDate: addDays(today, expectedIn),
      locationId: fx.location.id,
      categoryId: expenseId,
      installments: 1,
      firstDueInDays: 30,
      intervalDays: 30,
      freight: '0',
      discount: '0',
      total: '100',
      status,
      requestedOrderId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await api.db
    .insertInto('purchaseOrderItems')
    .values({
      purchaseOrderId: row.id,
      itemId,
      quantity,
      unitPrice: '1',
      receivedQuantity,
      position: 1,
    })
    .execute();
}

async function dashboard(token: string): Promise<Dashboard> {
  const response = await api.request({ method: 'GET', url: '/api/v1/dashboard', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  fx = await invoiceFixture(api, '100');
  unit = await createUnit(api.db, 0);
  supplierId = (await createSupplier(api.db)).id;
  expenseId = (await createCategory(api.db, 'EXPENSE')).id;

  // Covered by its own reservation (nothing else in stock): not at risk.
  const reservedProduct = await product('10');
  await order(false, { deliveryIn: 3, productId: reservedProduct, quantity: '10', reserved: '10' });
  // Covered by the free stock at its location: not at risk.
  await order(false, { deliveryIn: 2, productId: await product('40'), quantity: '30' });
  // Its production order ends on the delivery day: not at risk.
  const onTime = await product();
  await production(
    await order(false, { deliveryIn: 4, productId: onTime, quantity: '20' }),
    onTime,
    '20',
    4,
  );
  // In progress, ending tomorrow, with 5 in stock for the rest: not at risk.
  const inProgress = await product('5');
  await production(
    await order(false, { deliveryIn: 5, productId: inProgress, quantity: '25' }),
    inProgress,
    '20',
    1,
    'IN_PROGRESS',
  );
  // Its production order is late (planned end yesterday): at risk.
  const late = await product();
  await production(
    await order(true, { deliveryIn: 2, productId: late, quantity: '20' }),
    late,
    '20',
    -1,
  );
  // Its production order ends after the delivery date: at risk.
  const afterDelivery = await product();
  await production(
    await order(true, { deliveryIn: 3, productId: afterDelivery, quantity: '20' }),
    afterDelivery,
    '20',
    6,
  );
  // Its production order makes too few, a cancelled one would have made the rest: at risk.
  const tooFew = await product();
  const tooFewOrder = await order(true, { deliveryIn: 1, productId: tooFew, quantity: '20' });
  await production(tooFewOrder, tooFew, '15', 1);
  await production(tooFewOrder, tooFew, '5', 1, 'CANCELLED');
  // A purchase order expected by the delivery date brings what is missing: not at risk.
  const bought = await product();
  await purchase(
    await order(false, { deliveryIn: 6, productId: bought, quantity: '12' }),
    bought,
    '20',
    3,
    'PARTIALLY_RECEIVED',
    '8',
  );
  // One expected after the delivery date, and a draft: at risk.
  const boughtLate = await product();
  const boughtLateOrder = await order(true, {
    deliveryIn: 2,
    productId: boughtLate,
    quantity: '12',
  });
  await purchase(boughtLateOrder, boughtLate, '12', 5);
  await purchase(boughtLateOrder, boughtLate, '12', 1, 'DRAFT');
  // Delivery already passed, nothing covers it: at risk (late, not merely at risk of it).
  await order(true, { deliveryIn: -5, productId: await product(), quantity: '3' });
  // Partly invoiced and due in 7 days, the limit: at risk; in 8 days: not yet.
  await order(true, {
    status: 'PARTIALLY_INVOICED',
    deliveryIn: 7,
    productId: await product(),
    quantity: '3',
  });
  await order(false, { deliveryIn: 8, productId: await product(), quantity: '3' });
  // Far away, without a date, or not (or no longer) to deliver: never at risk.
  await order(false, { deliveryIn: 30, productId: await product(), quantity: '1000' });
  await order(false, { deliveryIn: null, productId: await product(), quantity: '1000' });
  for (const status of ['OPEN', 'INVOICED', 'DELIVERED', 'CANCELLED'] as const) {
    await order(false, { status, deliveryIn: 1, productId: await product(), quantity: '1000' });
  }
  // Two orders sharing 15 free: the earlier delivery (10) is served, the later (10) is short.
  const shared = await product('15');
  await order(false, { deliveryIn: 2, productId: shared, quantity: '10' });
  await order(true, { deliveryIn: 3, productId: shared, quantity: '10' });
});

describe('orders at risk', () => {
  it('counts on the dashboard exactly the orders the list shows with the card link', async () => {
    const { cards } = await dashboard(await api.adminToken());
    const atRisk = cards.ordersToDeliver!.atRisk;
    const list = await listOf(api, atRisk.link, { totals: 'true' });
    const numbers = (list.items as { number: string }[]).map((row) => Number(row.number.slice(3)));
    const wanted = [...expected].filter(([, risk]) => risk).map(([number]) => number);
    expect(numbers.sort()).toEqual(wanted.sort());
    expect(atRisk.count).toBe(list.total);
    expect(atRisk.count).toBe(wanted.length);
    expect(atRisk.link.list).toBe('requestedOrders');
  });

  it('filters the list by delivery date and by "Em risco" on their own', async () => {
    const query = async (search: string) => {
      const response = await api.request({
        method: 'GET',
        url: `/api/v1/requested-orders?pageSize=100&${search}`,
        token: await api.adminToken(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { total: number; items: { deliveryDate: string | null }[] };
    };
    const risky = [...expected.values()].filter(Boolean).length;
    expect((await query('atRisk=true')).total).toBe(risky);
    expect((await query('atRisk=false')).total).toBe(expected.size);
    const from = addDays(today, 7);
    const to = addDays(today, 8);
    const week = await query(`deliveryDateFrom=${from}&deliveryDateTo=${to}`);
    expect(week.total).toBe(2);
    expect(week.items.every((row) => row.deliveryDate! >= from && row.deliveryDate! <= to)).toBe(
      true,
    );
  });

  it('is not shown to a user who may not read the sales orders', async () => {
    const planner = await userWith(api, ['dashboard:read', 'productionOrders:read']);
    const { cards } = await dashboard(planner.token);
    expect(cards.ordersToDeliver).toBeUndefined();
    expect(Object.keys(cards)).toEqual(['productionInProgress', 'productionLate']);
  });
});
