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

/** A company that issues NF-e, and a scene whose products and client an NF-e accepts. */
async function invoiceableScene(stock: string) {
  await readyCompany(api);
  const scene = await orderFixture(api, stock);
  for (const product of [scene.shirt, scene.cap]) {
    await api.db
      .updateTable('items')
      .set({ ncm: '61091000' })
      .where('id', '=', product.id)
      .execute();
  }
  await createInvoiceClientAddress(api, scene.client.id);
  return scene;
}

describe('invoicing', () => {
  let sale: OrderFixture;
  beforeAll(async () => {
    sale = await invoiceableScene('10');
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

  it('gives each line of a mixed order its own nature: 5101 for what is made, 5102 for resale, in one NF-e', async () => {
    const natures = await api.db
      .selectFrom('fiscalOperations')
      .select(['id', 'name', 'cfopInState'])
      .where('cfopInState', 'in', ['5101', '5102'])
      .where('direction', '=', 'OUT')
      .orderBy('id')
      .execute();
    const natureOf = (cfop: string) => natures.find((each) => each.cfopInState === cfop)!;
    const mixed = await order(
      {
        items: [
          { productId: sale.cap.id, quantity: '1' },
          { productId: sale.shirt.id, quantity: '1' },
        ],
      },
      sale,
    );
    await act(mixed.id, 'approve');
    const invoiced = await act(mixed.id, 'invoice', {});
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    const invoiceId = invoiced.json().invoices[0].id as number;
    const invoice = (await send('GET', `/api/v1/invoices/${invoiceId}`)).json();
    // The invoice's own nature (natOp) is its first line's.
    expect(invoice.fiscalOperationId).toBe(natureOf('5102').id);
    expect(
      invoice.items.map((line: { cfop: string; fiscalOperationId: number }) => [
        line.cfop,
        line.fiscalOperationId,
      ]),
    ).toEqual([
      ['5102', natureOf('5102').id],
      ['5101', natureOf('5101').id],
    ]);
    const xml = (await send('GET', `/api/v1/invoices/${invoiceId}/xml`)).body;
    expect(xml.match(/<CFOP>(\d+)<\/CFOP>/g)).toEqual(['<CFOP>5102</CFOP>', '<CFOP>5101</CFOP>']);
    expect(xml).toContain(`<natOp>${natureOf('5102').name}</natOp>`);

    // An order that names its nature gives it to every line.
    const named = await order(
      {
        fiscalOperationId: natureOf('5101').id,
        items: [
          { productId: sale.cap.id, quantity: '1' },
          { productId: sale.shirt.id, quantity: '1' },
        ],
      },
      sale,
    );
    await act(named.id, 'approve');
    const one = await act(named.id, 'invoice', {});
    expect(one.statusCode, one.body).toBe(200);
    const lines = (await send('GET', `/api/v1/invoices/${one.json().invoices[0].id}`)).json().items;
    expect(lines.map((line: { cfop: string }) => line.cfop)).toEqual(['5101', '5101']);
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

  it("keeps an order's reserved units from another order's invoice and from an invoice typed by hand (422 STOCK_RESERVED)", async () => {
    const scene = await orderFixture(api, '10');
    await api.db
      .updateTable('items')
      .set({ ncm: '61091000' })
      .where('id', 'in', [scene.shirt.id, scene.cap.id])
      .execute();
    await createInvoiceClientAddress(api, scene.client.id);
    const holder = await order({ items: [{ productId: scene.cap.id, quantity: '8' }] }, scene);
    await act(holder.id, 'approve');
    const other = await order({ items: [{ productId: scene.cap.id, quantity: '5' }] }, scene);
    const approved = await act(other.id, 'approve');
    expect(approved.json().items[0].reservedQuantity).toBe('2.000');

    const refused = await act(other.id, 'invoice', {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('STOCK_RESERVED');
    expect(refused.json().error.message).toContain(holder.number);
    // Its own two reserved units leave.
    const own = await act(other.id, 'invoice', {
      lines: [{ lineId: other.items[0].id, quantity: '2' }],
    });
    expect(own.statusCode, own.body).toBe(200);

    const resale = await api.db
      .selectFrom('fiscalOperations')
      .select('id')
      .where('cfopInState', '=', '5102')
      .where('direction', '=', 'OUT')
      .executeTakeFirstOrThrow();
    const typed = await send('POST', '/api/v1/invoices', {
      fiscalOperationId: resale.id,
      clientId: scene.client.id,
      issueDate: '2026-11-20',
      locationId: scene.location.id,
      categoryId: scene.income.id,
      items: [{ itemId: scene.cap.id, quantity: '1' }],
    });
    expect(typed.statusCode, typed.body).toBe(201);
    const issued = await send('POST', `/api/v1/invoices/${typed.json().id}/issue`, {});
    expect(issued.statusCode).toBe(422);
    expect(issued.json().error.code).toBe('STOCK_RESERVED');
    expect(issued.json().error.message).toContain(holder.number);
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

describe('a credit release at invoicing', () => {
  it('is refused without requestedOrders:releaseCredit (403) and invoices the chosen lines with it', async () => {
    const scene = await invoiceableScene('10');
    const approved = await order({}, scene);
    expect((await act(approved.id, 'approve')).statusCode).toBe(200);
    // The client's limit drops below what the order still has to invoice.
    await api.db
      .updateTable('clients')
      .set({ creditLimit: '100.00' })
      .where('id', '=', scene.client.id)
      .execute();
    const lines = [{ lineId: approved.items[1].id as number, quantity: '2' }];
    const refused = await act(approved.id, 'invoice', { lines });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('CREDIT_LIMIT');

    const release = { lines, overrideCredit: true, reason: 'Pagamento antecipado combinado' };
    const invoicer = await userWith(api, ['requestedOrders:read', 'requestedOrders:invoice']);
    const forbidden = await send('POST', `${BASE}/${approved.id}/invoice`, release, invoicer.token);
    expect(forbidden.statusCode).toBe(403);
    expect((await send('GET', `${BASE}/${approved.id}`)).json().invoices).toEqual([]);

    const releaser = await userWith(api, [
      'requestedOrders:read',
      'requestedOrders:invoice',
      'requestedOrders:releaseCredit',
    ]);
    const invoiced = await send('POST', `${BASE}/${approved.id}/invoice`, release, releaser.token);
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    expect(invoiced.json()).toMatchObject({
      status: 'PARTIALLY_INVOICED',
      items: [{ invoicedQuantity: '0.000' }, { invoicedQuantity: '2.000' }],
    });
    const history = await send(
      'GET',
      `/api/v1/audit?entity=requested-orders&entityId=${approved.id}`,
    );
    expect(history.json().items[0]).toMatchObject({
      action: 'invoice',
      changes: {
        creditReleased: { from: null, to: ['CREDIT_LIMIT'] },
        reason: { from: null, to: release.reason },
      },
    });
  });
});

describe("a client's credit for the order form", () => {
  const creditOf = (clientId: number | string, token?: string) =>
    send('GET', `${BASE}/credit?clientId=${clientId}`, undefined, token);

  it('adds up what the gate weighs: open and overdue receivables, approved orders, the limit left', async () => {
    const scene = await orderFixture(api, '50');
    await api.db
      .updateTable('clients')
      .set({ creditLimit: '2000.00' })
      .where('id', '=', scene.client.id)
      .execute();
    const approved = await order({}, scene);
    expect((await act(approved.id, 'approve')).statusCode).toBe(200);
    const pending = await order({}, scene); // OPEN: not counted until approved
    for (const bill of [
      { dueDate: '2026-02-05', amount: '100.00' },
      { dueDate: '2026-03-10', amount: '40.50' },
      { dueDate: '2099-01-20', amount: '700.00' },
    ]) {
      const created = await send('POST', '/api/v1/bills-to-receive', {
        clientId: scene.client.id,
        categoryId: scene.income.id,
        description: 'Venda avulsa',
        issueDate: '2026-01-05',
        ...bill,
      });
      expect(created.statusCode, created.body).toBe(201);
    }

    const credit = await creditOf(scene.client.id);
    expect(credit.statusCode, credit.body).toBe(200);
    const open = new Decimal('840.50');
    expect(credit.json()).toEqual({
      limit: '2000.00',
      openReceivables: open.toFixed(2),
      overdue: { count: 2, amount: '140.50', oldestDueDate: '2026-02-05' },
      openOrders: approved.total,
      available: new Decimal('2000').minus(open).minus(approved.total).toFixed(2),
    });

    // The gate, refusing the pending order, counts the same open receivables and orders.
    await api.db
      .updateTable('bills')
      .set({ dueDate: '2099-12-31' })
      .where('clientId', '=', scene.client.id)
      .execute();
    await api.db
      .updateTable('clients')
      .set({ creditLimit: '900.00' })
      .where('id', '=', scene.client.id)
      .execute();
    const refused = await act(pending.id, 'approve');
    expect(refused.json().error).toMatchObject({
      code: 'CREDIT_LIMIT',
      details: [{ openReceivables: open.toFixed(2), openOrders: approved.total }],
    });
    expect((await creditOf(scene.client.id)).json()).toMatchObject({
      limit: '900.00',
      openReceivables: open.toFixed(2),
      overdue: { count: 0, amount: '0.00', oldestDueDate: null },
      openOrders: approved.total,
    });
  });

  it('has no limit nor limit left for a client without one; 404 for no client, 400 for no id', async () => {
    const scene = await orderFixture(api, '0');
    expect((await creditOf(scene.client.id)).json()).toEqual({
      limit: null,
      openReceivables: '0.00',
      overdue: { count: 0, amount: '0.00', oldestDueDate: null },
      openOrders: '0.00',
      available: null,
    });
    expect((await creditOf(999999)).statusCode).toBe(404);
    expect((await creditOf('abc')).statusCode).toBe(400);
    expect((await send('GET', `${BASE}/credit`)).statusCode).toBe(400);
  });

  it('asks requestedOrders:read', async () => {
    const scene = await orderFixture(api, '0');
    const reader = await userWith(api, ['requestedOrders:read']);
    expect((await creditOf(scene.client.id, reader.token)).statusCode).toBe(200);
    const clerk = await userWith(api, ['clients:read', 'billsToReceive:read']);
    expect((await creditOf(scene.client.id, clerk.token)).statusCode).toBe(403);
    const anonymous = await api.request({ method: 'GET', url: `${BASE}/credit?clientId=1` });
    expect(anonymous.statusCode).toBe(401);
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

  it('counts what an approved purchase still has to bring, and reserves what it brings for the order', async () => {
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
    // What arrived for the order is reserved for it as it arrives (6 of the 7): nothing missing.
    expect((await send('GET', `${BASE}/${created.id}`)).json().items[0].reservedQuantity).toBe(
      '6.000',
    );
    expect(await reservedOf(resale.product.id)).toBe('6.000');
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
