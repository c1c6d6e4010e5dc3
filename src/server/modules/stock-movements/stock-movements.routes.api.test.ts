import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../../../shared/plain-date.js';
import { inTransaction } from '../../platform/transaction.js';
import { useTestApi } from '../../testing/api-app.js';
import { starterUnit } from '../../testing/starter-units.js';
import { TEST_ADMIN } from '../../testing/test-database.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { postMovements } from './index.js';

const api = useTestApi();
const URL = '/api/v1/stock-movements';
const today = todayInSaoPaulo();
const ids = { un: 0, kg: 0, main: 0, shop: 0, fabric: 0, button: 0 };
let token = '';

beforeAll(async () => {
  token = await api.adminToken();
  const db = api.db;
  const location = (name: string) =>
    db.insertInto('stockLocations').values({ name }).returning('id').executeTakeFirstOrThrow();
  const item = (code: string, name: string, unitId: number) =>
    db
      .insertInto('items')
      .values({ kind: 'FEEDSTOCK', code, name, unitId })
      .returning('id')
      .executeTakeFirstOrThrow();
  ids.un = await starterUnit(db, 'UN', 0);
  ids.kg = await starterUnit(db, 'KG', 3);
  ids.main = (await location('Almoxarifado')).id;
  ids.shop = (await location('Loja')).id;
  ids.fabric = (await item('TEC-01', 'Tecido brim', ids.kg)).id;
  ids.button = (await item('BOT-12', 'Botão 12 mm', ids.un)).id;
});

const send = (payload: Record<string, unknown>, as = token) =>
  api.request({ method: 'POST', url: URL, token: as, payload });
const list = (query: string, as = token) =>
  api.request({ method: 'GET', url: `${URL}?${query}`, token: as });
const idsOf = (response: { json: () => { items: { id: number }[] } }) =>
  response.json().items.map((row) => row.id);

describe('the manual movement form', () => {
  it('posts an entry with cost, an outflow, a transfer and an adjustment, with names', async () => {
    const entry = await send({
      type: 'IN',
      itemId: ids.fabric,
      toLocationId: ids.main,
      quantity: '10,5',
      unitCost: '4.00',
      notes: '  Saldo inicial  ',
    });
    expect(entry.statusCode, entry.body).toBe(201);
    expect(entry.json()).toMatchObject({
      type: 'IN',
      date: today,
      itemCode: 'TEC-01',
      itemName: 'Tecido brim',
      unitCode: 'KG',
      unitDecimals: 3,
      toLocationName: 'Almoxarifado',
      fromLocationId: null,
      quantity: '10.500',
      unitCost: '4.0000',
      value: '42.0000',
      origin: { type: 'MANUAL', id: null },
      notes: 'Saldo inicial',
      userName: 'Administrador',
      reversalOf: null,
      reversedBy: null,
    });

    const transfer = await send({
      type: 'TRANSFER',
      itemId: ids.fabric,
      fromLocationId: ids.main,
      toLocationId: ids.shop,
      quantity: '2.5',
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    expect(transfer.json()).toMatchObject({
      fromLocationName: 'Almoxarifado',
      toLocationName: 'Loja',
    });

    const outflow = await send({
      type: 'OUT',
      itemId: ids.fabric,
      fromLocationId: ids.shop,
      quantity: '1',
      date: addDays(today, -1),
    });
    expect(outflow.statusCode, outflow.body).toBe(422);
    expect(outflow.json().error.code).toBe('NEGATIVE_PAST_BALANCE');

    const adjustment = await send({
      type: 'ADJUSTMENT',
      itemId: ids.fabric,
      locationId: ids.main,
      countedQuantity: '7',
    });
    expect(adjustment.statusCode, adjustment.body).toBe(201);
    expect(adjustment.json()).toMatchObject({
      type: 'ADJUSTMENT',
      fromLocationId: ids.main,
      quantity: '1.000',
      value: '4.0000',
    });
  });

  it('answers 400 with the field for a missing type, the same location and too many decimals', async () => {
    const noType = await send({ itemId: ids.button, quantity: '1' });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().error.fields).toEqual({ type: 'Preenchimento obrigatório' });

    const same = await send({
      type: 'TRANSFER',
      itemId: ids.button,
      fromLocationId: ids.main,
      toLocationId: ids.main,
      quantity: '1',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toEqual({
      toLocationId: 'O destino deve ser diferente da origem.',
    });

    const decimals = await send({
      type: 'IN',
      itemId: ids.button,
      toLocationId: ids.main,
      quantity: '2.5',
    });
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().error.fields).toEqual({
      quantity: 'A unidade não aceita casas decimais',
    });

    const future = await send({
      type: 'IN',
      itemId: ids.button,
      toLocationId: ids.main,
      quantity: '1',
      date: addDays(today, 1),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual({ date: 'A data não pode ser posterior a hoje.' });
  });

  it('answers 422 INSUFFICIENT_STOCK with DOMAIN’s message and the details', async () => {
    const response = await send({
      type: 'OUT',
      itemId: ids.button,
      fromLocationId: ids.shop,
      quantity: '3',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: 'Estoque insuficiente: Botão 12 mm em Loja tem 0, necessário 3.',
      details: [
        {
          itemId: ids.button,
          item: 'Botão 12 mm',
          locationId: ids.shop,
          location: 'Loja',
          required: '3.000',
          available: '0.000',
          missing: '3.000',
        },
      ],
    });
  });
});

describe('the movement list', () => {
  let buttons: number[] = [];

  beforeAll(async () => {
    buttons = [];
    for (const [quantity, date] of [
      ['5', addDays(today, -20)],
      ['7', addDays(today, -10)],
    ] as const) {
      const response = await send({
        type: 'IN',
        itemId: ids.button,
        toLocationId: ids.shop,
        quantity,
        unitCost: '0.10',
        date,
      });
      expect(response.statusCode, response.body).toBe(201);
      buttons.push(response.json().id);
    }
  });

  it('filters by period, type, item, location, origin and the item’s code or name', async () => {
    const period = await list(`dateFrom=${addDays(today, -15)}&dateTo=${addDays(today, -5)}`);
    expect(period.statusCode, period.body).toBe(200);
    expect(idsOf(period)).toEqual([buttons[1]]);

    const byItem = await list(`itemId=${ids.button}`);
    expect(idsOf(byItem)).toEqual([buttons[1], buttons[0]]);
    expect(byItem.json()).toMatchObject({ total: 2, page: 1, pageSize: 20 });

    const transfers = await list('type=TRANSFER,ADJUSTMENT');
    expect(
      transfers
        .json()
        .items.map((row: { type: string }) => row.type)
        .sort(),
    ).toEqual(['ADJUSTMENT', 'TRANSFER']);

    // The shop takes part in the transfer (to) and in the buttons' entries.
    const shop = await list(`locationId=${ids.shop}&sort=date`);
    const shopRows = shop.json().items as { fromLocationId: number; toLocationId: number }[];
    expect(shopRows).toHaveLength(3);
    for (const row of shopRows) expect([row.fromLocationId, row.toLocationId]).toContain(ids.shop);

    expect((await list('originType=PURCHASE_ORDER')).json().total).toBe(0);
    expect((await list('originType=MANUAL')).json().total).toBe(5);
    expect(idsOf(await list('q=botao'))).toEqual([buttons[1], buttons[0]]);
    expect((await list('q=TEC-0')).json().total).toBe(3);
  });

  it('lists newest first, oldest first with sort=date, and refuses another sort', async () => {
    const newest = idsOf(await list(`itemId=${ids.button}`));
    const oldest = idsOf(await list(`itemId=${ids.button}&sort=date`));
    expect(oldest).toEqual([...newest].reverse());
    const wrong = await list('sort=quantity');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ sort: 'Valor inválido' });
    const badType = await list('type=SOMETHING');
    expect(badType.statusCode).toBe(400);
  });

  it('shows one movement, and 404 for one that does not exist', async () => {
    const one = await api.request({ method: 'GET', url: `${URL}/${buttons[0]}`, token });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: buttons[0],
      quantity: '5.000',
      itemName: 'Botão 12 mm',
    });
    const none = await api.request({ method: 'GET', url: `${URL}/999999`, token });
    expect(none.statusCode).toBe(404);
  });
});

describe('Estornar', () => {
  it('writes the opposite movement once, shows it on the original, and records the history', async () => {
    const entry = await send({
      type: 'IN',
      itemId: ids.button,
      toLocationId: ids.main,
      quantity: '4',
      unitCost: '0.25',
    });
    const id = entry.json().id as number;
    const reversal = await api.request({ method: 'POST', url: `${URL}/${id}/reverse`, token });
    expect(reversal.statusCode, reversal.body).toBe(201);
    expect(reversal.json()).toMatchObject({
      type: 'OUT',
      fromLocationId: ids.main,
      quantity: '4.000',
      value: '1.0000',
      reversalOf: id,
    });
    const original = await api.request({ method: 'GET', url: `${URL}/${id}`, token });
    expect(original.json().reversedBy).toBe(reversal.json().id);

    const again = await api.request({ method: 'POST', url: `${URL}/${id}/reverse`, token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'ALREADY_REVERSED',
      message: 'Este movimento já foi estornado.',
    });
    const missing = await api.request({ method: 'POST', url: `${URL}/999999/reverse`, token });
    expect(missing.statusCode).toBe(404);

    const history = await api.request({
      method: 'GET',
      url: `/api/v1/audit?entity=stock-movements&entityId=${id}`,
      token,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().items.map((entry: { action: string }) => entry.action)).toEqual([
      'reverse',
      'create',
    ]);
  });
});

describe('Estornar a movement a document made', () => {
  it('answers 422 DOCUMENT_MOVEMENT naming the document and its undo, and writes nothing', async () => {
    const admin = await api.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    const [entry] = await inTransaction(api.db, (trx) =>
      postMovements(trx, { userId: admin.id, requestId: 'test' }, [
        {
          type: 'IN',
          itemId: ids.button,
          toLocationId: ids.shop,
          quantity: '2',
          unitCost: '0.30',
          origin: { type: 'INVOICE', id: 77 },
        },
      ]),
    );
    const refused = await api.request({
      method: 'POST',
      url: `${URL}/${entry!.id}/reverse`,
      token,
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'DOCUMENT_MOVEMENT',
      message:
        'Este movimento foi gerado pela Nota Fiscal #77 e não pode ser estornado aqui. Estorne ' +
        'pelo documento: "Cancelar" a nota devolve as quantidades ao estoque.',
      details: [{ originType: 'INVOICE', originId: 77 }],
    });
    const original = await api.request({ method: 'GET', url: `${URL}/${entry!.id}`, token });
    expect(original.json().reversedBy).toBeNull();
  });
});

describe('permissions', () => {
  it('lets read see the list, write post, and only reverse reverse', async () => {
    const reader = await userWith(api, ['stockMovements:read']);
    const writer = await userWith(api, ['stockMovements:read', 'stockMovements:write']);
    const reverser = await userWith(api, ['stockMovements:read', 'stockMovements:reverse']);
    const entry = {
      type: 'IN',
      itemId: ids.button,
      toLocationId: ids.main,
      quantity: '1',
      unitCost: '0.20',
    };

    expect((await list('', reader.token)).statusCode).toBe(200);
    expect((await send(entry, reader.token)).statusCode).toBe(403);

    const posted = await send(entry, writer.token);
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().userId).toBe(writer.userId);
    const reverseAs = (as: string) =>
      api.request({ method: 'POST', url: `${URL}/${posted.json().id}/reverse`, token: as });
    expect((await reverseAs(writer.token)).statusCode).toBe(403);
    expect((await send(entry, reverser.token)).statusCode).toBe(403);
    expect((await reverseAs(reverser.token)).statusCode).toBe(201);

    const anonymous = await api.request({ method: 'GET', url: URL });
    expect(anonymous.statusCode).toBe(401);
  });
});
