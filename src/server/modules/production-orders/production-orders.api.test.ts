import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type StockShortageDetail } from '../../../shared/error-codes.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import {
  missingLinesOf,
  type ProductionOrderAvailability,
  type ProductionOrderDetail,
} from '../../../shared/resources/production-orders.js';
import { inTransaction } from '../../platform/transaction.js';
import { useTestApi } from '../../testing/api-app.js';
import { TEST_ADMIN } from '../../testing/test-database.js';
import { reverseMovement } from '../stock-movements/index.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { productionOrderShortages } from './index.js';
import { ORDERS, productionFixtures } from './testing/production-fixtures.js';

const api = useTestApi();
const fx = productionFixtures(api);
const today = todayInSaoPaulo();
const ids = { un: 0, kg: 0, source: 0, target: 0, labor: 0, setup: 0 };

beforeAll(async () => {
  ids.un = await fx.unit(0);
  ids.kg = await fx.unit(3);
  ids.source = await fx.location();
  ids.target = await fx.location();
  ids.labor = await fx.outlay('PER_UNIT');
  ids.setup = await fx.outlay('PER_ORDER');
});

/**
 * A product of its own (so each test starts from empty stock): 0.750 kg of fabric with 10% loss
 * and 4 buttons with 3% loss per unit; labour R$ 2,50 per unit and a set-up of R$ 30,00 per order.
 */
async function scenario() {
  const fabric = await fx.feedstock(ids.kg, 'Tecido');
  const buttons = await fx.feedstock(ids.un, 'Botão');
  const product = await fx.product(
    ids.un,
    [
      { feedstockId: fabric, quantity: '0.750', lossPercent: '10' },
      { feedstockId: buttons, quantity: '4', lossPercent: '3' },
    ],
    [
      { outlayId: ids.labor, value: '2.50' },
      { outlayId: ids.setup, value: '30.00' },
    ],
  );
  const order = (quantity = '10', extra: Record<string, unknown> = {}) =>
    fx.createOrder({
      productId: product,
      quantity,
      sourceLocationId: ids.source,
      targetLocationId: ids.target,
      ...extra,
    });
  return { fabric, buttons, product, order };
}

/** Enough of both materials for 10 units: fabric at an average of 12.0000, buttons at 0.1500. */
async function stockFor(s: Awaited<ReturnType<typeof scenario>>) {
  await fx.stockIn(s.fabric, ids.source, '6', '10.00');
  await fx.stockIn(s.fabric, ids.source, '4', '15.00');
  await fx.stockIn(s.buttons, ids.source, '50', '0.15');
}

/** The item's stock value as the ledger keeps it (items.stock_value). */
async function stockValue(itemId: number): Promise<string> {
  const row = await api.db
    .selectFrom('items')
    .select('stockValue')
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  return row.stockValue;
}

/** "Tolerância de produção a maior" saved through the company form's PUT. */
async function setTolerance(percent: string) {
  const token = await api.adminToken();
  const company = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
  const saved = await api.request({
    method: 'PUT',
    url: '/api/v1/company',
    token,
    payload: { ...company, productionTolerancePercent: percent },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const errorOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { code: string; message: string; fields?: object } }).error;

describe('creating a production order', () => {
  it("copies the bill of materials (loss included, rounded up to the unit's decimals) and the costs", async () => {
    const s = await scenario();
    const order = await s.order('10', {
      plannedStart: today,
      plannedEnd: today,
      notes: 'Lote de teste',
    });
    expect(order.number).toMatch(/^OP-\d{6}$/);
    expect(order.number).toBe(`OP-${String(order.sequence).padStart(6, '0')}`);
    expect(order.status).toBe('PLANNED');
    expect(order.quantity).toBe('10.000');
    expect(order.productName).toMatch(/^Produto /);
    expect(order.unit).toMatch(/^U/);
    expect(
      order.materials.map((m) => [m.feedstockId, m.feedstockName, m.requiredQuantity]),
    ).toEqual([
      // 10 × 0.750 × 1.10 = 8.25 kg; 10 × 4 × 1.03 = 41.2 → 42 whole buttons.
      [s.fabric, 'Tecido', '8.250'],
      [s.buttons, 'Botão', '42.000'],
    ]);
    expect(
      order.materials.map((m) => [m.quantityPerUnit, m.lossPercent, m.consumedQuantity]),
    ).toEqual([
      ['0.750', '10.00', '0.000'],
      ['4.000', '3.00', '0.000'],
    ]);
    expect(order.materials[1]!.unitDecimals).toBe(0);
    // Labour 2.50 × 10; the set-up once.
    expect(order.costs.map((c) => [c.outlayId, c.outlayKind, c.value])).toEqual([
      [ids.labor, 'PER_UNIT', '25.00'],
      [ids.setup, 'PER_ORDER', '30.00'],
    ]);
    expect(order.sourceLocationId).toBe(ids.source);
    expect(order.totalCost).toBeNull();

    const read = await fx.get(`${ORDERS}/${order.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(order);
  });

  it('refuses a product for resale, one without a bill of materials and a feedstock (400 on productId)', async () => {
    const feedstock = await fx.feedstock(ids.un);
    const resale = (
      await fx.post('products', {
        code: `REV-${Date.now()}`,
        name: 'Revenda',
        origin: 'RESALE',
        unitId: ids.un,
      })
    ).id;
    const noBom = await fx.product(ids.un, []);
    const cases: [number, string][] = [
      [resale, messages.productionOrders.notManufactured],
      [noBom, messages.productionOrders.noBillOfMaterials],
      [feedstock, messages.errors.missingReference],
      [999999, messages.errors.missingReference],
    ];
    for (const [productId, message] of cases) {
      const response = await api.request({
        method: 'POST',
        url: ORDERS,
        token: await api.adminToken(),
        payload: {
          productId,
          quantity: '1',
          sourceLocationId: ids.source,
          targetLocationId: ids.target,
        },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).fields).toEqual({ productId: message });
    }
  });

  it("refuses a quantity beyond the product unit's decimals and a planned end before the start", async () => {
    const s = await scenario();
    const post = (payload: object) =>
      api.request({
        method: 'POST',
        url: ORDERS,
        token: '',
        payload: {
          productId: s.product,
          sourceLocationId: ids.source,
          targetLocationId: ids.target,
          ...payload,
        },
      });
    const token = await api.adminToken();
    const decimals = await api.request({
      method: 'POST',
      url: ORDERS,
      token,
      payload: {
        productId: s.product,
        quantity: '1.5',
        sourceLocationId: ids.source,
        targetLocationId: ids.target,
      },
    });
    expect(decimals.statusCode).toBe(400);
    expect(errorOf(decimals).fields).toEqual({ quantity: messages.tooManyUnitDecimals(0) });
    const dates = await api.request({
      method: 'POST',
      url: ORDERS,
      token,
      payload: {
        productId: s.product,
        quantity: '1',
        plannedStart: '2026-05-10',
        plannedEnd: '2026-05-09',
        sourceLocationId: ids.source,
        targetLocationId: ids.target,
      },
    });
    expect(dates.statusCode).toBe(400);
    expect(errorOf(dates).fields).toEqual({
      plannedEnd: messages.productionOrders.endBeforeStart,
    });
    // Not signed in.
    expect((await post({ quantity: '1' })).statusCode).toBe(401);
  });

  it('numbers 20 orders created at once without a gap or a repeat', async () => {
    const s = await scenario();
    const orders = await Promise.all(Array.from({ length: 20 }, () => s.order('1')));
    const numbers = orders.map((order) => order.sequence).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[19]! - numbers[0]!).toBe(19);
    const next = await s.order('1');
    expect(next.sequence).toBe(numbers[19]! + 1);
  });
});

describe('editing a planned order', () => {
  it('changes the header and the lines by id with the version, and a stale version answers 409', async () => {
    const s = await scenario();
    const order = await s.order('10');
    const [fabric, buttons] = order.materials;
    const extra = await fx.feedstock(ids.kg, 'Linha');
    const body = {
      quantity: '12',
      plannedStart: today,
      plannedEnd: null,
      sourceLocationId: ids.source,
      targetLocationId: ids.target,
      notes: 'Ajustada',
      materials: [
        { id: fabric!.id, feedstockId: s.fabric, requiredQuantity: '9.900' },
        { id: buttons!.id, feedstockId: s.buttons, requiredQuantity: '50' },
        { feedstockId: extra, requiredQuantity: '0.125' },
      ],
      costs: [{ id: order.costs[0]!.id, outlayId: ids.labor, value: '30.00' }],
      version: order.version,
    };
    const saved = await api.request({
      method: 'PUT',
      url: `${ORDERS}/${order.id}`,
      token: await api.adminToken(),
      payload: body,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json() as ProductionOrderDetail;
    expect(after.version).toBe(order.version + 1);
    expect(after.quantity).toBe('12.000');
    expect(after.notes).toBe('Ajustada');
    expect(after.materials.map((m) => [m.id, m.feedstockId, m.requiredQuantity])).toEqual([
      [fabric!.id, s.fabric, '9.900'],
      [buttons!.id, s.buttons, '50.000'],
      [expect.any(Number), extra, '0.125'],
    ]);
    expect(after.costs.map((c) => [c.outlayId, c.value])).toEqual([[ids.labor, '30.00']]);

    const stale = await api.request({
      method: 'PUT',
      url: `${ORDERS}/${order.id}`,
      token: await api.adminToken(),
      payload: { ...body, notes: 'Outra', version: order.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe(ErrorCode.STALE_VERSION);
    expect((await fx.get(`${ORDERS}/${order.id}`)).json().notes).toBe('Ajustada');

    const history = await fx.get(
      `${'/api/v1'}/audit?entity=production-orders&entityId=${order.id}`,
    );
    expect(history.statusCode).toBe(200);
    const actions = (history.json().items as { action: string; changes: object }[]).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(['update', 'create']);
    expect(Object.keys(history.json().items[0].changes)).toEqual(
      expect.arrayContaining(['quantity', 'notes', 'materials', 'costs']),
    );
  });

  it('a quantity change rescales the materials (loss, rounded up) and per-unit costs, and the shortage', async () => {
    const s = await scenario();
    const put = async (order: ProductionOrderDetail, extra: Record<string, unknown> = {}) => {
      const response = await api.request({
        method: 'PUT',
        url: `${ORDERS}/${order.id}`,
        token: await api.adminToken(),
        payload: {
          quantity: '150',
          sourceLocationId: ids.source,
          targetLocationId: ids.target,
          version: order.version,
          ...extra,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as ProductionOrderDetail;
    };
    const figures = (order: ProductionOrderDetail) => [
      ...order.materials.map((m) => m.requiredQuantity),
      ...order.costs.map((c) => c.value),
    ];
    // 170 units: 170 × 0.750 × 1.10 = 140.25 kg; 170 × 4 × 1.03 = 700.4 → 701 buttons;
    // labour 170 × 2.50; the set-up once.
    const order = await s.order('170');
    expect(figures(order)).toEqual(['140.250', '701.000', '425.00', '30.00']);

    // Only the header sent: every line follows the quantity (150 × 4 × 1.03 = 618 buttons).
    const header = await put(order);
    expect(header.quantity).toBe('150.000');
    expect(figures(header)).toEqual(['123.750', '618.000', '375.00', '30.00']);
    const availability = (
      await fx.get(`${ORDERS}/${order.id}/availability`)
    ).json() as ProductionOrderAvailability;
    expect(availability.items.map((line) => [line.required, line.missing])).toEqual([
      ['123.750', '123.750'],
      ['618.000', '618.000'],
    ]);

    // The lines sent as they were read (a form that did not recompute them): rescaled too; a
    // line the same save changes is taken as sent.
    const other = await s.order('170');
    const [fabric, buttons] = other.materials;
    const [labour, setup] = other.costs;
    const sent = await put(other, {
      materials: [
        { id: fabric!.id, feedstockId: s.fabric, requiredQuantity: fabric!.requiredQuantity },
        { id: buttons!.id, feedstockId: s.buttons, requiredQuantity: '650' },
      ],
      costs: [
        { id: labour!.id, outlayId: ids.labor, value: labour!.value },
        { id: setup!.id, outlayId: ids.setup, value: setup!.value },
      ],
    });
    expect(figures(sent)).toEqual(['123.750', '650.000', '375.00', '30.00']);
  });

  it('two saves of the same version at once: one is saved, the other answers 409', async () => {
    const s = await scenario();
    const order = await s.order('10');
    const save = async (notes: string) =>
      api.request({
        method: 'PUT',
        url: `${ORDERS}/${order.id}`,
        token: await api.adminToken(),
        payload: {
          quantity: '10',
          sourceLocationId: ids.source,
          targetLocationId: ids.target,
          notes,
          version: order.version,
        },
      });
    const responses = await Promise.all([save('Primeira'), save('Segunda')]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const saved = responses.find((r) => r.statusCode === 200)!.json() as ProductionOrderDetail;
    expect(saved.version).toBe(order.version + 1);
    // Lines not sent stay as they were.
    expect(saved.materials.map((m) => m.requiredQuantity)).toEqual(['8.250', '42.000']);
    expect((await fx.get(`${ORDERS}/${order.id}`)).json().notes).toBe(saved.notes);
  });

  it('refuses a repeated feedstock, a product as material, a quantity beyond the unit and no materials', async () => {
    const s = await scenario();
    const order = await s.order('1');
    const put = async (materials: object[]) =>
      api.request({
        method: 'PUT',
        url: `${ORDERS}/${order.id}`,
        token: await api.adminToken(),
        payload: {
          quantity: '1',
          sourceLocationId: ids.source,
          targetLocationId: ids.target,
          materials,
          version: order.version,
        },
      });
    const repeated = await put([
      { feedstockId: s.fabric, requiredQuantity: '1' },
      { feedstockId: s.fabric, requiredQuantity: '2' },
    ]);
    expect(repeated.statusCode).toBe(400);
    expect(errorOf(repeated).fields).toEqual({
      'materials.1.feedstockId': messages.productionOrders.repeatedFeedstock,
    });
    const product = await put([{ feedstockId: s.product, requiredQuantity: '1' }]);
    expect(errorOf(product).fields).toEqual({
      'materials.0.feedstockId': messages.productionOrders.notAFeedstock,
    });
    const decimals = await put([{ feedstockId: s.buttons, requiredQuantity: '1.5' }]);
    expect(errorOf(decimals).fields).toEqual({
      'materials.0.requiredQuantity': messages.tooManyUnitDecimals(0),
    });
    const none = await put([]);
    expect(errorOf(none).fields).toEqual({ materials: messages.productionOrders.noMaterials });
    expect((await fx.get(`${ORDERS}/${order.id}`)).json().version).toBe(order.version);
  });
});

describe('availability and start', () => {
  it('start with shortages answers 422 listing every missing material, and nothing moves', async () => {
    const s = await scenario();
    await fx.stockIn(s.fabric, ids.source, '5', '10.00');
    await fx.stockIn(s.buttons, ids.target, '100', '0.10'); // elsewhere: does not count
    const order = await s.order('10');

    const availability = await fx.get(`${ORDERS}/${order.id}/availability`);
    expect(availability.statusCode).toBe(200);
    const figures = availability.json() as ProductionOrderAvailability;
    expect(figures.sufficient).toBe(false);
    expect(figures.locationId).toBe(ids.source);
    expect(figures.items.map((l) => [l.feedstockId, l.required, l.available, l.missing])).toEqual([
      [s.fabric, '8.250', '5.000', '3.250'],
      [s.buttons, '42.000', '0.000', '42.000'],
    ]);
    expect(figures.items[0]!.name).toBe('Tecido');
    expect(figures.items[0]!.code).toMatch(/^INS-/);
    expect(missingLinesOf(figures)).toEqual([
      { itemId: s.fabric, quantity: '3.250' },
      { itemId: s.buttons, quantity: '42.000' },
    ]);
    expect(
      (await productionOrderShortages(api.db, order.id)).map((l) => [l.feedstockId, l.missing]),
    ).toEqual([
      [s.fabric, '3.250'],
      [s.buttons, '42.000'],
    ]);

    const response = await fx.action(order.id, 'start');
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json() as {
      error: { code: string; message: string; details: StockShortageDetail[] };
    };
    expect(body.error.code).toBe(ErrorCode.INSUFFICIENT_STOCK);
    expect(body.error.message).toMatch(
      /^Estoque insuficiente: Tecido em Local .* tem 5,000, necessário 8,250\.$/,
    );
    expect(
      body.error.details.map((d) => [
        d.itemId,
        d.item,
        d.locationId,
        d.required,
        d.available,
        d.missing,
      ]),
    ).toEqual([
      [s.fabric, 'Tecido', ids.source, '8.250', '5.000', '3.250'],
      [s.buttons, 'Botão', ids.source, '42.000', '0.000', '42.000'],
    ]);

    expect(await fx.balance(s.fabric, ids.source)).toBe('5.000');
    expect(await fx.movementsOf(order.id)).toEqual([]);
    const after = (await fx.get(`${ORDERS}/${order.id}`)).json() as ProductionOrderDetail;
    expect(after.status).toBe('PLANNED');
    expect(after.materials.map((m) => m.consumedQuantity)).toEqual(['0.000', '0.000']);
  });

  it('start takes every material out of the source at its average cost and records the consumption', async () => {
    const s = await scenario();
    await stockFor(s);
    const order = await s.order('10');
    expect((await fx.get(`${ORDERS}/${order.id}/availability`)).json().sufficient).toBe(true);

    const response = await fx.action(order.id, 'start');
    expect(response.statusCode, response.body).toBe(200);
    const started = response.json() as ProductionOrderDetail;
    expect(started.status).toBe('IN_PROGRESS');
    expect(started.startedAt).not.toBeNull();
    expect(started.materials.map((m) => [m.consumedQuantity, m.unitCost, m.consumedValue])).toEqual(
      [
        ['8.250', '12.0000', '99.0000'],
        ['42.000', '0.1500', '6.3000'],
      ],
    );
    const movements = await fx.movementsOf(order.id);
    expect(
      movements.map((m) => [m.type, m.itemId, m.fromLocationId, m.quantity, m.unitCost, m.value]),
    ).toEqual([
      ['OUT', s.fabric, ids.source, '8.250', '12.0000', '99.0000'],
      ['OUT', s.buttons, ids.source, '42.000', '0.1500', '6.3000'],
    ]);
    expect(movements[0]!.notes).toBe(order.number);
    expect(await fx.balance(s.fabric, ids.source)).toBe('1.750');
    expect(await fx.balance(s.buttons, ids.source)).toBe('8.000');
    // Once started, nothing is required any more.
    const availability = (await fx.get(`${ORDERS}/${order.id}/availability`)).json();
    expect(availability.items.map((l: { required: string }) => l.required)).toEqual([
      '0.000',
      '0.000',
    ]);
  });
});

describe('complete and cancel', () => {
  it('complete puts the product in at (materials at average cost + costs) / produced, to the cent', async () => {
    const s = await scenario();
    await stockFor(s);
    // One unit of the product already in stock at 20.0000.
    await fx.stockIn(s.product, ids.target, '1', '20.00');
    const order = await s.order('10');
    expect((await fx.action(order.id, 'start')).statusCode).toBe(200);

    const response = await fx.action(order.id, 'complete', { producedQuantity: '9' });
    expect(response.statusCode, response.body).toBe(200);
    const done = response.json() as ProductionOrderDetail;
    // Materials 99.00 + 6.30 = 105.30; costs 25.00 + 30.00 = 55.00; 160.30 / 9 = 17.8111.
    expect(done).toMatchObject({
      status: 'COMPLETED',
      producedQuantity: '9.000',
      completionDate: today,
      materialsCost: '105.30',
      outlaysCost: '55.00',
      totalCost: '160.30',
      unitCost: '17.8111',
    });
    const entry = (await fx.movementsOf(order.id)).find((m) => m.type === 'IN')!;
    expect([entry.itemId, entry.toLocationId, entry.quantity, entry.unitCost]).toEqual([
      s.product,
      ids.target,
      '9.000',
      '17.8111',
    ]);
    // The entry carries the order's total exactly (9 × 17.8111 would be 160.2999): the unit
    // cost is derived from it, the stock value never loses the cost.
    expect(entry.value).toBe('160.3000');
    expect(await fx.balance(s.product, ids.target)).toBe('10.000');
    // (20.0000 + 160.3000) / 10.
    expect(await fx.averageCost(s.product)).toBe('18.0300');
    expect(await stockValue(s.product)).toBe('180.3000');
  });

  it("values the product's entry at the order's total to the cent, whatever the division leaves", async () => {
    const s = await scenario();
    await stockFor(s);
    const order = await s.order('10');
    await fx.action(order.id, 'start');
    // 105.30 + 55.00 = 160.30 over 3 units: 53.4333…, and 3 × 53.4333 would be 160.2999.
    const response = await fx.action(order.id, 'complete', { producedQuantity: '3' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ totalCost: '160.30', unitCost: '53.4333' });
    const entry = (await fx.movementsOf(order.id)).find((m) => m.type === 'IN')!;
    expect([entry.quantity, entry.unitCost, entry.value]).toEqual(['3.000', '53.4333', '160.3000']);
    expect(await stockValue(s.product)).toBe('160.3000');
    expect(await fx.averageCost(s.product)).toBe('53.4333');
  });

  it('accepts up to the planned quantity plus the company tolerance; beyond it 422 naming the maximum', async () => {
    const s = await scenario();
    await stockFor(s);
    const order = await s.order('10');
    await fx.action(order.id, 'start');
    const zero = await fx.action(order.id, 'complete', { producedQuantity: '0' });
    expect(zero.statusCode).toBe(400);
    expect(errorOf(zero).fields).toEqual({ producedQuantity: messages.mustBePositive });

    // The default 10 %: at most 11 of the 10 planned.
    const over = await fx.action(order.id, 'complete', { producedQuantity: '12' });
    expect(over.statusCode, over.body).toBe(422);
    const unit = (await fx.get(`${ORDERS}/${order.id}`)).json().unit as string;
    const message = `Quantidade produzida acima do permitido: no máximo 11 ${unit} (planejado 10 ${unit} + tolerância de 10%).`;
    expect(errorOf(over)).toMatchObject({
      code: ErrorCode.OVER_PRODUCTION,
      message,
      fields: { producedQuantity: message },
    });
    expect((await fx.get(`${ORDERS}/${order.id}`)).json().status).toBe('IN_PROGRESS');
    expect(await fx.balance(s.product, ids.target)).toBe('0.000');

    const done = await fx.action(order.id, 'complete', { producedQuantity: '11' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().producedQuantity).toBe('11.000');
  });

  it('reads the tolerance from the company: 0 % allows only the planned quantity, rounded to the unit', async () => {
    const s = await scenario();
    await stockFor(s);
    const order = await s.order('10');
    await fx.action(order.id, 'start');
    try {
      await setTolerance('0');
      const over = await fx.action(order.id, 'complete', { producedQuantity: '11' });
      expect(over.statusCode, over.body).toBe(422);
      expect(errorOf(over).message).toContain('no máximo 10 ');
      // 10 × 1.155 = 11.55 units: whole units only, so at most 11.
      await setTolerance('15,5');
      const above = await fx.action(order.id, 'complete', { producedQuantity: '12' });
      expect(errorOf(above).message).toContain('no máximo 11 ');
      expect(errorOf(above).message).toContain('tolerância de 15,5%');
      expect((await fx.action(order.id, 'complete', { producedQuantity: '11' })).statusCode).toBe(
        200,
      );
    } finally {
      await setTolerance('10');
    }
  });

  it('refuses a produced quantity beyond the unit and a future date, and moves nothing', async () => {
    const s = await scenario();
    await stockFor(s);
    const order = await s.order('10');
    await fx.action(order.id, 'start');
    const decimals = await fx.action(order.id, 'complete', { producedQuantity: '9.5' });
    expect(decimals.statusCode).toBe(400);
    expect(errorOf(decimals).fields).toEqual({
      producedQuantity: messages.tooManyUnitDecimals(0),
    });
    const future = await fx.action(order.id, 'complete', {
      producedQuantity: '9',
      date: '2999-01-01',
    });
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).fields).toEqual({ date: messages.stock.futureDate });
    expect((await fx.get(`${ORDERS}/${order.id}`)).json().status).toBe('IN_PROGRESS');
    expect(await fx.balance(s.product, ids.target)).toBe('0.000');
  });

  it('cancel of a started order returns the materials to the source at the value they left', async () => {
    const s = await scenario();
    await stockFor(s);
    const order = await s.order('10');
    expect((await fx.action(order.id, 'start')).statusCode).toBe(200);

    const response = await fx.action(order.id, 'cancel');
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = response.json() as ProductionOrderDetail;
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(cancelled.materials.map((m) => m.consumedQuantity)).toEqual(['0.000', '0.000']);
    expect(await fx.balance(s.fabric, ids.source)).toBe('10.000');
    expect(await fx.balance(s.buttons, ids.source)).toBe('50.000');
    expect(await fx.averageCost(s.fabric)).toBe('12.0000');
    const movements = await fx.movementsOf(order.id);
    const outs = movements.filter((m) => m.type === 'OUT');
    const ins = movements.filter((m) => m.type === 'IN');
    expect(ins.map((m) => [m.reversalOf, m.itemId, m.toLocationId, m.quantity, m.value])).toEqual(
      outs.map((m) => [m.id, m.itemId, ids.source, m.quantity, m.value]),
    );
  });

  it('refuses to reverse its movements by hand (422 naming the order and Cancelar), and nothing moves', async () => {
    const s = await scenario();
    await stockFor(s);
    const order = await s.order('10');
    await fx.action(order.id, 'start');
    const [fabricOut] = await fx.movementsOf(order.id);
    const reverse = async (id: number) =>
      api.request({
        method: 'POST',
        url: `/api/v1/stock-movements/${id}/reverse`,
        token: await api.adminToken(),
      });
    const refused = await reverse(fabricOut!.id);
    expect(refused.statusCode, refused.body).toBe(422);
    const label = order.number;
    expect(errorOf(refused)).toMatchObject({
      code: ErrorCode.DOCUMENT_MOVEMENT,
      message:
        `Este movimento foi gerado pela Ordem de Produção ${label} e não pode ser estornado ` +
        'aqui. Estorne pelo documento: "Cancelar" a ordem devolve todos os materiais consumidos ao estoque.',
    });
    expect(await fx.balance(s.fabric, ids.source)).toBe('1.750');

    // Completed: neither the product's entry nor a material's outflow has an undo.
    expect((await fx.action(order.id, 'complete', { producedQuantity: '10' })).statusCode).toBe(
      200,
    );
    const entry = (await fx.movementsOf(order.id)).find((m) => m.type === 'IN')!;
    for (const movement of [entry, fabricOut!]) {
      const completed = await reverse(movement.id);
      expect(completed.statusCode, completed.body).toBe(422);
      expect(errorOf(completed).message).toBe(
        `Este movimento foi gerado pela Ordem de Produção ${label} e não pode ser estornado ` +
          'aqui. A ordem está concluída e não tem estorno: corrija o estoque com um movimento ' +
          'manual (Entrada, Saída ou Ajuste de inventário).',
      );
    }
    expect(await fx.balance(s.product, ids.target)).toBe('10.000');
    expect((await fx.movementsOf(order.id)).filter((m) => m.reversalOf !== null)).toEqual([]);
  });

  it('cancel does not return twice a material whose movement was reversed before that was refused', async () => {
    const s = await scenario();
    await stockFor(s);
    const order = await s.order('10');
    await fx.action(order.id, 'start');
    const [fabricOut] = await fx.movementsOf(order.id);
    // A ledger from before hand reversals of a document's movements were refused.
    const admin = await api.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    await inTransaction(api.db, (trx) =>
      reverseMovement(trx, { userId: admin.id, requestId: 'legacy' }, fabricOut!.id),
    );
    expect(await fx.balance(s.fabric, ids.source)).toBe('10.000');

    expect((await fx.action(order.id, 'cancel')).statusCode).toBe(200);
    expect(await fx.balance(s.fabric, ids.source)).toBe('10.000');
    expect(await fx.balance(s.buttons, ids.source)).toBe('50.000');
    expect((await fx.movementsOf(order.id)).filter((m) => m.reversalOf !== null).length).toBe(2);
  });

  it('cancel of a planned order moves no stock', async () => {
    const s = await scenario();
    await stockFor(s);
    const order = await s.order('10');
    const response = await fx.action(order.id, 'cancel');
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('CANCELLED');
    expect(await fx.movementsOf(order.id)).toEqual([]);
    expect(await fx.balance(s.fabric, ids.source)).toBe('10.000');
  });
});

describe('the status machine', () => {
  const refused = async (id: number, action: string, label: string, payload?: object) => {
    const response = await fx.action(id, action, payload);
    expect(response.statusCode, `${action}: ${response.body}`).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: ErrorCode.INVALID_STATUS,
      message: `Ação não permitida na situação ${label}.`,
    });
  };
  const complete = { producedQuantity: '10' };

  it('allows only the actions of each status (409 for the others, nothing changed)', async () => {
    const s = await scenario();
    await fx.stockIn(s.fabric, ids.source, '100', '10.00');
    await fx.stockIn(s.buttons, ids.source, '500', '0.10');

    const planned = await s.order('10');
    await refused(planned.id, 'complete', 'Planejada', complete);

    const started = await s.order('10');
    expect((await fx.action(started.id, 'start')).statusCode).toBe(200);
    await refused(started.id, 'start', 'Em produção');
    const edit = await api.request({
      method: 'PUT',
      url: `${ORDERS}/${started.id}`,
      token: await api.adminToken(),
      payload: {
        quantity: '1',
        sourceLocationId: ids.source,
        targetLocationId: ids.target,
        version: started.version + 1,
      },
    });
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit).code).toBe(ErrorCode.INVALID_STATUS);

    expect((await fx.action(started.id, 'complete', complete)).statusCode).toBe(200);
    for (const action of ['start', 'complete', 'cancel']) {
      await refused(started.id, action, 'Concluída', complete);
    }

    const cancelled = await s.order('10');
    expect((await fx.action(cancelled.id, 'cancel')).statusCode).toBe(200);
    for (const action of ['start', 'complete', 'cancel']) {
      await refused(cancelled.id, action, 'Cancelada', complete);
    }
    expect((await fx.get(`${ORDERS}/${cancelled.id}`)).json().status).toBe('CANCELLED');
    expect((await fx.action(999999, 'start')).statusCode).toBe(404);
  });

  it('each action sent twice at once succeeds once; the other answers 409', async () => {
    const s = await scenario();
    await fx.stockIn(s.fabric, ids.source, '100', '10.00');
    await fx.stockIn(s.buttons, ids.source, '500', '0.10');
    const twice = async (id: number, action: string, payload?: object) => {
      const responses = await Promise.all([
        fx.action(id, action, payload),
        fx.action(id, action, payload),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    };

    const a = await s.order('10');
    await twice(a.id, 'start');
    expect((await fx.movementsOf(a.id)).length).toBe(2);
    await twice(a.id, 'complete', complete);
    expect((await fx.movementsOf(a.id)).filter((m) => m.type === 'IN').length).toBe(1);

    const b = await s.order('10');
    await fx.action(b.id, 'start');
    await twice(b.id, 'cancel');
    // The materials came back once.
    expect((await fx.movementsOf(b.id)).filter((m) => m.reversalOf !== null).length).toBe(2);

    const c = await s.order('10');
    await twice(c.id, 'cancel');
    // What a and b left: 100 − 8.25 (a, consumed); b's returned.
    expect(await fx.balance(s.fabric, ids.source)).toBe('91.750');
  });
});

describe('orders competing for the same materials', () => {
  it('five starts at once with stock for three: three start, two answer 422, the stock ends at zero', async () => {
    const s = await scenario();
    // Three orders of 10: 3 × 8.250 kg of fabric and 3 × 42 buttons.
    await fx.stockIn(s.fabric, ids.source, '24.750', '10.00');
    await fx.stockIn(s.buttons, ids.source, '126', '0.10');
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await s.order('10'));
    const responses = await Promise.all(orders.map((order) => fx.action(order.id, 'start')));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 422, 422]);
    for (const response of responses.filter((r) => r.statusCode === 422)) {
      expect(errorOf(response).code).toBe(ErrorCode.INSUFFICIENT_STOCK);
    }
    expect(await fx.balance(s.fabric, ids.source)).toBe('0.000');
    expect(await fx.balance(s.buttons, ids.source)).toBe('0.000');
    const statuses = await Promise.all(
      orders.map(async (order) => (await fx.get(`${ORDERS}/${order.id}`)).json().status),
    );
    expect(statuses.filter((status) => status === 'IN_PROGRESS').length).toBe(3);
    expect(statuses.filter((status) => status === 'PLANNED').length).toBe(2);
  });
});

describe('list, export, PDF and permissions', () => {
  it('filters by status, product and number, and exports the filtered list', async () => {
    const s = await scenario();
    const first = await s.order('1');
    const second = await s.order('2');
    await fx.action(second.id, 'cancel');

    const byProduct = await fx.get(`${ORDERS}?productId=${s.product}`);
    expect(byProduct.statusCode).toBe(200);
    expect(byProduct.json().items.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);
    expect(byProduct.json().total).toBe(2);

    const planned = await fx.get(`${ORDERS}?productId=${s.product}&status=PLANNED`);
    expect(planned.json().items.map((o: { id: number }) => o.id)).toEqual([first.id]);
    const both = await fx.get(`${ORDERS}?productId=${s.product}&status=PLANNED,CANCELLED`);
    expect(both.json().total).toBe(2);

    const byNumber = await fx.get(`${ORDERS}?q=${first.number}`);
    expect(byNumber.json().items.map((o: { id: number }) => o.id)).toEqual([first.id]);
    const byName = await fx.get(
      `${ORDERS}?q=${encodeURIComponent(first.productName.toLowerCase())}`,
    );
    expect(byName.json().items.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);

    const csv = await fx.get(`${ORDERS}/export?format=csv&productId=${s.product}&status=PLANNED`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain(first.number);
    expect(csv.body).not.toContain(second.number);
    expect(csv.body).toContain('Planejada');
  });

  it('prints the production sheet as a PDF', async () => {
    const s = await scenario();
    const order = await s.order('10', { notes: 'Atenção à costura' });
    const response = await fx.get(`${ORDERS}/${order.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.rawPayload.length).toBeGreaterThan(1000);
  });

  it('needs read to see, write to create and edit, execute to start and complete, cancel to cancel', async () => {
    const s = await scenario();
    await stockFor(s);
    const reader = await userWith(api, ['productionOrders:read']);
    const writer = await userWith(api, ['productionOrders:read', 'productionOrders:write']);
    const executor = await userWith(api, ['productionOrders:read', 'productionOrders:execute']);
    const canceller = await userWith(api, ['productionOrders:read', 'productionOrders:cancel']);
    const nobody = await userWith(api, ['clients:read']);
    const payload = {
      productId: s.product,
      quantity: '10',
      sourceLocationId: ids.source,
      targetLocationId: ids.target,
    };
    const create = (token: string) => api.request({ method: 'POST', url: ORDERS, token, payload });

    expect((await create(reader.token)).statusCode).toBe(403);
    const created = await create(writer.token);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await fx.get(`${ORDERS}/${id}`, reader.token)).statusCode).toBe(200);
    expect((await fx.get(`${ORDERS}/${id}/pdf`, reader.token)).statusCode).toBe(200);
    expect((await fx.get(`${ORDERS}/${id}`, nobody.token)).statusCode).toBe(403);
    expect((await fx.get(ORDERS, nobody.token)).statusCode).toBe(403);

    expect((await fx.action(id, 'start', undefined, writer.token)).statusCode).toBe(403);
    expect((await fx.action(id, 'start', undefined, canceller.token)).statusCode).toBe(403);
    expect((await fx.action(id, 'start', undefined, executor.token)).statusCode).toBe(200);
    expect((await fx.action(id, 'cancel', undefined, executor.token)).statusCode).toBe(403);
    expect(
      (await fx.action(id, 'complete', { producedQuantity: '10' }, writer.token)).statusCode,
    ).toBe(403);
    expect((await fx.action(id, 'cancel', undefined, canceller.token)).statusCode).toBe(200);
    expect((await fx.get(`${ORDERS}/${id}`)).json().status).toBe('CANCELLED');
  });
});
