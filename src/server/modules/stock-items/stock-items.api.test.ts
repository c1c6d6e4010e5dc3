import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { StockItemRow } from '../../../shared/resources/stock-items.js';
import type { AuditContext } from '../../platform/audit.js';
import { parseCsv } from '../../platform/csv.js';
import { inTransaction } from '../../platform/transaction.js';
import { useTestApi } from '../../testing/api-app.js';
import { starterUnit } from '../../testing/starter-units.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { postMovements, type MovementInput } from '../stock-movements/index.js';
import {
  insertItem,
  insertLocation,
  type SceneItem,
} from '../stock-movements/testing/stock-scene.js';
import { kardexPageQuery, stockPageQuery } from './stock-items.repo.js';

const api = useTestApi();
const URL = '/api/v1/stock-items';
const today = todayInSaoPaulo();
const daysAgo = (days: number) => addDays(today, -days);
const ids = { main: 0, shop: 0, fabrics: 0, trims: 0, fabric: 0, button: 0, thread: 0, shirt: 0 };
let token = '';

/**
 * The ledger every test reads (T = today):
 *   T-10  IN fabric 10 at Almoxarifado, 4.00        | IN button 100 at Almoxarifado, 0.10
 *   T-9   IN thread 4 at Loja, 1.00
 *   T-8   IN fabric 10 at Loja, 6.00 (average 5)
 *   T-7   OUT thread 4 from Loja (none left, its balance row stays at zero)
 *   T-6   TRANSFER fabric 4 Almoxarifado → Loja
 *   T-4   OUT fabric 5 from Loja
 *   T-2   IN fabric 5 at Almoxarifado, 11.00 (average 6.5)
 *   T-1   IN shirt 3 at Loja, 50.00
 *   T     OUT button 98 from Almoxarifado (2 left, below its minimum of 5)
 * Fabric's minimum is 20: below it from T-4 to T-2, when it had 15.
 */
beforeAll(async () => {
  token = await api.adminToken();
  const db = api.db;
  const admin = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const ctx: AuditContext = { userId: admin.id, requestId: 'test' };
  const location = (name: string) => insertLocation(db, name);
  const category = async (name: string) =>
    (await db.insertInto('categories').values({ name }).returning('id').executeTakeFirstOrThrow())
      .id;
  const kg = await starterUnit(db, 'KG', 3);
  const un = await starterUnit(db, 'UN', 0);
  ids.main = await location('Almoxarifado');
  ids.shop = await location('Loja');
  ids.fabrics = await category('Tecidos');
  ids.trims = await category('Aviamentos');
  const item = (values: SceneItem) => insertItem(db, values);
  ids.fabric = await item({
    kind: 'FEEDSTOCK',
    code: 'TEC-01',
    name: 'Tecido algodão',
    unitId: kg,
    categoryId: ids.fabrics,
    minimumStock: '20',
  });
  ids.button = await item({
    kind: 'FEEDSTOCK',
    code: 'BOT-12',
    name: 'Botão 12 mm',
    unitId: un,
    categoryId: ids.trims,
    minimumStock: '5',
  });
  ids.thread = await item({
    kind: 'FEEDSTOCK',
    code: 'LIN-01',
    name: 'Linha de costura',
    unitId: un,
    categoryId: ids.trims,
  });
  ids.shirt = await item({ kind: 'PRODUCT', code: 'CAM-01', name: 'Camisa polo', unitId: un });

  const post = (movements: MovementInput[]) =>
    inTransaction(db, (trx) => postMovements(trx, ctx, movements));
  const { fabric, button, thread, shirt, main, shop } = ids;
  await post([
    {
      type: 'IN',
      date: daysAgo(10),
      itemId: fabric,
      toLocationId: main,
      quantity: '10',
      unitCost: '4',
    },
    {
      type: 'IN',
      date: daysAgo(10),
      itemId: button,
      toLocationId: main,
      quantity: '100',
      unitCost: '0.10',
    },
  ]);
  await post([
    {
      type: 'IN',
      date: daysAgo(9),
      itemId: thread,
      toLocationId: shop,
      quantity: '4',
      unitCost: '1',
    },
  ]);
  await post([
    {
      type: 'IN',
      date: daysAgo(8),
      itemId: fabric,
      toLocationId: shop,
      quantity: '10',
      unitCost: '6',
    },
  ]);
  await post([
    { type: 'OUT', date: daysAgo(7), itemId: thread, fromLocationId: shop, quantity: '4' },
  ]);
  await post([
    {
      type: 'TRANSFER',
      date: daysAgo(6),
      itemId: fabric,
      fromLocationId: main,
      toLocationId: shop,
      quantity: '4',
    },
  ]);
  await post([
    { type: 'OUT', date: daysAgo(4), itemId: fabric, fromLocationId: shop, quantity: '5' },
  ]);
  await post([
    {
      type: 'IN',
      date: daysAgo(2),
      itemId: fabric,
      toLocationId: main,
      quantity: '5',
      unitCost: '11',
    },
  ]);
  await post([
    {
      type: 'IN',
      date: daysAgo(1),
      itemId: shirt,
      toLocationId: shop,
      quantity: '3',
      unitCost: '50',
    },
  ]);
  await post([{ type: 'OUT', itemId: button, fromLocationId: main, quantity: '98' }]);
});

const get = async (query = '', as = token) => {
  const response = await api.request({ method: 'GET', url: `${URL}?${query}`, token: as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: StockItemRow[];
    total: number;
    at: string;
    totalQuantity?: string;
    totalValue: string;
  };
};
/** Each row as "item code @ location: quantity". */
const summary = (rows: StockItemRow[]) =>
  rows.map((row) => `${row.itemCode} @ ${row.locationName}: ${row.quantity}`);

describe('Consulta de Estoque now', () => {
  it('lists each item and location with its quantity, average cost and value, by item name', async () => {
    const list = await get();
    expect(list.at).toBe(today);
    expect(list.total).toBe(5);
    expect(summary(list.items)).toEqual([
      'BOT-12 @ Almoxarifado: 2.000',
      'CAM-01 @ Loja: 3.000',
      'LIN-01 @ Loja: 0.000',
      'TEC-01 @ Almoxarifado: 11.000',
      'TEC-01 @ Loja: 9.000',
    ]);
    expect(list.items[3]).toEqual({
      itemId: ids.fabric,
      itemCode: 'TEC-01',
      itemName: 'Tecido algodão',
      kind: 'FEEDSTOCK',
      unitCode: 'KG',
      unitDecimals: 3,
      categoryId: ids.fabrics,
      categoryName: 'Tecidos',
      locationId: ids.main,
      locationName: 'Almoxarifado',
      quantity: '11.000',
      itemQuantity: '20.000',
      averageCost: '6.5000',
      value: '71.50',
      minimumStock: '20.000',
      belowMinimum: false,
      reservedQuantity: '0.000',
      availableQuantity: '11.000',
    });
    expect(list.items[0]).toMatchObject({
      averageCost: '0.1000',
      value: '0.20',
      belowMinimum: true,
      minimumStock: '5.000',
    });
    expect(list.items[1]).toMatchObject({
      kind: 'PRODUCT',
      categoryName: null,
      minimumStock: null,
    });
    // Emptied: still listed, worth nothing.
    expect(list.items[2]).toMatchObject({
      averageCost: '1.0000',
      value: '0.00',
      belowMinimum: false,
    });
    // 0.20 + 150.00 + 71.50 + 58.50; quantities of different items are not added up.
    expect(list.totalValue).toBe('280.20');
    expect(list).not.toHaveProperty('totalQuantity');
  });

  it('filters by kind, location, category, search and below minimum, with totals over the filter', async () => {
    expect(summary((await get('kind=PRODUCT')).items)).toEqual(['CAM-01 @ Loja: 3.000']);
    const shop = await get(`locationId=${ids.shop}`);
    expect(summary(shop.items)).toEqual([
      'CAM-01 @ Loja: 3.000',
      'LIN-01 @ Loja: 0.000',
      'TEC-01 @ Loja: 9.000',
    ]);
    expect(shop.totalValue).toBe('208.50');
    expect(summary((await get(`categoryId=${ids.trims}`)).items)).toEqual([
      'BOT-12 @ Almoxarifado: 2.000',
      'LIN-01 @ Loja: 0.000',
    ]);
    // Code or name, accent- and case-insensitive.
    expect(summary((await get('q=ALGODAO')).items)).toHaveLength(2);
    expect(summary((await get('q=bot-1')).items)).toEqual(['BOT-12 @ Almoxarifado: 2.000']);
    const below = await get('belowMinimum=true');
    expect(summary(below.items)).toEqual(['BOT-12 @ Almoxarifado: 2.000']);
    expect(below.total).toBe(1);
    expect(summary((await get('belowMinimum=false&kind=FEEDSTOCK')).items)).toEqual([
      'LIN-01 @ Loja: 0.000',
      'TEC-01 @ Almoxarifado: 11.000',
      'TEC-01 @ Loja: 9.000',
    ]);
    // The rows of one item: their quantities add up.
    const fabric = await get(`itemId=${ids.fabric}`);
    expect(fabric.totalQuantity).toBe('20.000');
    expect(fabric.totalValue).toBe('130.00');
    expect((await get('q=algodao')).totalQuantity).toBe('20.000');
    const none = await get('q=nenhum-item');
    expect(none).toMatchObject({ items: [], total: 0, totalValue: '0.00' });
  });

  it('compares the minimum with the item over all locations, not with each location', async () => {
    // Fabric has 11 and 9, each below its minimum of 20, but 20 in all: not below.
    const rows = (await get(`itemId=${ids.fabric}`)).items;
    expect(rows.map((row) => [row.quantity, row.itemQuantity, row.belowMinimum])).toEqual([
      ['11.000', '20.000', false],
      ['9.000', '20.000', false],
    ]);
  });

  it('sorts by quantity or value and pages', async () => {
    expect(summary((await get('sort=quantity')).items)).toEqual([
      'LIN-01 @ Loja: 0.000',
      'BOT-12 @ Almoxarifado: 2.000',
      'CAM-01 @ Loja: 3.000',
      'TEC-01 @ Loja: 9.000',
      'TEC-01 @ Almoxarifado: 11.000',
    ]);
    expect((await get('sort=-value')).items.map((row) => row.value)).toEqual([
      '150.00',
      '71.50',
      '58.50',
      '0.20',
      '0.00',
    ]);
    expect(summary((await get('sort=-name')).items)[0]).toBe('TEC-01 @ Loja: 9.000');
    const second = await get('pageSize=2&page=2');
    expect(summary(second.items)).toEqual([
      'LIN-01 @ Loja: 0.000',
      'TEC-01 @ Almoxarifado: 11.000',
    ]);
    expect(second.total).toBe(5);
    const bad = await api.request({ method: 'GET', url: `${URL}?sort=code`, token });
    expect(bad.statusCode).toBe(400);
  });
});

/** What the ledger says each item and location had at the end of `day`: its movements summed. */
async function ledgerAt(day: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ item: number; location: number; quantity: string }>`
    SELECT item_id AS item, location_id AS location, sum(change) AS quantity FROM (
      SELECT item_id, to_location_id AS location_id, quantity AS change
      FROM stock_movements WHERE to_location_id IS NOT NULL AND date <= ${day}::date
      UNION ALL
      SELECT item_id, from_location_id, -quantity
      FROM stock_movements WHERE from_location_id IS NOT NULL AND date <= ${day}::date
    ) ledger GROUP BY item_id, location_id`.execute(api.db);
  return new Map(rows.map((row) => [`${row.item}:${row.location}`, row.quantity]));
}

describe('Consulta de Estoque at a date', () => {
  it('equals the sum of the ledger up to the end of each day', async () => {
    for (const days of [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]) {
      const day = daysAgo(days);
      const list = await get(`at=${day}&pageSize=100`);
      expect(list.at).toBe(day);
      const shown = new Map(
        list.items.map((row) => [`${row.itemId}:${row.locationId}`, row.quantity]),
      );
      expect(shown, day).toEqual(await ledgerAt(day));
    }
  });

  it('values the stock at the average of that day and differs from today after a later movement', async () => {
    const list = await get(`at=${daysAgo(3)}`);
    expect(
      list.items.map((row) => [row.itemCode, row.locationName, row.quantity, row.value]),
    ).toEqual([
      ['BOT-12', 'Almoxarifado', '100.000', '10.00'],
      ['LIN-01', 'Loja', '0.000', '0.00'],
      ['TEC-01', 'Almoxarifado', '6.000', '30.00'],
      ['TEC-01', 'Loja', '9.000', '45.00'],
    ]);
    expect(list.items[2]).toMatchObject({
      itemQuantity: '15.000',
      averageCost: '5.0000',
      belowMinimum: true,
    });
    expect(list.items[0]).toMatchObject({ averageCost: '0.1000', belowMinimum: false });
    expect(list.totalValue).toBe('85.00');
    expect(summary((await get(`at=${daysAgo(3)}&belowMinimum=true`)).items)).toEqual([
      'TEC-01 @ Almoxarifado: 6.000',
      'TEC-01 @ Loja: 9.000',
    ]);

    // Yesterday the buttons were all there; today's outflow left 2.
    const yesterday = await get(`at=${daysAgo(1)}&itemId=${ids.button}`);
    const now = await get(`itemId=${ids.button}`);
    expect(yesterday.items[0]!.quantity).toBe('100.000');
    expect(now.items[0]!.quantity).toBe('2.000');
    // Today is now.
    expect(await get(`at=${today}`)).toEqual(await get());
  });

  it('leaves out a location the item had not reached by then, keeps one it had left', async () => {
    // The shirt arrived yesterday; the thread had come and gone.
    expect(summary((await get(`at=${daysAgo(5)}&locationId=${ids.shop}`)).items)).toEqual([
      'LIN-01 @ Loja: 0.000',
      'TEC-01 @ Loja: 14.000',
    ]);
    expect(summary((await get(`at=${daysAgo(8)}&itemId=${ids.thread}`)).items)).toEqual([
      'LIN-01 @ Loja: 4.000',
    ]);
    expect((await get(`at=${daysAgo(11)}`)).items).toEqual([]);
  });

  it('refuses a day in the future or that is not a date', async () => {
    const future = await api.request({
      method: 'GET',
      url: `${URL}?at=${addDays(today, 1)}`,
      token,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual({ at: 'A data não pode ser posterior a hoje.' });
    const invalid = await api.request({ method: 'GET', url: `${URL}?at=2026-02-30`, token });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('kardex', () => {
  const kardex = async (itemId: number, query = '', as = token) => {
    const response = await api.request({
      method: 'GET',
      url: `${URL}/${itemId}/movements?${query}`,
      token: as,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      item: { code: string; unitDecimals: number };
      items: { type: string; date: string; change: string; balance: string }[];
      total: number;
      openingBalance: string;
      closingBalance: string;
    };
  };
  const lines = (rows: { type: string; change: string; balance: string }[]) =>
    rows.map((row) => `${row.type} ${row.change} → ${row.balance}`);

  it('lists the movements oldest first with the balance after each, over all locations', async () => {
    const result = await kardex(ids.fabric);
    expect(result.item).toMatchObject({ code: 'TEC-01', unitDecimals: 3 });
    expect(lines(result.items)).toEqual([
      'IN 10.000 → 10.000',
      'IN 10.000 → 20.000',
      'TRANSFER 0.000 → 20.000',
      'OUT -5.000 → 15.000',
      'IN 5.000 → 20.000',
    ]);
    expect(result.items.map((row) => row.date)).toEqual(
      [10, 8, 6, 4, 2].map((days) => daysAgo(days)),
    );
    expect(result.items[2]).toMatchObject({
      fromLocationName: 'Almoxarifado',
      toLocationName: 'Loja',
      value: '20.0000',
      origin: { type: 'MANUAL', id: null },
      userName: 'Administrador',
    });
    expect(result).toMatchObject({ total: 5, openingBalance: '0.000', closingBalance: '20.000' });
  });

  it('at one location, a transfer counts in or out', async () => {
    expect(lines((await kardex(ids.fabric, `locationId=${ids.main}`)).items)).toEqual([
      'IN 10.000 → 10.000',
      'TRANSFER -4.000 → 6.000',
      'IN 5.000 → 11.000',
    ]);
    expect(lines((await kardex(ids.fabric, `locationId=${ids.shop}`)).items)).toEqual([
      'IN 10.000 → 10.000',
      'TRANSFER 4.000 → 14.000',
      'OUT -5.000 → 9.000',
    ]);
  });

  it('opens a period with the balance before it and pages without losing the running balance', async () => {
    const period = await kardex(ids.fabric, `from=${daysAgo(6)}&to=${daysAgo(3)}`);
    expect(lines(period.items)).toEqual(['TRANSFER 0.000 → 20.000', 'OUT -5.000 → 15.000']);
    expect(period).toMatchObject({ total: 2, openingBalance: '20.000', closingBalance: '15.000' });
    const atShop = await kardex(ids.fabric, `locationId=${ids.shop}&from=${daysAgo(5)}`);
    expect(atShop).toMatchObject({ total: 1, openingBalance: '14.000', closingBalance: '9.000' });

    const second = await kardex(ids.fabric, 'pageSize=2&page=2');
    expect(lines(second.items)).toEqual(['TRANSFER 0.000 → 20.000', 'OUT -5.000 → 15.000']);
    expect(second.total).toBe(5);
    const last = await kardex(ids.fabric, 'pageSize=2&page=3');
    expect(lines(last.items)).toEqual(['IN 5.000 → 20.000']);
  });

  it('answers 404 for an item that does not exist', async () => {
    const response = await api.request({ method: 'GET', url: `${URL}/999999/movements`, token });
    expect(response.statusCode).toBe(404);
  });
});

describe('export', () => {
  const download = (query: string) =>
    api.request({ method: 'GET', url: `${URL}/export?${query}`, token });

  it('downloads the filtered list as CSV with Brazilian numbers in the unit’s decimals', async () => {
    const response = await download(`format=csv&kind=FEEDSTOCK&sort=-quantity&page=2&pageSize=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="consulta-de-estoque-${today}.csv"`,
    );
    const [header, ...rows] = parseCsv(response.rawPayload.toString('utf8').slice(1));
    expect(header).toEqual([
      'Código',
      'Item',
      'Tipo',
      'Unidade',
      'Categoria',
      'Local',
      'Quantidade',
      'Total do item',
      'Estoque mínimo',
      'Abaixo do mínimo',
      'Custo médio',
      'Valor',
    ]);
    // Every row of the filter, in its order, whatever the page.
    expect(rows.filter((row) => row.some((cell) => cell !== ''))).toEqual([
      [
        'TEC-01',
        'Tecido algodão',
        'Insumo',
        'KG',
        'Tecidos',
        'Almoxarifado',
        '11,000',
        '20,000',
        '20,000',
        'Não',
        '6,5000',
        '71,50',
      ],
      [
        'TEC-01',
        'Tecido algodão',
        'Insumo',
        'KG',
        'Tecidos',
        'Loja',
        '9,000',
        '20,000',
        '20,000',
        'Não',
        '6,5000',
        '58,50',
      ],
      [
        'BOT-12',
        'Botão 12 mm',
        'Insumo',
        'UN',
        'Aviamentos',
        'Almoxarifado',
        '2',
        '2',
        '5',
        'Sim',
        '0,1000',
        '0,20',
      ],
      [
        'LIN-01',
        'Linha de costura',
        'Insumo',
        'UN',
        'Aviamentos',
        'Loja',
        '0',
        '0',
        '',
        'Não',
        '1,0000',
        '0,00',
      ],
    ]);
  });

  it('downloads XLSX with quantities and money as numbers, at a date too', async () => {
    const response = await download(`format=xlsx&at=${daysAgo(3)}&locationId=${ids.shop}`);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Consulta de Estoque');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getCell('A3').value).toBe('TEC-01');
    expect(sheet.getCell('F3').value).toBe('Loja');
    expect(sheet.getCell('G3').value).toBe(9);
    expect(sheet.getCell('G3').numFmt).toBe('#,##0.000');
    expect(sheet.getCell('K3').value).toBe(5);
    expect(sheet.getCell('K3').numFmt).toMatch(/R\$.*#,##0\.0000/);
    expect(sheet.getCell('L3').value).toBe(45);
    expect(sheet.getCell('L3').numFmt).toMatch(/R\$.*#,##0\.00/);
    expect(sheet.getCell('I2').value).toBe(null);

    const future = await download(`format=xlsx&at=${addDays(today, 1)}`);
    expect(future.statusCode).toBe(400);
  });
});

describe('permissions', () => {
  it('needs stockItems:read for the list, the export and the kardex', async () => {
    const reader = await userWith(api, ['stockItems:read']);
    const other = await userWith(api, ['stockMovements:read']);
    const urls = [URL, `${URL}/export?format=csv`, `${URL}/${ids.fabric}/movements`];
    for (const url of urls) {
      expect((await api.request({ method: 'GET', url, token: reader.token })).statusCode).toBe(200);
      expect((await api.request({ method: 'GET', url, token: other.token })).statusCode).toBe(403);
      expect((await api.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('query plans', () => {
  it('reads the items by name for the first page, the ledger by date for a past day and by item for the kardex', async () => {
    // One transaction: the tables are tiny, so a sequential scan is made the planner's last resort.
    await api.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const plan = async (query: ReturnType<typeof sql>) => {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(trx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      };
      const firstPage = await plan(
        stockPageQuery({ at: null, belowMinimum: undefined }, 'name', { limit: 20, offset: 0 }),
      );
      expect(firstPage).toMatch(/Index Scan using items_name_idx/);
      const atDate = await plan(
        stockPageQuery({ at: daysAgo(30), belowMinimum: undefined }, 'name', {
          limit: 20,
          offset: 0,
        }),
      );
      expect(atDate).toMatch(/stock_movements_date_idx/);
      expect(atDate).not.toMatch(/Seq Scan on stock_movements/);
      const kardexPlan = await plan(
        kardexPageQuery(
          { itemId: ids.fabric, locationId: ids.main, from: daysAgo(30) },
          {
            limit: 20,
            offset: 0,
          },
        ),
      );
      expect(kardexPlan).toMatch(/stock_movements_item_date_idx/);
    });
  });
});
