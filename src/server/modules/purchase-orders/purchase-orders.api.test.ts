import { mkdir, writeFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../shared/error-codes.js';
import { addDays, todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import type { PurchaseOrderDetail } from '../../../shared/resources/purchase-orders.js';
import { readSpreadsheet } from '../../platform/spreadsheet.js';
import { useTestApi } from '../../testing/api-app.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { createItem, purchaseFixture } from './testing/purchase-fixtures.js';

const api = useTestApi();
const BASE = '/api/v1/purchase-orders';
const today = todayInSaoPaulo();
let token = '';
let fx: Awaited<ReturnType<typeof purchaseFixture>>;

beforeAll(async () => {
  token = await api.adminToken();
  fx = await purchaseFixture(api.db);
});

const post = (url: string, payload?: object, as = token) =>
  api.request({ method: 'POST', url, token: as, ...(payload ? { payload } : {}) });
const put = (url: string, payload: object, as = token) =>
  api.request({ method: 'PUT', url, token: as, payload });
const get = (url: string, as = token) => api.request({ method: 'GET', url, token: as });

const feedstock = (extra: { lastPurchasePrice?: string | null; defaultSupplierId?: number } = {}) =>
  createItem(api.db, { unitId: fx.un, lastPurchasePrice: '10.0000', ...extra });

const header = (extra: Record<string, unknown> = {}) => ({
  supplierId: fx.supplier.id,
  orderDate: today,
  locationId: fx.location.id,
  paymentMethodId: fx.method.id,
  categoryId: fx.category.id,
  ...extra,
});

async function create(payload: Record<string, unknown>): Promise<PurchaseOrderDetail> {
  const response = await post(BASE, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PurchaseOrderDetail;
}

/** A DRAFT of one line (10 × 10.00) of a new item. */
async function draft(extra: Record<string, unknown> = {}): Promise<PurchaseOrderDetail> {
  const item = await feedstock();
  return create(header({ items: [{ itemId: item.id, quantity: '10' }], ...extra }));
}

async function action(id: number, name: string, payload?: object, as = token) {
  return post(`${BASE}/${id}/${name}`, payload, as);
}

async function approved(extra: Record<string, unknown> = {}): Promise<PurchaseOrderDetail> {
  const order = await draft(extra);
  const response = await action(order.id, 'approve');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PurchaseOrderDetail;
}

const receiveAll = (order: PurchaseOrderDetail, extra: Record<string, unknown> = {}) => ({
  date: today,
  lines: order.items.map((line) => ({ lineId: line.id, quantity: line.quantity })),
  ...extra,
});

async function received(order: PurchaseOrderDetail, payload: object): Promise<PurchaseOrderDetail> {
  const response = await action(order.id, 'receive', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as PurchaseOrderDetail;
}

/** The order's stock movements, bills and receipts as stored, to see what a receipt wrote. */
async function writtenFor(orderId: number) {
  const movements = await api.db
    .selectFrom('stockMovements')
    .select(['itemId', 'type', 'quantity', 'unitCost', 'value', 'toLocationId', 'date'])
    .where('originType', '=', 'PURCHASE_ORDER')
    .where('originId', '=', orderId)
    .orderBy('id')
    .execute();
  const bills = await api.db
    .selectFrom('bills')
    .select([
      'amount',
      'dueDate',
      'issueDate',
      'installment',
      'documentNumber',
      'description',
      'supplierId',
      'categoryId',
      'paymentMethodId',
    ])
    .where('originType', '=', 'PURCHASE_ORDER')
    .where('originId', '=', orderId)
    .orderBy('id')
    .execute();
  const receipts = await api.db
    .selectFrom('purchaseReceipts')
    .select(['id', 'value'])
    .where('purchaseOrderId', '=', orderId)
    .execute();
  return { movements, bills, receipts };
}

const cents = (values: string[]) =>
  values.reduce((sum, value) => sum + BigInt(value.replace('.', '')), 0n);

describe('creating and editing a draft', () => {
  it('creates a DRAFT numbered OC-, prices from the last purchase, totals and names', async () => {
    const a = await feedstock({ lastPurchasePrice: '2.5000' });
    const b = await createItem(api.db, {
      unitId: fx.kg,
      kind: 'PRODUCT',
      origin: 'RESALE',
      lastPurchasePrice: '1.0000',
    });
    const order = await create(
      header({
        freight: '15.00',
        discount: '4.00',
        installments: 3,
        firstDueInDays: 30,
        intervalDays: 30,
        expectedDate: addDays(today, 7),
        notes: 'Entregar pela manhã',
        items: [
          { itemId: a.id, quantity: '10' },
          { itemId: b.id, quantity: '3', unitPrice: '1.3333' },
        ],
      }),
    );
    expect(order.number).toMatch(/^OC-\d{6}$/);
    expect(order).toMatchObject({
      status: 'DRAFT',
      supplierName: fx.supplier.name,
      locationName: fx.location.name,
      categoryName: fx.category.name,
      paymentMethodName: fx.method.name,
      itemsTotal: '29.00',
      freight: '15.00',
      discount: '4.00',
      total: '40.00',
      receivedValue: '0.00',
      installments: 3,
      version: 1,
      receipts: [],
    });
    expect(order.items.map((l) => [l.itemId, l.quantity, l.unitPrice, l.lineTotal])).toEqual([
      [a.id, '10.000', '2.5000', '25.00'],
      [b.id, '3.000', '1.3333', '4.00'],
    ]);
    expect(order.items[0]).toMatchObject({
      itemName: a.name,
      itemKind: 'FEEDSTOCK',
      receivedQuantity: '0.000',
      pendingQuantity: '10.000',
      position: 1,
    });
    const history = await get(`/api/v1/audit?entity=purchase-orders&entityId=${order.id}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().items.map((e: { action: string }) => e.action)).toEqual(['create']);
  });

  it('refuses a manufactured product, an item without a price, a large discount, each on its field', async () => {
    const made = await createItem(api.db, {
      unitId: fx.un,
      kind: 'PRODUCT',
      origin: 'MANUFACTURED',
    });
    const unpriced = await feedstock({ lastPurchasePrice: null });
    const response = await post(
      BASE,
      header({
        discount: '1000.00',
        categoryId: fx.income.id,
        items: [
          { itemId: made.id, quantity: '1', unitPrice: '1' },
          { itemId: unpriced.id, quantity: '1' },
          { itemId: unpriced.id, quantity: '1.5', unitPrice: '1' },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toEqual({
      'items.0.itemId': messages.purchaseOrders.notPurchasable,
      'items.1.unitPrice': messages.purchaseOrders.noPrice,
      'items.2.quantity': messages.tooManyUnitDecimals(0),
      discount: messages.purchaseOrders.discountTooLarge,
      categoryId: messages.finance.categoryOfOtherKind('despesa'),
    });
  });

  it('replaces the lines by id with the version read; a stale version changes nothing', async () => {
    const [a, b, c] = [await feedstock(), await feedstock(), await feedstock()];
    const order = await create(
      header({
        items: [
          { itemId: a.id, quantity: '1' },
          { itemId: b.id, quantity: '2' },
        ],
      }),
    );
    const [first] = order.items;
    await sql`UPDATE items SET last_purchase_price = 99 WHERE id = ${a.id}`.execute(api.db);
    const response = await put(`${BASE}/${order.id}`, {
      ...header({ freight: '5.00' }),
      version: order.version,
      items: [
        // Without a price, an existing line keeps its own (10.00), not the new last price.
        { id: first!.id, itemId: a.id, quantity: '4' },
        { itemId: c.id, quantity: '1', unitPrice: '7' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as PurchaseOrderDetail;
    expect(saved.items.map((l) => [l.id === first!.id, l.itemId, l.quantity])).toEqual([
      [true, a.id, '4.000'],
      [false, c.id, '1.000'],
    ]);
    expect(saved).toMatchObject({ total: '52.00', version: 2 });

    const stale = await put(`${BASE}/${order.id}`, {
      ...header(),
      version: order.version,
      items: [],
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.code).toBe(ErrorCode.STALE_VERSION);
    expect((await get(`${BASE}/${order.id}`)).json().items).toHaveLength(2);

    const history = await get(`/api/v1/audit?entity=purchase-orders&entityId=${order.id}`);
    const update = history.json().items[0];
    expect(update.action).toBe('update');
    expect(update.changes.freight).toEqual({ from: '0.00', to: '5.00' });
    expect(update.changes.items.to).toEqual(
      expect.arrayContaining([expect.objectContaining({ itemId: c.id })]),
    );
  });

  it('deletes a DRAFT (204) but not an approved order (409)', async () => {
    const order = await draft();
    const removed = await api.request({ method: 'DELETE', url: `${BASE}/${order.id}`, token });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await get(`${BASE}/${order.id}`)).statusCode).toBe(404);
    const other = await approved();
    const refused = await api.request({ method: 'DELETE', url: `${BASE}/${other.id}`, token });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe(ErrorCode.INVALID_STATUS);
  });
});

describe('the status machine', () => {
  it('approves only with a line and a total above zero (422)', async () => {
    const empty = await create(header({ items: [] }));
    const response = await action(empty.id, 'approve');
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.message).toBe(messages.purchaseOrders.approveNeedsLines);
    const item = await feedstock();
    const free = await create(
      header({ items: [{ itemId: item.id, quantity: '1', unitPrice: '0' }] }),
    );
    expect((await action(free.id, 'approve')).statusCode).toBe(422);
    expect((await get(`${BASE}/${free.id}`)).json().status).toBe('DRAFT');
  });

  /** An order in each status, to try every action from each. */
  async function inStatus(status: string): Promise<PurchaseOrderDetail> {
    if (status === 'DRAFT') return draft();
    const order = await approved();
    if (status === 'APPROVED') return order;
    if (status === 'CANCELLED') return (await action(order.id, 'cancel')).json();
    const line = order.items[0]!;
    const quantity = status === 'RECEIVED' ? line.quantity : '4';
    return received(order, { date: today, lines: [{ lineId: line.id, quantity }] });
  }

  const allowed: Record<string, string[]> = {
    DRAFT: ['edit', 'approve', 'cancel', 'delete'],
    APPROVED: ['receive', 'cancel'],
    PARTIALLY_RECEIVED: ['receive', 'close'],
    RECEIVED: [],
    CANCELLED: [],
  };

  for (const status of Object.keys(allowed)) {
    it(`from ${status} allows ${allowed[status]!.join(', ') || 'nothing'} and answers 409 to the rest`, async () => {
      const results: Record<string, number> = {};
      for (const name of ['edit', 'approve', 'receive', 'close', 'cancel', 'delete']) {
        const order = await inStatus(status);
        let response;
        if (name === 'edit') {
          response = await put(`${BASE}/${order.id}`, {
            ...header(),
            version: order.version,
            items: order.items.map((l) => ({
              id: l.id,
              itemId: l.itemId,
              quantity: '3',
              unitPrice: l.unitPrice,
            })),
          });
        } else if (name === 'delete') {
          response = await api.request({ method: 'DELETE', url: `${BASE}/${order.id}`, token });
        } else if (name === 'receive') {
          response = await action(order.id, 'receive', {
            date: today,
            lines: [{ lineId: order.items[0]!.id, quantity: '1' }],
          });
        } else {
          response = await action(order.id, name);
        }
        results[name] = response.statusCode;
        if (response.statusCode === 409) {
          expect(response.json().error.code).toBe(ErrorCode.INVALID_STATUS);
          const after = (await get(`${BASE}/${order.id}`)).json() as PurchaseOrderDetail;
          expect(after.status).toBe(status);
          expect(after.version).toBe(order.version);
        }
      }
      const ok = Object.entries(results)
        .filter(([, code]) => code < 300)
        .map(([name]) => name);
      expect(ok).toEqual(allowed[status]);
      expect(Object.values(results).every((code) => code < 300 || code === 409)).toBe(true);
    });
  }

  it('runs each action twice at once: one succeeds, the other answers 409', async () => {
    const twice = async (order: PurchaseOrderDetail, name: string, payload?: object) => {
      const responses = await Promise.all([
        action(order.id, name, payload),
        action(order.id, name, payload),
      ]);
      const codes = responses.map((r) => r.statusCode).sort();
      expect(codes, responses.map((r) => r.body).join('\n')).toEqual([
        name === 'receive' ? 201 : 200,
        409,
      ]);
    };
    await twice(await draft(), 'approve');
    const edited = await draft();
    const edits = await Promise.all(
      [1, 2].map(() =>
        put(`${BASE}/${edited.id}`, {
          ...header({ freight: '1.00' }),
          version: edited.version,
          items: [],
        }),
      ),
    );
    expect(edits.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await twice(await draft(), 'cancel');
    await twice(await approved(), 'cancel');
    const full = await approved();
    await twice(full, 'receive', receiveAll(full));
    expect((await writtenFor(full.id)).movements).toHaveLength(1);
    const partial = await approved();
    await received(partial, {
      date: today,
      lines: [{ lineId: partial.items[0]!.id, quantity: '1' }],
    });
    await twice(partial, 'close');
  });

  it('numbers 20 orders created at once without a gap or a repeat', async () => {
    const item = await feedstock();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(BASE, header({ items: [{ itemId: item.id, quantity: '1' }] })),
      ),
    );
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    const numbers = responses
      .map((r) => Number((r.json() as PurchaseOrderDetail).number.slice(3)))
      .sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => numbers[0]! + i));
  });
});

describe('receiving', () => {
  it('refuses more than was ordered with 422 listing every line, and changes nothing', async () => {
    const [a, b] = [await feedstock(), await feedstock()];
    const order = await create(
      header({
        items: [
          { itemId: a.id, quantity: '5' },
          { itemId: b.id, quantity: '2' },
        ],
      }),
    );
    await action(order.id, 'approve');
    await received(order, { date: today, lines: [{ itemId: a.id, quantity: '3' }] });
    const response = await action(order.id, 'receive', {
      date: today,
      lines: [
        { itemId: a.id, quantity: '3' },
        { itemId: b.id, quantity: '3' },
      ],
    });
    expect(response.statusCode, response.body).toBe(422);
    const error = response.json().error;
    expect(error.code).toBe(ErrorCode.OVER_RECEIPT);
    expect(error.details).toEqual([
      expect.objectContaining({
        index: 0,
        itemId: a.id,
        ordered: '5.000',
        received: '3.000',
        quantity: '3.000',
        remaining: '2.000',
      }),
      expect.objectContaining({
        index: 1,
        itemId: b.id,
        ordered: '2.000',
        received: '0.000',
        quantity: '3.000',
        remaining: '2.000',
      }),
    ]);
    expect(Object.keys(error.fields)).toEqual(['lines.0.quantity', 'lines.1.quantity']);
    const after = (await get(`${BASE}/${order.id}`)).json() as PurchaseOrderDetail;
    expect(after.items.map((l) => l.receivedQuantity)).toEqual(['3.000', '0.000']);
    expect((await writtenFor(order.id)).movements).toHaveLength(1);
  });

  it('refuses a line of another order, an item on no line, the same line twice (400)', async () => {
    const order = await approved();
    const other = await approved();
    const stranger = await feedstock();
    const response = await action(order.id, 'receive', {
      date: today,
      lines: [
        { lineId: other.items[0]!.id, quantity: '1' },
        { itemId: stranger.id, quantity: '1' },
        { lineId: order.items[0]!.id, quantity: '1' },
        { itemId: order.items[0]!.itemId, quantity: '1' },
      ],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toEqual({
      'lines.0.lineId': messages.purchaseOrders.lineNotInOrder,
      'lines.1.itemId': messages.purchaseOrders.lineNotInOrder,
      'lines.3.itemId': messages.purchaseOrders.repeatedLine,
    });
    const future = await action(
      order.id,
      'receive',
      receiveAll(order, { date: addDays(today, 1) }),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual({ date: messages.stock.futureDate });
  });

  it("refuses a receipt dated before the order's date (400 on date) and receives on that day", async () => {
    const orderDate = addDays(today, -3);
    const order = await approved({ orderDate });
    const early = await action(
      order.id,
      'receive',
      receiveAll(order, { date: addDays(today, -4) }),
    );
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().error.fields).toEqual({
      date: messages.purchaseOrders.receiptBeforeOrder(orderDate.split('-').reverse().join('/')),
    });
    expect((await writtenFor(order.id)).movements).toEqual([]);
    const onTheDay = await received(order, receiveAll(order, { date: orderDate }));
    expect(onTheDay.status).toBe('RECEIVED');
  });

  it('two receipts at once: the second waits, sees what the first received and is refused beyond it', async () => {
    const order = await approved();
    const line = order.items[0]!;
    const responses = await Promise.all(
      [0, 1].map(() =>
        action(order.id, 'receive', { date: today, lines: [{ lineId: line.id, quantity: '6' }] }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const refused = responses.find((r) => r.statusCode === 422)!.json().error;
    expect(refused.code).toBe(ErrorCode.OVER_RECEIPT);
    expect(refused.details[0]).toMatchObject({ received: '6.000', remaining: '4.000' });
    const after = (await get(`${BASE}/${order.id}`)).json() as PurchaseOrderDetail;
    expect(after).toMatchObject({ status: 'PARTIALLY_RECEIVED' });
    expect(after.items[0]!.receivedQuantity).toBe('6.000');
    expect((await writtenFor(order.id)).movements).toHaveLength(1);
  });

  it('asks for the line when the item is on two lines of the order', async () => {
    const item = await feedstock();
    const order = await create(
      header({
        items: [
          { itemId: item.id, quantity: '1' },
          { itemId: item.id, quantity: '2' },
        ],
      }),
    );
    await action(order.id, 'approve');
    const response = await action(order.id, 'receive', {
      date: today,
      lines: [{ itemId: item.id, quantity: '1' }],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toEqual({
      'lines.0.itemId': messages.purchaseOrders.ambiguousItem,
    });
    const byLine = await action(order.id, 'receive', {
      date: today,
      lines: [{ lineId: order.items[1]!.id, quantity: '2' }],
    });
    expect(byLine.statusCode, byLine.body).toBe(201);
    expect(
      byLine.json().items.map((l: { receivedQuantity: string }) => l.receivedQuantity),
    ).toEqual(['0.000', '2.000']);
  });

  it('posts IN movements at the landed unit costs, moves average and last purchase price, and bills the value in installments', async () => {
    const [a, b, c] = [
      await feedstock({ lastPurchasePrice: '1.0000' }),
      await feedstock(),
      await feedstock(),
    ];
    // Lines 100.00, 200.00 and 33.33 (3 × 11.11); freight 10.00 and discount 3.33 by value.
    const order = await create(
      header({
        orderDate: addDays(today, -5),
        freight: '10.00',
        discount: '3.33',
        installments: 3,
        firstDueInDays: 10,
        intervalDays: 30,
        locationId: fx.otherLocation.id,
        items: [
          { itemId: a.id, quantity: '10', unitPrice: '10' },
          { itemId: b.id, quantity: '4', unitPrice: '50' },
          { itemId: c.id, quantity: '3', unitPrice: '11.11' },
        ],
      }),
    );
    expect(order.total).toBe('340.00');
    await action(order.id, 'approve');
    const date = addDays(today, -2);
    const after = await received(order, receiveAll(order, { date, invoiceNumber: '123' }));
    expect(after.status).toBe('RECEIVED');

    const { movements, bills, receipts } = await writtenFor(order.id);
    // Freight 10.00 over 333.33: 3.00, 6.00, 1.00; discount 3.33: 1.00, 2.00, 0.33.
    expect(
      movements.map((m) => [m.itemId, m.type, m.quantity, m.unitCost, m.toLocationId, m.date]),
    ).toEqual([
      [a.id, 'IN', '10.000', '10.2000', fx.otherLocation.id, date],
      [b.id, 'IN', '4.000', '51.0000', fx.otherLocation.id, date],
      [c.id, 'IN', '3.000', '11.3333', fx.otherLocation.id, date],
    ]);
    expect(after.receipts).toHaveLength(1);
    expect(after.receipts[0]!.lines.map((l) => l.value)).toEqual(['102.00', '204.00', '34.00']);
    expect(after.receipts[0]).toMatchObject({ invoiceNumber: '123', value: '340.00', date });
    expect(receipts.map((r) => r.value)).toEqual(['340.00']);

    const items = await api.db
      .selectFrom('items')
      .select(['id', 'averageCost', 'lastPurchasePrice'])
      .where('id', 'in', [a.id, b.id, c.id])
      .orderBy('id')
      .execute();
    expect(items.map((i) => [i.averageCost, i.lastPurchasePrice])).toEqual([
      ['10.2000', '10.2000'],
      ['51.0000', '51.0000'],
      ['11.3333', '11.3333'],
    ]);

    expect(bills.map((bill) => [bill.amount, bill.dueDate, bill.installment])).toEqual([
      ['113.33', addDays(date, 10), '1/3'],
      ['113.33', addDays(date, 40), '2/3'],
      ['113.34', addDays(date, 70), '3/3'],
    ]);
    expect(bills[0]).toMatchObject({
      issueDate: date,
      documentNumber: '123',
      description: `${order.number} — ${fx.supplier.name}`,
      supplierId: fx.supplier.id,
      categoryId: fx.category.id,
      paymentMethodId: fx.method.id,
    });

    const history = await get(`/api/v1/audit?entity=purchase-orders&entityId=${order.id}`);
    const receive = history.json().items[0];
    expect(receive.action).toBe('receive');
    expect(receive.changes.status).toEqual({ from: 'APPROVED', to: 'RECEIVED' });
    expect(receive.changes.receipt.to).toMatchObject({
      invoiceNumber: '123',
      lines: 3,
      value: '340.00',
    });
  });

  it('receives in two parts and then the rest: RECEIVED, receipts and bills add up to the total to the cent', async () => {
    const [a, b] = [await feedstock(), await feedstock()];
    const order = await create(
      header({
        freight: '7.77',
        discount: '1.01',
        installments: 2,
        firstDueInDays: 0,
        intervalDays: 15,
        items: [
          { itemId: a.id, quantity: '7', unitPrice: '3.3333' },
          { itemId: b.id, quantity: '3', unitPrice: '9.99' },
        ],
      }),
    );
    await action(order.id, 'approve');
    const first = await received(order, {
      date: today,
      lines: [
        { itemId: a.id, quantity: '2' },
        { itemId: b.id, quantity: '1' },
      ],
    });
    expect(first.status).toBe('PARTIALLY_RECEIVED');
    const second = await received(order, { date: today, lines: [{ itemId: a.id, quantity: '3' }] });
    expect(second.status).toBe('PARTIALLY_RECEIVED');
    expect(second.items.map((l) => l.pendingQuantity)).toEqual(['2.000', '2.000']);
    const last = await received(order, {
      date: today,
      lines: [
        { itemId: a.id, quantity: '2' },
        { itemId: b.id, quantity: '2' },
      ],
    });
    expect(last.status).toBe('RECEIVED');
    expect(last.receipts).toHaveLength(3);
    expect(last.receivedValue).toBe(order.total);
    const { bills, movements } = await writtenFor(order.id);
    expect(cents(bills.map((bill) => bill.amount))).toBe(cents([order.total]));
    expect(bills).toHaveLength(6);
    expect(movements).toHaveLength(5);
    expect(cents(last.receipts.map((r) => r.value))).toBe(cents([order.total]));
  });

  it('receives at another location when told, and refuses an inactive one', async () => {
    const order = await approved();
    const inactive = await api.db
      .insertInto('stockLocations')
      .values({ name: `Desativado ${order.id}`, active: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await action(
      order.id,
      'receive',
      receiveAll(order, { locationId: inactive.id }),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fields).toEqual({ locationId: messages.finance.inactive });
    const after = await received(order, receiveAll(order, { locationId: fx.otherLocation.id }));
    expect(after.receipts[0]).toMatchObject({
      locationId: fx.otherLocation.id,
      locationName: fx.otherLocation.name,
    });
    const { movements } = await writtenFor(order.id);
    expect(movements.map((m) => m.toLocationId)).toEqual([fx.otherLocation.id]);
  });

  it('bills a receipt smaller than a cent per installment in fewer installments', async () => {
    const item = await feedstock();
    const order = await create(
      header({
        installments: 12,
        items: [{ itemId: item.id, quantity: '100', unitPrice: '0.01' }],
      }),
    );
    await action(order.id, 'approve');
    await received(order, { date: today, lines: [{ itemId: item.id, quantity: '5' }] });
    const { bills } = await writtenFor(order.id);
    expect(bills.map((bill) => [bill.amount, bill.installment])).toEqual([
      ['0.01', '1/5'],
      ['0.01', '2/5'],
      ['0.01', '3/5'],
      ['0.01', '4/5'],
      ['0.01', '5/5'],
    ]);
  });

  it("refuses to reverse a receipt's movement by hand: 422 naming the order, which has no undo", async () => {
    const order = await approved();
    await received(order, receiveAll(order));
    const [entry] = await api.db
      .selectFrom('stockMovements')
      .select(['id', 'itemId'])
      .where('originType', '=', 'PURCHASE_ORDER')
      .where('originId', '=', order.id)
      .execute();
    const refused = await post(`/api/v1/stock-movements/${entry!.id}/reverse`);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: ErrorCode.DOCUMENT_MOVEMENT,
      message:
        `Este movimento foi gerado pela Ordem de Compra ${order.number} e não pode ser ` +
        'estornado aqui. Um recebimento não tem estorno: corrija o estoque com um movimento ' +
        'manual (Saída ou Ajuste de inventário) e as contas a pagar do recebimento em Contas a ' +
        'Pagar.',
    });
    const reversals = await api.db
      .selectFrom('stockMovements')
      .select('id')
      .where('reversalOf', '=', entry!.id)
      .execute();
    expect(reversals).toEqual([]);
  });

  it('Encerrar: a partially received order becomes RECEIVED and stops receiving', async () => {
    const order = await approved();
    await received(order, { date: today, lines: [{ lineId: order.items[0]!.id, quantity: '4' }] });
    const closed = await action(order.id, 'close');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'RECEIVED' });
    expect(closed.json().items[0].pendingQuantity).toBe('6.000');
    const more = await action(order.id, 'receive', {
      date: today,
      lines: [{ lineId: order.items[0]!.id, quantity: '1' }],
    });
    expect(more.statusCode).toBe(409);
  });

  it('a receipt that fails in finance leaves no movement, no receipt and the order as it was', async () => {
    const order = await approved();
    await sql`UPDATE financial_categories SET active = false WHERE id = ${fx.category.id}`.execute(
      api.db,
    );
    try {
      const response = await action(order.id, 'receive', receiveAll(order));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields).toEqual({ categoryId: messages.finance.inactive });
    } finally {
      await sql`UPDATE financial_categories SET active = true WHERE id = ${fx.category.id}`.execute(
        api.db,
      );
    }
    const { movements, bills, receipts } = await writtenFor(order.id);
    expect([movements, bills, receipts]).toEqual([[], [], []]);
    const after = (await get(`${BASE}/${order.id}`)).json() as PurchaseOrderDetail;
    expect(after).toMatchObject({ status: 'APPROVED', version: order.version });
    expect(after.items[0]!.receivedQuantity).toBe('0.000');
    const item = await api.db
      .selectFrom('items')
      .select(['averageCost', 'lastPurchasePrice'])
      .where('id', '=', order.items[0]!.itemId)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ averageCost: '0.0000', lastPurchasePrice: '10.0000' });
    // And once finance accepts it, the same receipt goes through.
    expect((await action(order.id, 'receive', receiveAll(order))).statusCode).toBe(201);
  });
});

describe('access', () => {
  it('answers 403 to an action without its permission', async () => {
    const reader = await userWith(api, ['purchaseOrders:read']);
    const writer = await userWith(api, ['purchaseOrders:read', 'purchaseOrders:write']);
    const order = await draft();
    expect((await get(`${BASE}/${order.id}`, reader.token)).statusCode).toBe(200);
    expect((await post(BASE, header({ items: [] }), reader.token)).statusCode).toBe(403);
    expect((await action(order.id, 'approve', undefined, writer.token)).statusCode).toBe(403);
    expect((await action(order.id, 'cancel', undefined, writer.token)).statusCode).toBe(403);
    const open = await approved();
    expect((await action(open.id, 'receive', receiveAll(open), writer.token)).statusCode).toBe(403);
    expect((await action(open.id, 'close', undefined, writer.token)).statusCode).toBe(403);
    expect(
      (await api.request({ method: 'DELETE', url: `${BASE}/${order.id}`, token: writer.token }))
        .statusCode,
    ).toBe(403);
    const nobody = await userWith(api, ['clients:read']);
    expect((await get(BASE, nobody.token)).statusCode).toBe(403);
    expect((await get(`${BASE}/${order.id}/pdf`, nobody.token)).statusCode).toBe(403);
  });
});

describe('list, export and PDF', () => {
  it('filters by status, supplier and number, with the totals asked for', async () => {
    const mine = await approved({ supplierId: fx.otherSupplier.id });
    const page = await get(`${BASE}?status=APPROVED&supplierId=${fx.otherSupplier.id}&totals=true`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.items.map((o: PurchaseOrderDetail) => o.id)).toEqual([mine.id]);
    expect(body.totals).toEqual({ total: mine.total });
    const byNumber = await get(`${BASE}?q=${mine.number}`);
    expect(byNumber.json().items.map((o: PurchaseOrderDetail) => o.id)).toEqual([mine.id]);
    const bySupplier = await get(`${BASE}?q=${encodeURIComponent(fx.otherSupplier.name)}`);
    expect(bySupplier.json().items.map((o: PurchaseOrderDetail) => o.id)).toContain(mine.id);
    const csv = await get(`${BASE}/export?format=csv&supplierId=${fx.otherSupplier.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(mine.number);
    expect(csv.body).toContain('Aprovada');
    const xlsx = await get(`${BASE}/export?format=xlsx&supplierId=${fx.otherSupplier.id}`);
    expect(xlsx.statusCode).toBe(200);
    const rows = await readSpreadsheet('xlsx', xlsx.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['Número', 'Fornecedor', 'Total', 'Situação']));
    expect(rows.slice(1).map((row) => row[0])).toEqual([mine.number]);
  });

  it('prints the order as a PDF, the lines over as many A4 pages as they need', async () => {
    const items = [];
    for (let i = 0; i < 45; i += 1) items.push(await feedstock());
    const order = await create(
      header({
        notes: 'Entregar no portão 2, das 8h às 17h. Ação: conferência na recepção.',
        freight: '120.00',
        discount: '15.50',
        installments: 3,
        expectedDate: addDays(today, 10),
        items: items.map((item, index) => ({
          itemId: item.id,
          quantity: String(index + 1),
          unitPrice: '12.3456',
        })),
      }),
    );
    const response = await get(`${BASE}/${order.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // Two A4 pages (595.28 × 841.89 points) for 45 lines.
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    await mkdir('.test-artifacts', { recursive: true });
    await writeFile('.test-artifacts/purchase-order.pdf', pdf);
  });
});

describe('drafts from a shortage', () => {
  it('makes one DRAFT per default supplier, at the last price or the average cost', async () => {
    const a = await feedstock({ defaultSupplierId: fx.supplier.id, lastPurchasePrice: '2.0000' });
    const b = await createItem(api.db, {
      unitId: fx.un,
      defaultSupplierId: fx.otherSupplier.id,
      averageCost: '3.5000',
    });
    const c = await feedstock({ defaultSupplierId: fx.supplier.id, lastPurchasePrice: '1.0000' });
    const response = await post(`${BASE}/drafts`, {
      lines: [
        { itemId: a.id, quantity: '2.4' },
        { itemId: b.id, quantity: '1' },
        { itemId: c.id, quantity: '5' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const orders = response.json().items as PurchaseOrderDetail[];
    expect(orders.map((o) => [o.supplierId, o.status, o.locationId])).toEqual([
      [fx.supplier.id, 'DRAFT', fx.location.id],
      [fx.otherSupplier.id, 'DRAFT', fx.location.id],
    ]);
    expect(orders[0]!.items.map((l) => [l.itemId, l.quantity, l.unitPrice])).toEqual([
      [a.id, '3.000', '2.0000'],
      [c.id, '5.000', '1.0000'],
    ]);
    expect(orders[1]!.items.map((l) => [l.itemId, l.quantity, l.unitPrice])).toEqual([
      [b.id, '1.000', '3.5000'],
    ]);
    expect(orders[0]!.categoryName).toBe('Matéria-prima');
  });

  it('answers 422 listing the items without a default supplier, and creates nothing', async () => {
    const a = await feedstock({ defaultSupplierId: fx.supplier.id });
    const b = await feedstock();
    const before = await api.db
      .selectFrom('purchaseOrders')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    const response = await post(`${BASE}/drafts`, {
      lines: [
        { itemId: a.id, quantity: '1' },
        { itemId: b.id, quantity: '1' },
      ],
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.details).toEqual([
      { itemId: b.id, itemCode: b.code, itemName: b.name },
    ]);
    const after = await api.db
      .selectFrom('purchaseOrders')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(after.count).toBe(before.count);
  });
});
