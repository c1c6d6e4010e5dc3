import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { StockItemRow, StockItemSort } from '../../../shared/resources/stock-items.js';
import type { AuditContext } from '../../platform/audit.js';
import { inTransaction } from '../../platform/transaction.js';
import { useTestApi } from '../../testing/api-app.js';
import { starterUnit } from '../../testing/starter-units.js';
import { closingsAround, latestClosingThrough } from '../stock-closings/index.js';
import { closeStockThrough as closeStockThroughApi } from '../company/testing/stock-closed-through.js';
import { postMovements, type MovementInput } from '../stock-movements/index.js';
import {
  insertItem,
  insertLocation,
  type SceneItem,
} from '../stock-movements/testing/stock-scene.js';
import {
  allStockRows,
  stockPage,
  type PastStart,
  type StockItemFilters,
} from './stock-items.repo.js';

/**
 * Consulta de Estoque at a date read forward from a closing's snapshot (issue 22) answers exactly
 * what the read back from today's balances answers, and the ledger's sum, on every day around the
 * closings, with every filter, sort and page; after a reopening and a posting in the reopened
 * period too.
 */
const api = useTestApi();
const URL = '/api/v1/stock-items';
const today = todayInSaoPaulo();
const daysAgo = (days: number) => addDays(today, -days);
const ids = { main: 0, shop: 0, fabric: 0, button: 0, thread: 0, shirt: 0, zipper: 0 };
let token = '';
let ctx: AuditContext;

const post = (movements: MovementInput[]) =>
  inTransaction(api.db, (trx) => postMovements(trx, ctx, movements));

const closeStockThrough = (day: string | null) => closeStockThroughApi(api, token, day);

/**
 * The ledger (T = today); the closings are taken in the tests:
 *   T-20  IN fabric 10 at Almoxarifado, 4.00 | IN button 100 at Almoxarifado, 0.10
 *   T-18  IN fabric 10 at Loja, 6.00
 *   T-16  IN thread 4 at Loja, 1.00
 *   T-15  OUT thread 4 from Loja (its row stays, at zero)
 *   T-14  TRANSFER fabric 4 Almoxarifado → Loja
 *   T-12  OUT fabric 5 from Loja
 *   T-11  IN button 3 at Loja, 0.12 (the button's first movement there)
 *   T-10  TRANSFER button 50 Almoxarifado → Loja
 *   T-9   ADJUSTMENT fabric at Almoxarifado counted 3 (down)
 *   T-6   IN fabric 5 at Almoxarifado, 11.00 | IN shirt 2 at Almoxarifado, 50.00 (its first)
 *   T-4   OUT button 53 from Loja (none left there)
 *   T-3   TRANSFER fabric 2 Loja → Almoxarifado
 *   T-2   OUT fabric 1.333 from Almoxarifado
 */
beforeAll(async () => {
  token = await api.adminToken();
  const db = api.db;
  const admin = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  ctx = { userId: admin.id, requestId: 'test' };
  const location = (name: string) => insertLocation(db, name);
  const kg = await starterUnit(db, 'KG', 3);
  const un = await starterUnit(db, 'UN', 0);
  ids.main = await location('Almoxarifado');
  ids.shop = await location('Loja');
  const item = (values: SceneItem) => insertItem(db, values);
  ids.fabric = await item({
    kind: 'FEEDSTOCK',
    code: 'TEC-01',
    name: 'Tecido algodão',
    unitId: kg,
    minimumStock: '20',
  });
  ids.button = await item({
    kind: 'FEEDSTOCK',
    code: 'BOT-12',
    name: 'Botão 12 mm',
    unitId: un,
    minimumStock: '60',
  });
  ids.thread = await item({ kind: 'FEEDSTOCK', code: 'LIN-01', name: 'Linha', unitId: un });
  ids.shirt = await item({ kind: 'PRODUCT', code: 'CAM-01', name: 'Camisa polo', unitId: un });
  // Never moved: in no list at any date.
  ids.zipper = await item({ kind: 'FEEDSTOCK', code: 'ZIP-01', name: 'Zíper', unitId: un });

  const { fabric, button, thread, shirt, main, shop } = ids;
  const entry = (days: number, itemId: number, to: number, quantity: string, unitCost: string) =>
    ({
      type: 'IN',
      date: daysAgo(days),
      itemId,
      toLocationId: to,
      quantity,
      unitCost,
    }) as const;
  const out = (days: number, itemId: number, from: number, quantity: string) =>
    ({ type: 'OUT', date: daysAgo(days), itemId, fromLocationId: from, quantity }) as const;
  const transfer = (days: number, itemId: number, from: number, to: number, quantity: string) =>
    ({
      type: 'TRANSFER',
      date: daysAgo(days),
      itemId,
      fromLocationId: from,
      toLocationId: to,
      quantity,
    }) as const;
  await post([entry(20, fabric, main, '10', '4'), entry(20, button, main, '100', '0.10')]);
  await post([entry(18, fabric, shop, '10', '6')]);
  await post([entry(16, thread, shop, '4', '1')]);
  await post([out(15, thread, shop, '4')]);
  await post([transfer(14, fabric, main, shop, '4')]);
  await post([out(12, fabric, shop, '5')]);
  await post([entry(11, button, shop, '3', '0.12')]);
  await post([transfer(10, button, main, shop, '50')]);
  await post([
    {
      type: 'ADJUSTMENT',
      date: daysAgo(9),
      itemId: fabric,
      locationId: main,
      countedQuantity: '3',
    },
  ]);
  await post([entry(6, fabric, main, '5', '11'), entry(6, shirt, main, '2', '50')]);
  await post([out(4, button, shop, '53')]);
  await post([transfer(3, fabric, shop, main, '2')]);
  await post([out(2, fabric, main, '1.333')]);
});

/** The ledger's quantity per item and location at the end of `day`. */
async function ledgerAt(day: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ item: number; location: number; quantity: string }>`
    SELECT item_id AS item, location_id AS location, sum(quantity) AS quantity FROM (
      SELECT item_id, to_location_id AS location_id, quantity
      FROM stock_movements WHERE to_location_id IS NOT NULL AND date <= ${day}::date
      UNION ALL
      SELECT item_id, from_location_id, -quantity
      FROM stock_movements WHERE from_location_id IS NOT NULL AND date <= ${day}::date
    ) ledger GROUP BY item_id, location_id`.execute(api.db);
  return new Map(rows.map((row) => [`${row.item}:${row.location}`, row.quantity]));
}

const FILTERS: Omit<StockItemFilters, 'at' | 'start'>[] = [
  {},
  { locationId: 0 }, // the shop, set below
  { itemId: 0 }, // the fabric, set below
  { kind: 'PRODUCT' },
  { belowMinimum: true },
  { belowMinimum: false },
  { q: 'tecido' },
];
const SORTS: StockItemSort[] = ['name', '-name', 'quantity', '-quantity', 'value', '-value'];

/**
 * On each day from before the first movement to yesterday: the reads forward from the latest
 * snapshot on or before it and back from the first one after it (when there are) each equal the
 * read back from today, page, totals and export; the API's answer is the ledger's sum. Answers
 * on how many days each snapshot read was compared.
 */
async function expectEveryDayRight(): Promise<{ forward: number; back: number }> {
  const compared = { forward: 0, back: 0 };
  for (let days = 21; days >= 1; days--) {
    const at = daysAgo(days);
    const { before, after } = await closingsAround(api.db, at);
    const starts: PastStart[] = [
      ...(before ? [{ closing: before, forward: true }] : []),
      ...(after ? [{ closing: after, forward: false }] : []),
    ];
    if (before) compared.forward += 1;
    if (after) compared.back += 1;
    for (const filter of FILTERS) {
      const filters = {
        ...filter,
        ...('locationId' in filter ? { locationId: ids.shop } : {}),
        ...('itemId' in filter ? { itemId: ids.fabric } : {}),
        at,
      };
      // Every sort unfiltered; each filter in the list's order, a whole page and a cut one.
      const sorts = Object.keys(filter).length === 0 ? SORTS : SORTS.slice(0, 1);
      for (const sort of sorts) {
        for (const page of [
          { limit: 100, offset: 0 },
          { limit: 2, offset: 2 },
        ]) {
          const fromToday = await stockPage(api.db, { ...filters, start: null }, sort, page);
          for (const start of starts) {
            const fromClosing = await stockPage(api.db, { ...filters, start }, sort, page);
            expect(fromClosing, `${at} ${JSON.stringify({ filter, start, sort })}`).toEqual(
              fromToday,
            );
          }
        }
      }
      const exported = await allStockRows(api.db, { ...filters, start: null }, 'name');
      for (const start of starts) {
        expect(await allStockRows(api.db, { ...filters, start }, 'name')).toEqual(exported);
      }
    }
    const response = await api.request({
      method: 'GET',
      url: `${URL}?at=${at}&pageSize=100`,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const shown = new Map(
      (response.json().items as StockItemRow[]).map((row) => [
        `${row.itemId}:${row.locationId}`,
        row.quantity,
      ]),
    );
    expect(shown, at).toEqual(await ledgerAt(at));
  }
  return compared;
}

describe('Consulta de Estoque at a date, from the closings’ snapshots', () => {
  it('answers as the ledger on every day, without a closing, after one and after two', async () => {
    expect(await expectEveryDayRight()).toEqual({ forward: 0, back: 0 });
    await closeStockThrough(daysAgo(13));
    expect(await expectEveryDayRight()).toEqual({ forward: 13, back: 8 });
    await closeStockThrough(daysAgo(8));
    expect(await expectEveryDayRight()).toEqual({ forward: 13, back: 13 });
    expect(await latestClosingThrough(api.db, daysAgo(7))).toBe(daysAgo(8));
  }, 180_000);

  it('keeps a zero row and a row first reached after the snapshot, and leaves out a never-moved item', async () => {
    const rows = async (at: string) =>
      (
        (await api.request({ method: 'GET', url: `${URL}?at=${at}&pageSize=100`, token })).json()
          .items as StockItemRow[]
      ).map((row) => `${row.itemCode} @ ${row.locationName}: ${row.quantity}`);
    // After the snapshot at T-13: the thread's emptied row stays at zero, the button reached
    // the shop at T-11.
    expect(await rows(daysAgo(11))).toEqual([
      'BOT-12 @ Almoxarifado: 100.000',
      'BOT-12 @ Loja: 3.000',
      'LIN-01 @ Loja: 0.000',
      'TEC-01 @ Almoxarifado: 6.000',
      'TEC-01 @ Loja: 9.000',
    ]);
    // After the snapshot at T-8: the shirt's first entry, the button emptied at the shop.
    expect(await rows(daysAgo(3))).toEqual([
      'BOT-12 @ Almoxarifado: 50.000',
      'BOT-12 @ Loja: 0.000',
      'CAM-01 @ Almoxarifado: 2.000',
      'LIN-01 @ Loja: 0.000',
      'TEC-01 @ Almoxarifado: 10.000',
      'TEC-01 @ Loja: 7.000',
    ]);
  });

  it('reads the nearest snapshot rather than the ledger when there is one', async () => {
    // A snapshot row made wrong on purpose shows through, so the list does read it; put back.
    const tamper = (delta: string) =>
      sql`UPDATE stock_closing_balances SET quantity = quantity + ${delta}::numeric
        WHERE closed_through = ${daysAgo(8)}::date AND item_id = ${ids.thread}`.execute(api.db);
    const threadAt = async (at: string) =>
      (
        await api.request({
          method: 'GET',
          url: `${URL}?at=${at}&itemId=${ids.thread}`,
          token,
        })
      ).json().items[0].quantity;
    await tamper('1000');
    try {
      // Nearest to T-5 and to T-9 is the snapshot at T-8 (forward, back); to T-12 the one at T-13.
      expect(await threadAt(daysAgo(5))).toBe('1000.000');
      expect(await threadAt(daysAgo(9))).toBe('1000.000');
      expect(await threadAt(daysAgo(12))).toBe('0.000');
      // Yesterday is nearer today's balances than any snapshot.
      expect(await threadAt(daysAgo(1))).toBe('0.000');
    } finally {
      await tamper('-1000');
    }
    expect(await threadAt(daysAgo(5))).toBe('0.000');
  });

  it('stays right after a reopening and a posting in the reopened period, and a later closing', async () => {
    await closeStockThrough(daysAgo(10));
    expect(await latestClosingThrough(api.db, daysAgo(1))).toBe(daysAgo(13));
    await post([
      {
        type: 'IN',
        date: daysAgo(9),
        itemId: ids.thread,
        toLocationId: ids.main,
        quantity: '7',
        unitCost: '2',
      },
      {
        type: 'TRANSFER',
        date: daysAgo(9),
        itemId: ids.fabric,
        fromLocationId: ids.shop,
        toLocationId: ids.main,
        quantity: '1.5',
      },
    ]);
    expect(await expectEveryDayRight()).toEqual({ forward: 13, back: 8 });
    await closeStockThrough(daysAgo(5));
    expect(await latestClosingThrough(api.db, daysAgo(1))).toBe(daysAgo(5));
    expect(await expectEveryDayRight()).toEqual({ forward: 13, back: 16 });
    await closeStockThrough(null);
    expect(await latestClosingThrough(api.db, daysAgo(1))).toBeNull();
    expect(await expectEveryDayRight()).toEqual({ forward: 0, back: 0 });
  }, 180_000);
});
