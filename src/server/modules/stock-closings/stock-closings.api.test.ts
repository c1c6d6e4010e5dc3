import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { AuditContext } from '../../platform/audit.js';
import { inTransaction } from '../../platform/transaction.js';
import { useTestApi } from '../../testing/api-app.js';
import { starterUnit } from '../../testing/starter-units.js';
import {
  closeStockThrough as closeStockThroughApi,
  putStockClosedThrough,
  setStockClosedThrough,
} from '../company/testing/stock-closed-through.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { postMovements, type MovementInput } from '../stock-movements/index.js';
import { insertItem, insertLocation } from '../stock-movements/testing/stock-scene.js';

/**
 * The snapshots "Estoque fechado até" writes (issue 22): the ledger's sum at each closing, written
 * once, deleted by a reopening before them; and a posting that races a closing is either counted
 * in its snapshot or refused, never lost.
 */
const api = useTestApi();
const today = todayInSaoPaulo();
const daysAgo = (days: number) => addDays(today, -days);
const ids = { main: 0, shop: 0, fabric: 0, button: 0 };
let token = '';
let ctx: AuditContext;

const post = (movements: MovementInput[]) =>
  inTransaction(api.db, (trx) => postMovements(trx, ctx, movements));

const entry = (days: number, itemId: number, quantity: string, unitCost: string) =>
  ({
    type: 'IN',
    date: daysAgo(days),
    itemId,
    toLocationId: ids.main,
    quantity,
    unitCost,
  }) as const;

/** PUT /company with "Estoque fechado até" changed, as `as` (the administrator by default). */
const putClosedThrough = (day: string | null, as = token) =>
  putStockClosedThrough(api, token, day, as);
const closeStockThrough = (day: string | null) => closeStockThroughApi(api, token, day);

const closings = async () =>
  (
    await api.db
      .selectFrom('stockClosings')
      .select('closedThrough')
      .orderBy('closedThrough')
      .execute()
  ).map((row) => row.closedThrough);

/**
 * Every snapshot compared with the ledger's sum up to its day, computed here apart: per item and
 * location (a row for every location the item had moved through by then) and per item (quantity,
 * value). Answers the differences, as rows of text; none when all agree.
 */
async function snapshotDifferences(): Promise<string[]> {
  const { rows } = await sql<{ difference: string }>`
    WITH ledger_balances AS (
      SELECT c.closed_through, m.item_id, m.location_id, sum(m.quantity) AS quantity
      FROM stock_closings c
      JOIN (
        SELECT date, item_id, to_location_id AS location_id, quantity FROM stock_movements
        WHERE to_location_id IS NOT NULL
        UNION ALL
        SELECT date, item_id, from_location_id, -quantity FROM stock_movements
        WHERE from_location_id IS NOT NULL
      ) m ON m.date <= c.closed_through
      GROUP BY 1, 2, 3
    ),
    ledger_items AS (
      SELECT c.closed_through, m.item_id,
        sum(CASE WHEN m.from_location_id IS NULL THEN m.quantity
          WHEN m.to_location_id IS NULL THEN -m.quantity ELSE 0 END) AS quantity,
        sum(CASE WHEN m.from_location_id IS NULL THEN m.value
          WHEN m.to_location_id IS NULL THEN -m.value ELSE 0 END) AS value
      FROM stock_closings c JOIN stock_movements m ON m.date <= c.closed_through
      GROUP BY 1, 2
    )
    SELECT concat_ws(' ', l.closed_through, l.item_id, l.location_id, l.quantity, '≠',
      s.closed_through, s.item_id, s.location_id, s.quantity) AS difference
    FROM ledger_balances l
    FULL JOIN stock_closing_balances s USING (closed_through, item_id, location_id)
    WHERE l.quantity IS DISTINCT FROM s.quantity
    UNION ALL
    SELECT concat_ws(' ', l.closed_through, l.item_id, l.quantity, l.value, '≠',
      s.closed_through, s.item_id, s.quantity, s.value)
    FROM ledger_items l
    FULL JOIN stock_closing_items s USING (closed_through, item_id)
    WHERE l.quantity IS DISTINCT FROM s.quantity OR l.value IS DISTINCT FROM s.value`.execute(
    api.db,
  );
  return rows.map((row) => row.difference);
}

beforeAll(async () => {
  token = await api.adminToken();
  const db = api.db;
  const admin = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  ctx = { userId: admin.id, requestId: 'test' };
  const location = (name: string) => insertLocation(db, name);
  const un = await starterUnit(db, 'UN', 0);
  ids.main = await location('Almoxarifado');
  ids.shop = await location('Loja');
  const item = (code: string, name: string) =>
    insertItem(db, { kind: 'FEEDSTOCK', code, name, unitId: un });
  ids.fabric = await item('TEC-01', 'Tecido');
  ids.button = await item('BOT-01', 'Botão');
});

describe('the snapshots of "Estoque fechado até"', () => {
  it('writes one at each closing equal to the ledger, deletes the later ones on a reopening and all when cleared', async () => {
    await post([entry(30, ids.fabric, '10', '4'), entry(30, ids.button, '100', '0.1')]);
    await post([
      {
        type: 'TRANSFER',
        date: daysAgo(25),
        itemId: ids.fabric,
        fromLocationId: ids.main,
        toLocationId: ids.shop,
        quantity: '10',
      },
    ]);
    await post([
      {
        type: 'OUT',
        date: daysAgo(22),
        itemId: ids.button,
        fromLocationId: ids.main,
        quantity: '40',
      },
    ]);
    await closeStockThrough(daysAgo(20));
    await post([entry(18, ids.fabric, '3', '5')]);
    await post([
      {
        type: 'OUT',
        date: daysAgo(16),
        itemId: ids.fabric,
        fromLocationId: ids.shop,
        quantity: '10',
      },
    ]);
    // Written from the previous snapshot and the movements since: the same as from the ledger.
    await closeStockThrough(daysAgo(15));
    await closeStockThrough(daysAgo(12));
    expect(await closings()).toEqual([daysAgo(20), daysAgo(15), daysAgo(12)]);
    expect(await snapshotDifferences()).toEqual([]);
    // The fabric's emptied shop row stays, at zero.
    const shopRow = await api.db
      .selectFrom('stockClosingBalances')
      .select('quantity')
      .where('closedThrough', '=', daysAgo(15))
      .where('itemId', '=', ids.fabric)
      .where('locationId', '=', ids.shop)
      .executeTakeFirstOrThrow();
    expect(shopRow.quantity).toBe('0.000');

    // Saving the company again with the same date writes nothing new.
    await closeStockThrough(daysAgo(12));
    expect(await closings()).toEqual([daysAgo(20), daysAgo(15), daysAgo(12)]);

    // Reopened to T-17: the snapshots after it go, the one before stays; a posting lands there.
    await closeStockThrough(daysAgo(17));
    expect(await closings()).toEqual([daysAgo(20)]);
    await post([entry(16, ids.button, '7', '0.2')]);
    await closeStockThrough(daysAgo(14));
    expect(await closings()).toEqual([daysAgo(20), daysAgo(14)]);
    expect(await snapshotDifferences()).toEqual([]);

    await closeStockThrough(null);
    expect(await closings()).toEqual([]);
    expect(await api.db.selectFrom('stockClosingBalances').select('itemId').execute()).toEqual([]);
    expect(await api.db.selectFrom('stockClosingItems').select('itemId').execute()).toEqual([]);
  });

  it('is written by no one who may not change the company', async () => {
    const reader = await userWith(api, ['company:read']);
    const refused = await putClosedThrough(daysAgo(10), reader.token);
    expect(refused.statusCode).toBe(403);
    expect(await closings()).toEqual([]);
  });
});

/** Resolves once a statement of this database waits for a lock, its text matching `query`. */
async function waitingOnLock(query: RegExp): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { rows } = await sql<{ query: string }>`
      SELECT query FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(api.db);
    if (rows.some((row) => query.test(row.query))) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Nothing waited for a lock with ${query}`);
}

/** A promise and the function that resolves it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('a posting racing a closing', () => {
  it('counts a posting in flight when the closing starts: the closing waits for it', async () => {
    await closeStockThrough(null);
    const inserted = gate();
    const commit = gate();
    const posting = inTransaction(api.db, async (trx) => {
      await postMovements(trx, ctx, [entry(9, ids.button, '11', '0.3')]);
      inserted.open();
      await commit.opened;
    });
    await inserted.opened;
    const closing = setStockClosedThrough(api.db, daysAgo(8));
    await waitingOnLock(/LOCK TABLE stock_movements/);
    commit.open();
    await posting;
    await closing;

    expect(await snapshotDifferences()).toEqual([]);
  });

  it('refuses a posting into the period that the closing held, and lets one after it through', async () => {
    await closeStockThrough(null);
    const closed = gate();
    const commit = gate();
    const closing = inTransaction(api.db, async (trx) => {
      await setStockClosedThrough(trx, daysAgo(6));
      closed.open();
      await commit.opened;
    });
    await closed.opened;
    const movementsBefore = await api.db
      .selectFrom('stockMovements')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    // Both read the old date (nothing closed) before the closing commits; both wait to insert.
    const inPeriod = api.request({
      method: 'POST',
      url: '/api/v1/stock-movements',
      token,
      payload: entry(7, ids.fabric, '2', '4'),
    });
    await waitingOnLock(/INSERT INTO stock_movements/i);
    const afterPeriod = api.request({
      method: 'POST',
      url: '/api/v1/stock-movements',
      token,
      payload: entry(5, ids.fabric, '3', '4'),
    });
    commit.open();
    await closing;

    const refused = await inPeriod;
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.code).toBe('STOCK_PERIOD_CLOSED');
    const accepted = await afterPeriod;
    expect(accepted.statusCode, accepted.body).toBe(201);
    const movementsAfter = await api.db
      .selectFrom('stockMovements')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(movementsAfter.count)).toBe(Number(movementsBefore.count) + 1);
    expect(await snapshotDifferences()).toEqual([]);
  });
});
