import { Decimal } from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { productionFixtures } from '../production-orders/testing/production-fixtures.js';
import { stillToArriveForSalesOrder } from '../purchase-orders/index.js';
import { readyCompany } from '../invoices/testing/invoice-fixtures.js';
import {
  createInvoiceClientAddress,
  orderFixture,
  orderInput,
  resaleFixture,
  type OrderFixture,
} from './testing/order-fixtures.js';

const api = useTestApi();
const BASE = '/api/v1/requested-orders';
let fx: OrderFixture;

beforeAll(async () => {
  fx = await orderFixture(api);
});

async function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  token?: string,
) {
  return api.request({
    method,
    url,
    token: token ?? (await api.adminToken()),
    payload: payload as never,
  });
}

async function order(changes: Record<string, unknown> = {}, scene: OrderFixture = fx) {
  const created = await send('POST', BASE, orderInput(scene, changes));
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

async function act(id: number, action: string, payload: unknown = {}) {
  return send('POST', `${BASE}/${id}/${action}`, payload);
}

const reservedOf = async (itemId: number) => {
  const row = await api.db
    .selectFrom('stockReservations')
    .select((eb) => eb.fn.sum<string>('quantity').as('q'))
    .where('itemId', '=', itemId)
    .executeTakeFirst();
  return new Decimal(row?.q ?? 0).toFixed(3);
};

describe('an open order', () => {
  it('is numbered PV-…, priced line by line, with the discount and freight spread to the cent', async () => {
    const created = await order();
    expect(created.number).toMatch(/^PV-\d{6}$/);
    expect(created.status).toBe('OPEN');
    const [shirt, cap] = created.items;
    // 4 × 89.90 − 10 % = 323.64; 3 × 24.00 = 72.00.
    expect(shirt).toMatchObject({
      unitPrice: '89.90',
      lineTotal: '323.64',
      reservedQuantity: '0.000',
    });
    expect(cap).toMatchObject({ unitPrice: '24.00', lineTotal: '72.00' });
    expect(created.itemsTotal).toBe('395.64');
    expect(created.total).toBe('410.64');
    expect(new Decimal(shirt.orderDiscount).plus(cap.orderDiscount).toFixed(2)).toBe('5.00');
    expect(new Decimal(shirt.freight).plus(cap.freight).toFixed(2)).toBe('20.00');
  });

  it('refuses a feedstock, a discount above the items and a delivery before the order, on their fields', async () => {
    const refused = await send(
      'POST',
      BASE,
      orderInput(fx, { discount: '9999.00', deliveryDate: '2026-01-01' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields)).toContain('deliveryDate');
    const tooMuch = await send('POST', BASE, orderInput(fx, { discount: '9999.00' }));
    expect(tooMuch.json().error.fields).toEqual({
      discount: 'O desconto não pode ser maior que o total dos itens.',
    });
  });

  it('is edited with its version (stale: 409) and deleted; numbers of 20 created at once have no gaps', async () => {
    const created = await order();
    const edited = await send('PUT', `${BASE}/${created.id}`, {
      ...orderInput(fx, { notes: 'Urgente' }),
      version: created.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await send('PUT', `${BASE}/${created.id}`, {
      ...orderInput(fx),
      version: created.version,
    });
    expect(stale.json().error.code).toBe('STALE_VERSION');
    expect((await send('DELETE', `${BASE}/${created.id}`)).statusCode).toBe(204);

    const token = await api.adminToken();
    const many = await Promise.all(
      Array.from({ length: 20 }, () => send('POST', BASE, orderInput(fx), token)),
    );
    const numbers = many
      .map((answer) => Number(answer.json().number.slice(3)))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[19]! - numbers[0]!).toBe(19);
  });
});

describe('approving', () => {
  it('reserves what is free at the location, and a second order only what is left', async () => {
    const scene = await orderFixture(api, '10');
    const items = (quantity: string) => [{ productId: scene.shirt.id, quantity }];
    const first = await order({ items: items('6') }, scene);
    const approved = await act(first.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'APPROVED',
      items: [{ reservedQuantity: '6.000' }],
    });
    const second = await order({ items: items('7') }, scene);
    expect((await act(second.id, 'approve')).json().items[0].reservedQuantity).toBe('4.000');

    const availability = (await send('GET', `${BASE}/${second.id}/availability`)).json();
    expect(availability.items[0]).toMatchObject({
      onHand: '10.000',
      reservedQuantity: '4.000',
      available: '0.000',
      missing: '3.000',
    });

    // Edit, delete and approve again are refused once approved.
    expect((await act(second.id, 'approve')).statusCode).toBe(409);
    const edit = await send('PUT', `${BASE}/${second.id}`, {
      ...orderInput(scene),
      version: approved.json().version,
    });
    expect(edit.statusCode).toBe(409);
    expect((await send('DELETE', `${BASE}/${second.id}`)).statusCode).toBe(409);

    // More stock arrives: "Reservar" takes it, up to what the line needs.
    await send('POST', '/api/v1/stock-movements', {
      type: 'IN',
      itemId: scene.shirt.id,
      toLocationId: scene.location.id,
      quantity: '5',
      unitCost: '20.00',
    });
    const topped = await act(second.id, 'reserve');
    expect(topped.statusCode, topped.body).toBe(200);
    expect(topped.json()).toMatchObject({
      status: 'APPROVED',
      items: [{ reservedQuantity: '7.000' }],
    });
    expect(await reservedOf(scene.shirt.id)).toBe('13.000');

    // Cancelling releases what it held.
    expect((await act(first.id, 'cancel')).json().status).toBe('CANCELLED');
    expect(await reservedOf(scene.shirt.id)).toBe('7.000');

    // Consulta de Estoque shows what is held and what is free at the location.
    const stock = await send('GET', `/api/v1/stock-items?locationId=${scene.location.id}`);
    const row = stock.json().items.find((r: { itemId: number }) => r.itemId === scene.shirt.id);
    expect(row).toMatchObject({
      quantity: '15.000',
      reservedQuantity: '7.000',
      availableQuantity: '8.000',
    });
  });

  it('never reserves more than is on hand when 20 orders are approved at once', async () => {
    const scene = await orderFixture(api, '25');
    const orders = [];
    for (let i = 0; i < 20; i++)
      orders.push(await order({ items: [{ productId: scene.cap.id, quantity: '3' }] }, scene));
    const token = await api.adminToken();
    const answers = await Promise.all(
      orders.map((o) => send('POST', `${BASE}/${o.id}/approve`, {}, token)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await reservedOf(scene.cap.id)).toBe('25.000');
  });

  it('keeps reserved units from a manual exit (422 STOCK_RESERVED naming the order), not the free ones', async () => {
    const scene = await orderFixture(api, '10');
    const held = await order({ items: [{ productId: scene.shirt.id, quantity: '8' }] }, scene);
    await act(held.id, 'approve');
    const out = (quantity: string) =>
      send('POST', '/api/v1/stock-movements', {
        type: 'OUT',
        itemId: scene.shirt.id,
        fromLocationId: scene.location.id,
        quantity,
      });
    const refused = await out('3');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('STOCK_RESERVED');
    expect(refused.json().error.message).toContain(held.number);
    expect(refused.json().error.details[0]).toMatchObject({
      free: '2.000',
      reserved: '8.000',
      orders: [held.number],
    });
    expect((await out('2')).statusCode).toBe(201);
    // Beyond the balance itself it is the usual shortage.
    expect((await out('50')).json().error.code).toBe('INSUFFICIENT_STOCK');
  });
});

describe('the other moves', () => {
  it('are refused from the wrong status (409), delivery only once invoiced', async () => {
    const created = await order();
    expect((await act(created.id, 'close')).statusCode).toBe(409);
    expect((await act(created.id, 'reserve')).statusCode).toBe(409);
    expect((await act(created.id, 'deliver', { date: '2026-12-01' })).statusCode).toBe(409);
    await act(created.id, 'approve');
    expect((await act(created.id, 'deliver', { date: '2026-12-01' })).statusCode).toBe(409);
    expect((await act(created.id, 'close')).statusCode).toBe(409);
    const cancelled = await act(created.id, 'cancel');
    expect(cancelled.json().status).toBe('CANCELLED');
    expect((await act(created.id, 'cancel')).statusCode).toBe(409);
    const history = await send(
      'GET',
      `/api/v1/audit?entity=requested-orders&entityId=${created.id}`,
    );
    expect(history.json().items.map((entry: { action: string }) => entry.action)).toEqual([
      'cancel',
      'approve',
      'create',
    ]);
  });

  it('ask each their permission', async () => {
    const reader = await userWith(api, ['requestedOrders:read']);
    const created = await order();
    expect((await send('GET', BASE, undefined, reader.token)).statusCode).toBe(200);
    expect(
      (await send('GET', `${BASE}/${created.id}/availability`, undefined, reader.token)).statusCode,
    ).toBe(200);
    expect((await send('POST', BASE, orderInput(fx), reader.token)).statusCode).toBe(403);
    expect((await send('POST', `${BASE}/${created.id}/approve`, {}, reader.token)).statusCode).toBe(
      403,
    );
    expect((await send('POST', `${BASE}/${created.id}/cancel`, {}, reader.token)).statusCode).toBe(
      403,
    );
    expect(
      (await send('DELETE', `${BASE}/${created.id}`, undefined, reader.token)).statusCode,
    ).toBe(403);
    const seller = await userWith(api, ['requestedOrders:read', 'requestedOrders:write']);
    expect((await send('POST', `${BASE}/${created.id}/approve`, {}, seller.token)).statusCode).toBe(
      403,
    );
  });
});

describe('invoicing', () => {
  let sale: OrderFixture;
  beforeAll(async () => {
    await readyCompany(api);
    sale = await orderFixture(api, '10');
    for (const product of [sale.shirt, sale.cap]) {
      await api.db
        .updateTable('items')
        .set({ ncm: '61091000' })
        .where('id', '=', product.id)
        .execute();
    }
    await createInvoiceClientAddress(api, sale.client.id);
  });

  it('in two parts then closed: the NF-e, the stock, the reservations and the cents all agree', async () => {
    const created = await order(
      {
        items: [
          { productId: sale.shirt.id, quantity: '6', discountPercent: '10' },
          { productId: sale.cap.id, quantity: '3' },
        ],
      },
      sale,
    );
    await act(created.id, 'approve');
    const line = (i: number) => created.items[i].id as number;

    const first = await act(created.id, 'invoice', { lines: [{ lineId: line(0), quantity: '4' }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'PARTIALLY_INVOICED',
      items: [
        { invoicedQuantity: '4.000', reservedQuantity: '2.000' },
        { invoicedQuantity: '0.000', reservedQuantity: '3.000' },
      ],
    });

    // More than is left of a line is refused on its field and leaves nothing behind.
    const over = await act(created.id, 'invoice', { lines: [{ lineId: line(0), quantity: '5' }] });
    expect(over.statusCode).toBe(400);
    expect(Object.keys(over.json().error.fields)).toEqual(['lines.0.quantity']);

    const second = await act(created.id, 'invoice', {
      lines: [{ lineId: line(1), quantity: '1' }],
    });
    expect(second.statusCode, second.body).toBe(200);
    const closed = await act(created.id, 'close');
    expect(closed.json()).toMatchObject({
      status: 'INVOICED',
      items: [{ reservedQuantity: '0.000' }, { reservedQuantity: '0.000' }],
    });
    expect(await reservedOf(sale.cap.id)).toBe('0.000');

    const invoices = await api.db
      .selectFrom('invoices')
      .select(['id', 'total', 'status', 'number'])
      .where('requestedOrderId', '=', created.id)
      .execute();
    expect(invoices).toHaveLength(2);
    for (const invoice of invoices) {
      const bills = await api.db
        .selectFrom('bills')
        .select('amount')
        .where('originType', '=', 'INVOICE')
        .where('originId', '=', invoice.id)
        .execute();
      expect(bills.reduce((sum, bill) => sum.plus(bill.amount), new Decimal(0)).toFixed(2)).toBe(
        new Decimal(invoice.total).toFixed(2),
      );
    }
  });

  it('all at once adds up to the order total to the cent, and a shortage leaves no trace', async () => {
    const created = await order(
      {
        items: [{ productId: sale.cap.id, quantity: '3', discountPercent: '7.5' }],
        discount: '3.33',
        freight: '12.34',
        installments: 3,
      },
      sale,
    );
    await act(created.id, 'approve');
    const invoiced = await act(created.id, 'invoice', {});
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    expect(invoiced.json().status).toBe('INVOICED');
    const invoice = await api.db
      .selectFrom('invoices')
      .select(['id', 'total'])
      .where('requestedOrderId', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(new Decimal(invoice.total).toFixed(2)).toBe(created.total);
    const bills = await api.db
      .selectFrom('bills')
      .select('amount')
      .where('originType', '=', 'INVOICE')
      .where('originId', '=', invoice.id)
      .execute();
    expect(bills).toHaveLength(3);
    expect(bills.reduce((sum, bill) => sum.plus(bill.amount), new Decimal(0)).toFixed(2)).toBe(
      created.total,
    );

    // An order of more than there is: 422 INSUFFICIENT_STOCK, no number spent, no bill, no move.
    const sequence = async () =>
      (
        await api.db
          .selectFrom('documentSequences')
          .select('lastNumber')
          .where('documentType', '=', 'invoice')
          .executeTakeFirst()
      )?.lastNumber;
    const before = await sequence();
    const short = await order({ items: [{ productId: sale.shirt.id, quantity: '500' }] }, sale);
    await act(short.id, 'approve');
    const refused = await act(short.id, 'invoice', {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('INSUFFICIENT_STOCK');
    expect(await sequence()).toBe(before);
    expect((await send('GET', `${BASE}/${short.id}`)).json().status).toBe('APPROVED');
    expect(
      await api.db
        .selectFrom('invoices')
        .select('id')
        .where('requestedOrderId', '=', short.id)
        .execute(),
    ).toEqual([]);
  });

  it('cancelling an invoice owes its quantities again; a delivered order refuses it (409)', async () => {
    const created = await order({ items: [{ productId: sale.cap.id, quantity: '2' }] }, sale);
    await act(created.id, 'approve');
    const invoiced = await act(created.id, 'invoice', {});
    expect(invoiced.json().status).toBe('INVOICED');
    const invoiceOf = async () =>
      await api.db
        .selectFrom('invoices')
        .select(['id', 'status'])
        .where('requestedOrderId', '=', created.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    const first = await invoiceOf();
    const reason = { reason: 'Emitida com o preço errado' };
    const cancelled = await send('POST', `/api/v1/invoices/${first.id}/cancel`, reason);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const reopened = (await send('GET', `${BASE}/${created.id}`)).json();
    expect(reopened).toMatchObject({ status: 'APPROVED', items: [{ invoicedQuantity: '0.000' }] });

    // Invoiced again and delivered: its invoice is no longer cancelled this way.
    expect((await act(created.id, 'reserve')).statusCode).toBe(200);
    expect((await act(created.id, 'invoice', {})).json().status).toBe('INVOICED');
    expect((await act(created.id, 'deliver', { date: '2026-11-26' })).json().status).toBe(
      'DELIVERED',
    );
    const second = await invoiceOf();
    const refused = await send('POST', `/api/v1/invoices/${second.id}/cancel`, reason);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(created.number);
    expect((await invoiceOf()).status).toBe('ISSUED');
    const history = await send(
      'GET',
      `/api/v1/audit?entity=requested-orders&entityId=${created.id}`,
    );
    expect(history.json().items.map((entry: { action: string }) => entry.action)).toEqual([
      'deliver',
      'invoice',
      'reserve',
      'reopen',
      'invoice',
      'approve',
      'create',
    ]);
  });
});

describe('the credit gate', () => {
  it('refuses an approval above the limit with its figures, lets a release with a reason through, audited', async () => {
    const scene = await orderFixture(api, '50');
    await api.db
      .updateTable('clients')
      .set({ creditLimit: '500.00' })
      .where('id', '=', scene.client.id)
      .execute();
    const first = await order({}, scene);
    expect((await act(first.id, 'approve')).statusCode).toBe(200);
    const second = await order({}, scene);
    const refused = await act(second.id, 'approve');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'CREDIT_LIMIT',
      details: [
        {
          limit: '500.00',
          openReceivables: '0.00',
          openOrders: first.total,
          thisOrder: second.total,
        },
      ],
    });
    expect((await send('GET', `${BASE}/${second.id}`)).json().status).toBe('OPEN');

    const approver = await userWith(api, ['requestedOrders:read', 'requestedOrders:approve']);
    const release = { overrideCredit: true, reason: 'Cliente antigo, pagamento garantido' };
    expect(
      (await send('POST', `${BASE}/${second.id}/approve`, release, approver.token)).statusCode,
    ).toBe(403);
    expect((await act(second.id, 'approve', { overrideCredit: true })).statusCode).toBe(400);
    const released = await act(second.id, 'approve', release);
    expect(released.statusCode, released.body).toBe(200);
    const history = await send(
      'GET',
      `/api/v1/audit?entity=requested-orders&entityId=${second.id}`,
    );
    expect(history.json().items[0].changes).toMatchObject({
      creditReleased: { from: null, to: ['CREDIT_LIMIT'] },
      reason: { from: null, to: release.reason },
    });
  });

  it('refuses a client with overdue receivables, and checks again at invoicing', async () => {
    const scene = await orderFixture(api, '50');
    const overdue = await send('POST', '/api/v1/bills-to-receive', {
      clientId: scene.client.id,
      categoryId: scene.income.id,
      description: 'Venda antiga',
      issueDate: '2026-01-05',
      dueDate: '2026-02-05',
      amount: '100.00',
    });
    expect(overdue.statusCode, overdue.body).toBe(201);
    const blocked = await order({}, scene);
    const refused = await act(blocked.id, 'approve');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('OVERDUE_RECEIVABLES');
    expect(refused.json().error.message).toContain('05/02/2026');

    // Approved within the limit; the exposure then grows, and invoicing is refused.
    const other = await orderFixture(api, '50');
    await api.db
      .updateTable('clients')
      .set({ creditLimit: '1000.00' })
      .where('id', '=', other.client.id)
      .execute();
    const approved = await order({}, other);
    expect((await act(approved.id, 'approve')).statusCode).toBe(200);
    await send('POST', '/api/v1/bills-to-receive', {
      clientId: other.client.id,
      categoryId: other.income.id,
      description: 'Serviço avulso',
      issueDate: '2026-11-20',
      dueDate: '2027-01-20',
      amount: '700.00',
    });
    const invoicing = await act(approved.id, 'invoice', {});
    expect(invoicing.statusCode).toBe(422);
    expect(invoicing.json().error.code).toBe('CREDIT_LIMIT');
  });
});

describe('making to order', () => {
  it('plans production for what is missing once, and reserves what the production makes', async () => {
    const pf = productionFixtures(api);
    const scene = await orderFixture(api, '0');
    const unit = await pf.unit(0);
    const fabric = await pf.feedstock(unit);
    await pf.stockIn(fabric, scene.location.id, '100', '5.00');
    const shirt = await pf.product(unit, [{ feedstockId: fabric, quantity: '2' }], [], {
      salePrice: '80.00',
    });
    await pf.stockIn(shirt, scene.location.id, '2', '30.00');
    const created = await order(
      { items: [{ productId: shirt, quantity: '5' }], deliveryDate: '2026-12-20' },
      scene,
    );
    expect((await act(created.id, 'approve')).json().items[0].reservedQuantity).toBe('2.000');

    const planned = await act(created.id, 'plan-production');
    expect(planned.statusCode, planned.body).toBe(200);
    const productions = await api.db
      .selectFrom('productionOrders')
      .select(['id', 'quantity', 'status', 'plannedEnd'])
      .where('requestedOrderId', '=', created.id)
      .execute();
    expect(productions).toEqual([
      expect.objectContaining({ quantity: '3.000', status: 'PLANNED', plannedEnd: '2026-12-20' }),
    ]);
    // Asked again: nothing is missing that is not already planned.
    expect((await act(created.id, 'plan-production')).statusCode).toBe(200);
    expect(
      await api.db
        .selectFrom('productionOrders')
        .select('id')
        .where('requestedOrderId', '=', created.id)
        .execute(),
    ).toHaveLength(1);

    const production = productions[0]!;
    expect((await pf.action(production.id, 'start')).statusCode).toBe(200);
    expect((await pf.action(production.id, 'complete', { producedQuantity: '3' })).statusCode).toBe(
      200,
    );
    const after = (await send('GET', `${BASE}/${created.id}`)).json();
    expect(after.items[0].reservedQuantity).toBe('5.000');
    const history = await send(
      'GET',
      `/api/v1/audit?entity=requested-orders&entityId=${created.id}`,
    );
    expect(history.json().items.map((entry: { action: string }) => entry.action)).toEqual([
      'planProduction',
      'approve',
      'create',
    ]);
  });

  /** The purchase orders bought for the order, as stored. */
  const purchasesFor = (orderId: number) =>
    api.db
      .selectFrom('purchaseOrders')
      .select(['id', 'supplierId', 'locationId', 'status', 'notes'])
      .where('requestedOrderId', '=', orderId)
      .orderBy('id')
      .execute();
  const purchaseLines = (purchaseOrderId: number) =>
    api.db
      .selectFrom('purchaseOrderItems')
      .select(['itemId', 'quantity', 'unitPrice'])
      .where('purchaseOrderId', '=', purchaseOrderId)
      .execute();
  const productionsFor = (orderId: number) =>
    api.db
      .selectFrom('productionOrders')
      .select(['productId', 'quantity'])
      .where('requestedOrderId', '=', orderId)
      .execute();

  it('buys the resale products it misses once: a draft for its default supplier, linked, at its location', async () => {
    const pf = productionFixtures(api);
    const scene = await orderFixture(api, '0');
    const resale = await resaleFixture(api);
    await pf.stockIn(resale.product.id, scene.location.id, '2', '12.00');
    const created = await order(
      { items: [{ productId: resale.product.id, quantity: '5' }] },
      scene,
    );
    expect((await act(created.id, 'approve')).json().items[0].reservedQuantity).toBe('2.000');

    const planned = await act(created.id, 'plan-production');
    expect(planned.statusCode, planned.body).toBe(200);
    const purchases = await purchasesFor(created.id);
    expect(purchases).toEqual([
      {
        id: expect.any(Number),
        supplierId: resale.supplier.id,
        locationId: scene.location.id,
        status: 'DRAFT',
        notes: `Compra para o pedido ${created.number}.`,
      },
    ]);
    const purchase = purchases[0]!;
    expect(await purchaseLines(purchase.id)).toEqual([
      { itemId: resale.product.id, quantity: '3.000', unitPrice: '12.5000' },
    ]);
    expect(await productionsFor(created.id)).toEqual([]);
    // The number the draft took, as the page shows it ("OC-000042").
    const { number: taken } = await api.db
      .selectFrom('purchaseOrders')
      .select('number')
      .where('id', '=', purchase.id)
      .executeTakeFirstOrThrow();
    const number = `OC-${String(taken).padStart(6, '0')}`;
    expect(planned.json().purchaseOrders).toEqual([
      {
        id: purchase.id,
        number,
        status: 'DRAFT',
        expectedDate: null,
        supplierName: resale.supplier.name,
      },
    ]);
    const history = async () =>
      (await send('GET', `/api/v1/audit?entity=requested-orders&entityId=${created.id}`)).json()
        .items;
    expect((await history())[0]).toMatchObject({
      action: 'planProduction',
      changes: {
        plannedProduction: { to: [] },
        purchaseDrafts: {
          to: [
            {
              purchaseOrderId: purchase.id,
              number,
              supplierId: resale.supplier.id,
              items: [{ itemId: resale.product.id, quantity: '3.000' }],
            },
          ],
        },
      },
    });

    // Asked again: what is missing is on its way; nothing new, nothing audited.
    const again = await act(created.id, 'plan-production');
    expect(again.statusCode, again.body).toBe(200);
    expect(await purchasesFor(created.id)).toHaveLength(1);
    expect((await history()).map((entry: { action: string }) => entry.action)).toEqual([
      'planProduction',
      'approve',
      'create',
    ]);

    // A cancelled purchase brings nothing: the next plan buys the 3 again.
    expect((await send('POST', `/api/v1/purchase-orders/${purchase.id}/cancel`)).statusCode).toBe(
      200,
    );
    expect((await act(created.id, 'plan-production')).statusCode).toBe(200);
    const after = await purchasesFor(created.id);
    expect(after.map((each) => each.status)).toEqual(['CANCELLED', 'DRAFT']);
    expect(await purchaseLines(after[1]!.id)).toEqual([
      expect.objectContaining({ itemId: resale.product.id, quantity: '3.000' }),
    ]);
  });

  it('counts what an approved purchase still has to bring: ordered less received', async () => {
    const scene = await orderFixture(api, '0');
    const resale = await resaleFixture(api);
    const created = await order(
      { items: [{ productId: resale.product.id, quantity: '6' }] },
      scene,
    );
    await act(created.id, 'approve');
    expect((await act(created.id, 'plan-production')).statusCode).toBe(200);
    const [purchase] = await purchasesFor(created.id);
    const arriving = async () =>
      Object.fromEntries(await stillToArriveForSalesOrder(api.db, created.id));
    expect(await arriving()).toEqual({ [resale.product.id]: '6.000' });
    // The buyer orders 4 more than the sale needs and receives 7 of the 10.
    const detail = (await send('GET', `/api/v1/purchase-orders/${purchase!.id}`)).json();
    const edited = await send('PUT', `/api/v1/purchase-orders/${purchase!.id}`, {
      ...detail,
      items: [{ id: detail.items[0].id, itemId: resale.product.id, quantity: '10' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await send('POST', `/api/v1/purchase-orders/${purchase!.id}/approve`)).statusCode).toBe(
      200,
    );
    const received = await send('POST', `/api/v1/purchase-orders/${purchase!.id}/receive`, {
      date: todayInSaoPaulo(),
      lines: [{ lineId: detail.items[0].id, quantity: '7' }],
    });
    expect(received.statusCode, received.body).toBe(201);
    expect(await arriving()).toEqual({ [resale.product.id]: '3.000' });
    // The 7 received reserved by "Reservar": nothing is missing.
    expect((await act(created.id, 'reserve')).json().items[0].reservedQuantity).toBe('6.000');
    expect((await act(created.id, 'plan-production')).statusCode).toBe(200);
    expect(await purchasesFor(created.id)).toHaveLength(1);
    // "Encerrar" stops waiting for the other 3.
    expect((await send('POST', `/api/v1/purchase-orders/${purchase!.id}/close`)).statusCode).toBe(
      200,
    );
    expect(await arriving()).toEqual({});
  });

  it('makes and buys for a mixed order in one go', async () => {
    const pf = productionFixtures(api);
    const scene = await orderFixture(api, '0');
    const resale = await resaleFixture(api);
    const unit = await pf.unit(0);
    const fabric = await pf.feedstock(unit);
    const shirt = await pf.product(unit, [{ feedstockId: fabric, quantity: '2' }], [], {
      salePrice: '80.00',
    });
    const created = await order(
      {
        items: [
          { productId: shirt, quantity: '4' },
          { productId: resale.product.id, quantity: '2' },
          { productId: resale.product.id, quantity: '1' },
        ],
      },
      scene,
    );
    await act(created.id, 'approve');
    const planned = await act(created.id, 'plan-production');
    expect(planned.statusCode, planned.body).toBe(200);
    expect(await productionsFor(created.id)).toEqual([{ productId: shirt, quantity: '4.000' }]);
    const purchases = await purchasesFor(created.id);
    expect(purchases).toHaveLength(1);
    expect(await purchaseLines(purchases[0]!.id)).toEqual([
      expect.objectContaining({ itemId: resale.product.id, quantity: '3.000' }),
    ]);
    expect(planned.json().productionOrders).toHaveLength(1);
    expect(planned.json().purchaseOrders).toHaveLength(1);
    expect((await act(created.id, 'plan-production')).statusCode).toBe(200);
    expect(await productionsFor(created.id)).toHaveLength(1);
    expect(await purchasesFor(created.id)).toHaveLength(1);
  });

  it('makes nothing, not even production, when a resale product has no default supplier (422 naming it)', async () => {
    const pf = productionFixtures(api);
    const scene = await orderFixture(api, '0');
    const resale = await resaleFixture(api, { supplier: false });
    const unit = await pf.unit(0);
    const fabric = await pf.feedstock(unit);
    const shirt = await pf.product(unit, [{ feedstockId: fabric, quantity: '2' }], [], {
      salePrice: '80.00',
    });
    const created = await order(
      {
        items: [
          { productId: shirt, quantity: '4' },
          { productId: resale.product.id, quantity: '2' },
        ],
      },
      scene,
    );
    await act(created.id, 'approve');
    const planned = await act(created.id, 'plan-production');
    expect(planned.statusCode, planned.body).toBe(422);
    expect(planned.json().error.message).toContain('Óculos de proteção');
    expect(planned.json().error.details).toEqual([
      expect.objectContaining({ itemId: resale.product.id }),
    ]);
    expect(await productionsFor(created.id)).toEqual([]);
    expect(await purchasesFor(created.id)).toEqual([]);

    // The clerk sets the supplier and asks again.
    const supplier = await resaleFixture(api);
    await api.db
      .updateTable('items')
      .set({ defaultSupplierId: supplier.supplier.id })
      .where('id', '=', resale.product.id)
      .execute();
    expect((await act(created.id, 'plan-production')).statusCode).toBe(200);
    expect(await productionsFor(created.id)).toHaveLength(1);
    expect(await purchasesFor(created.id)).toHaveLength(1);
  });

  it('asks productionOrders:write, and purchaseOrders:write too when it has something to buy', async () => {
    const pf = productionFixtures(api);
    const scene = await orderFixture(api, '0');
    const resale = await resaleFixture(api);
    const unit = await pf.unit(0);
    const fabric = await pf.feedstock(unit);
    const shirt = await pf.product(unit, [{ feedstockId: fabric, quantity: '2' }], [], {
      salePrice: '80.00',
    });
    const mixed = await order(
      {
        items: [
          { productId: shirt, quantity: '4' },
          { productId: resale.product.id, quantity: '2' },
        ],
      },
      scene,
    );
    const made = await order({ items: [{ productId: shirt, quantity: '1' }] }, scene);
    await act(mixed.id, 'approve');
    await act(made.id, 'approve');
    const plan = (id: number, token: string) =>
      send('POST', `${BASE}/${id}/plan-production`, {}, token);

    const buyer = await userWith(api, [
      'requestedOrders:read',
      'purchaseOrders:read',
      'purchaseOrders:write',
    ]);
    expect((await plan(mixed.id, buyer.token)).statusCode).toBe(403);
    const planner = await userWith(api, [
      'requestedOrders:read',
      'productionOrders:read',
      'productionOrders:write',
    ]);
    const refused = await plan(mixed.id, planner.token);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.message).toContain('Ordens de Compra');
    expect(await productionsFor(mixed.id)).toEqual([]);
    expect(await purchasesFor(mixed.id)).toEqual([]);
    // Nothing to buy: making alone is the planner's.
    expect((await plan(made.id, planner.token)).statusCode).toBe(200);
    expect(await productionsFor(made.id)).toHaveLength(1);

    const both = await userWith(api, [
      'requestedOrders:read',
      'productionOrders:read',
      'productionOrders:write',
      'purchaseOrders:read',
      'purchaseOrders:write',
    ]);
    expect((await plan(mixed.id, both.token)).statusCode).toBe(200);
    expect(await productionsFor(mixed.id)).toHaveLength(1);
    expect(await purchasesFor(mixed.id)).toHaveLength(1);
  });
});
