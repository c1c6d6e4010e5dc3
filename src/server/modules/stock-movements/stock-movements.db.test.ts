import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Decimal } from 'decimal.js';
import { sql } from 'kysely';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { starterUnit } from '../../testing/starter-units.js';
import { urlFor } from '../../testing/test-database.js';
import { useTestDb } from '../../testing/test-db.js';
import { setStockClosedThrough } from '../company/testing/stock-closed-through.js';
import { postMovements, reverseMovement, type MovementInput } from './index.js';
import { POOL_SIZE, postParallelOutflows } from './testing/parallel-outflows.js';
import { stockBalance } from './testing/stock-balance.js';

// Enough connections for the parallel postings to really run at once.
const test = useTestDb(24);

const today = todayInSaoPaulo();
const daysAgo = (days: number) => addDays(today, -days);
let ctx: AuditContext;
const ids = { un: 0, kg: 0, main: 0, shop: 0 };

let itemCount = 0;
/** A new item, so that every test starts from an empty stock. */
async function newItem(name: string, unitId = ids.un): Promise<number> {
  itemCount += 1;
  const row = await test.db
    .insertInto('items')
    .values({ kind: 'FEEDSTOCK', code: `INS-${itemCount}`, name, unitId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  const admin = await test.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  ctx = { userId: admin.id, requestId: 'test' };
  const location = (name: string) =>
    test.db.insertInto('stockLocations').values({ name }).returning('id').executeTakeFirstOrThrow();
  ids.un = await starterUnit(test.db, 'UN', 0);
  ids.kg = await starterUnit(test.db, 'KG', 3);
  ids.main = (await location('Almoxarifado')).id;
  ids.shop = (await location('Loja')).id;
});

/** One posting in a transaction of its own, as a service would run it. */
const post = (movements: MovementInput[], db: DbOrTrx = test.db) =>
  inTransaction(db, (trx) => postMovements(trx, ctx, movements));
const reverse = (id: number) => inTransaction(test.db, (trx) => reverseMovement(trx, ctx, id));

/** The error a posting answers, to look at its status, code, message, fields and details. */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const balance = (itemId: number, locationId: number) => stockBalance(test.db, itemId, locationId);

/** What the ledger says a location has of an item: the sum of its movements. */
async function ledgerSum(itemId: number, locationId: number): Promise<string> {
  const { rows } = await sql<{ sum: string }>`
    SELECT coalesce(sum(CASE WHEN to_location_id = ${locationId} THEN quantity ELSE -quantity END), 0)::numeric(15,3) AS sum
    FROM stock_movements
    WHERE item_id = ${itemId} AND (to_location_id = ${locationId} OR from_location_id = ${locationId})`.execute(
    test.db,
  );
  return rows[0]!.sum;
}

async function valuation(itemId: number) {
  return test.db
    .selectFrom('items')
    .select(['averageCost', 'stockValue', 'lastPurchasePrice'])
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
}

async function movementCount(itemId: number): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM stock_movements WHERE item_id = ${itemId}`.execute(test.db);
  return rows[0]!.count;
}

const entry = (
  itemId: number,
  quantity: string,
  unitCost: string | null = null,
  extra: Partial<MovementInput> = {},
): MovementInput =>
  ({
    type: 'IN',
    itemId,
    toLocationId: ids.main,
    quantity,
    unitCost,
    ...extra,
  }) as MovementInput;
const out = (itemId: number, quantity: string, extra: Partial<MovementInput> = {}): MovementInput =>
  ({ type: 'OUT', itemId, fromLocationId: ids.main, quantity, ...extra }) as MovementInput;

describe('posting movements', () => {
  it('enters stock with its cost, moves the average, and takes stock out at the average', async () => {
    const item = await newItem('Tecido brim', ids.kg);
    const [first] = await post([
      entry(item, '10', '2.00', { origin: { type: 'PURCHASE_ORDER', id: 41 } }),
    ]);
    expect(first).toMatchObject({
      type: 'IN',
      date: today,
      quantity: '10.000',
      unitCost: '2.0000',
      value: '20.0000',
      origin: { type: 'PURCHASE_ORDER', id: 41 },
      userId: ctx.userId,
      reversalOf: null,
    });
    await post([entry(item, '30', '3.00')]);
    expect(await valuation(item)).toEqual({
      averageCost: '2.7500',
      stockValue: '110.0000',
      lastPurchasePrice: '2.0000',
    });

    const [taken] = await post([out(item, '4.5')]);
    expect(taken).toMatchObject({ quantity: '4.500', unitCost: '2.7500', value: '12.3750' });
    expect(await balance(item, ids.main)).toBe('35.500');
    expect(await valuation(item)).toMatchObject({ averageCost: '2.7500', stockValue: '97.6250' });

    const [rest] = await post([out(item, '35.5')]);
    expect(rest!.value).toBe('97.6250');
    expect(await valuation(item)).toMatchObject({ averageCost: '2.7500', stockValue: '0.0000' });
    expect(await balance(item, ids.main)).toBe('0.000');
  });

  it('writes an audit entry per movement', async () => {
    const item = await newItem('Linha');
    const [movement] = await post([entry(item, '3', '1.50')]);
    const rows = await test.db
      .selectFrom('auditLog')
      .select(['action', 'userId', 'changes'])
      .where('entity', '=', 'stock-movements')
      .where('entityId', '=', String(movement!.id))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'create',
      userId: ctx.userId,
      changes: { quantity: { from: null, to: '3.000' }, type: { from: null, to: 'IN' } },
    });
  });

  it('transfers between locations without changing the valuation', async () => {
    const item = await newItem('Botão');
    await post([entry(item, '10', '0.50')]);
    const [transfer] = await post([
      {
        type: 'TRANSFER',
        itemId: item,
        fromLocationId: ids.main,
        toLocationId: ids.shop,
        quantity: '4',
      },
    ]);
    expect(transfer).toMatchObject({ unitCost: '0.5000', value: '2.0000' });
    expect([await balance(item, ids.main), await balance(item, ids.shop)]).toEqual([
      '6.000',
      '4.000',
    ]);
    expect(await valuation(item)).toMatchObject({ averageCost: '0.5000', stockValue: '5.0000' });
  });

  it('answers 422 INSUFFICIENT_STOCK naming every shortage, and writes nothing', async () => {
    const fabric = await newItem('Tecido brim', ids.kg);
    const button = await newItem('Botão 12 mm');
    await post([entry(fabric, '2', '1.00'), entry(button, '10', '0.10')]);
    const error = await failure(
      post([out(fabric, '5'), out(button, '3'), out(button, '40', { fromLocationId: ids.shop })]),
    );
    expect(error).toMatchObject({
      statusCode: 422,
      code: 'INSUFFICIENT_STOCK',
      message: 'Estoque insuficiente: Tecido brim em Almoxarifado tem 2,000, necessário 5,000.',
    });
    expect(error.details).toEqual([
      {
        itemId: fabric,
        item: 'Tecido brim',
        locationId: ids.main,
        location: 'Almoxarifado',
        required: '5.000',
        available: '2.000',
        missing: '3.000',
      },
      {
        itemId: button,
        item: 'Botão 12 mm',
        locationId: ids.shop,
        location: 'Loja',
        required: '40.000',
        available: '0.000',
        missing: '40.000',
      },
    ]);
    expect(await balance(fabric, ids.main)).toBe('2.000');
    expect(await balance(button, ids.main)).toBe('10.000');
    expect(await movementCount(button)).toBe(1);
  });

  it('answers 400 for a transfer to the same location', async () => {
    const item = await newItem('Zíper');
    const error = await failure(
      post([
        entry(item, '1', '1.00', { path: 'items.0' }),
        {
          type: 'TRANSFER',
          itemId: item,
          fromLocationId: ids.main,
          toLocationId: ids.main,
          quantity: '1',
          path: 'items.1',
        },
      ]),
    );
    expect(error).toMatchObject({
      statusCode: 400,
      fields: { 'items.1.toLocationId': 'O destino deve ser diferente da origem.' },
    });
    expect(await movementCount(item)).toBe(0);
  });

  it("answers 400 for a quantity with more decimals than the item's unit allows", async () => {
    const item = await newItem('Parafuso');
    const error = await failure(post([entry(item, '1.5', '0.10', { path: '' })]));
    expect(error).toMatchObject({
      statusCode: 400,
      fields: { quantity: 'A unidade não aceita casas decimais' },
    });
    const kg = await newItem('Resina', ids.kg);
    await post([entry(kg, '1.25', '10.00')]);
    expect(await balance(kg, ids.main)).toBe('1.250');
  });

  it('answers 400 for a date after today, a quantity of zero and an unknown location', async () => {
    const item = await newItem('Etiqueta');
    const zero = await failure(post([entry(item, '1'), out(item, '0')]));
    expect(zero).toMatchObject({
      statusCode: 400,
      fields: { '1.quantity': 'Valor deve ser maior que zero' },
    });
    const later = await failure(post([entry(item, '1', null, { date: addDays(today, 1) })]));
    expect(later.fields).toEqual({ '0.date': 'A data não pode ser posterior a hoje.' });
    const nowhere = await failure(
      post([entry(item, '1', null, { toLocationId: 999_999 } as Partial<MovementInput>)]),
    );
    expect(nowhere.fields).toEqual({ '0.toLocationId': 'O registro relacionado não existe.' });
  });

  it('answers 422 for a movement dated in the closed period', async () => {
    const item = await newItem('Cola');
    await post([entry(item, '5', '1.00', { date: daysAgo(10) })]);
    await setStockClosedThrough(test.db, daysAgo(5));
    try {
      const error = await failure(post([out(item, '1', { date: daysAgo(5), path: '' })]));
      const closedThrough = daysAgo(5).split('-').reverse().join('/');
      expect(error).toMatchObject({
        statusCode: 422,
        code: 'STOCK_PERIOD_CLOSED',
        message: `Período de estoque fechado até ${closedThrough}.`,
        fields: { date: `Período de estoque fechado até ${closedThrough}.` },
      });
      await post([out(item, '1', { date: daysAgo(4) })]);
      expect(await balance(item, ids.main)).toBe('4.000');
    } finally {
      await setStockClosedThrough(test.db, null);
    }
  });

  it('refuses a backdated outflow that would have made a later balance negative', async () => {
    const item = await newItem('Elástico');
    await post([entry(item, '10', '1.00', { date: daysAgo(10) })]);
    await post([out(item, '8', { date: daysAgo(5) })]);
    await post([entry(item, '10', '1.00', { date: daysAgo(2) })]);
    expect(await balance(item, ids.main)).toBe('12.000');

    // 10 on day -10, 5 after this outflow on day -7, then -3 after the 8 taken on day -5.
    const error = await failure(post([out(item, '5', { date: daysAgo(7) })]));
    expect(error).toMatchObject({
      statusCode: 422,
      code: 'NEGATIVE_PAST_BALANCE',
      message: `Estoque insuficiente em ${daysAgo(5).split('-').reverse().join('/')}: Elástico em Almoxarifado ficaria com -3.`,
      details: [
        {
          itemId: item,
          item: 'Elástico',
          locationId: ids.main,
          location: 'Almoxarifado',
          date: daysAgo(5),
          balance: '-3.000',
        },
      ],
    });
    expect(await balance(item, ids.main)).toBe('12.000');

    // Two fit: 8 left on day -7, 0 after day -5.
    await post([out(item, '2', { date: daysAgo(7) })]);
    expect(await balance(item, ids.main)).toBe('10.000');
    expect(await ledgerSum(item, ids.main)).toBe('10.000');
  });

  it('adjusts to the counted quantity, recording the difference, and refuses no difference', async () => {
    const item = await newItem('Fio', ids.kg);
    await post([entry(item, '10', '2.00')]);
    const [down] = await post([
      { type: 'ADJUSTMENT', itemId: item, locationId: ids.main, countedQuantity: '7.5' },
    ]);
    expect(down).toMatchObject({
      type: 'ADJUSTMENT',
      fromLocationId: ids.main,
      toLocationId: null,
      quantity: '2.500',
      value: '5.0000',
    });
    const [up] = await post([
      { type: 'ADJUSTMENT', itemId: item, locationId: ids.main, countedQuantity: '8' },
    ]);
    expect(up).toMatchObject({ toLocationId: ids.main, fromLocationId: null, quantity: '0.500' });
    expect(await balance(item, ids.main)).toBe('8.000');
    expect(await valuation(item)).toMatchObject({ averageCost: '2.0000', stockValue: '16.0000' });

    const same = await failure(
      post([
        { type: 'ADJUSTMENT', itemId: item, locationId: ids.main, countedQuantity: '8', path: '' },
      ]),
    );
    expect(same).toMatchObject({
      statusCode: 422,
      fields: { countedQuantity: expect.any(String) },
    });
  });

  it('counts a backdated adjustment against the balance at the end of its date', async () => {
    const item = await newItem('Agulha');
    await post([entry(item, '10', '1.00', { date: daysAgo(3) })]);
    await post([entry(item, '5', '1.00', { date: daysAgo(1) })]);
    // 10 were there on day -2; 9 were counted: one missing then, 14 now.
    const [adjustment] = await post([
      {
        type: 'ADJUSTMENT',
        itemId: item,
        locationId: ids.main,
        countedQuantity: '9',
        date: daysAgo(2),
      },
    ]);
    expect(adjustment).toMatchObject({ fromLocationId: ids.main, quantity: '1.000' });
    expect(await balance(item, ids.main)).toBe('14.000');
  });
});

describe('reversing a movement', () => {
  it('writes the opposite movement once, and puts the average back', async () => {
    const item = await newItem('Tinta');
    await post([entry(item, '10', '2.00')]);
    const [second] = await post([entry(item, '10', '4.00')]);
    expect((await valuation(item)).averageCost).toBe('3.0000');

    const reversal = await reverse(second!.id);
    expect(reversal).toMatchObject({
      type: 'OUT',
      fromLocationId: ids.main,
      toLocationId: null,
      quantity: '10.000',
      value: '40.0000',
      reversalOf: second!.id,
      date: today,
    });
    expect(await balance(item, ids.main)).toBe('10.000');
    expect(await valuation(item)).toMatchObject({ averageCost: '2.0000', stockValue: '20.0000' });

    const again = await failure(reverse(second!.id));
    expect(again).toMatchObject({
      statusCode: 409,
      code: 'ALREADY_REVERSED',
      message: 'Este movimento já foi estornado.',
    });
    const ofReversal = await failure(reverse(reversal.id));
    expect(ofReversal.statusCode).toBe(422);
    expect(await movementCount(item)).toBe(3);

    const history = await test.db
      .selectFrom('auditLog')
      .select(['action', 'changes'])
      .where('entity', '=', 'stock-movements')
      .where('entityId', '=', String(second!.id))
      .orderBy('id')
      .execute();
    expect(history.map((row) => row.action)).toEqual(['create', 'reverse']);
    expect(history[1]!.changes).toEqual({ reversedBy: { from: null, to: reversal.id } });
  });

  it('puts back what an outflow took, moves a transfer back and undoes an adjustment', async () => {
    const item = await newItem('Pincel');
    await post([entry(item, '3', '10.00')]);
    const [taken] = await post([out(item, '1')]);
    await post([entry(item, '1', '16.00')]); // 20 + 16 over 3: the average is 12
    const back = await reverse(taken!.id);
    expect(back).toMatchObject({ type: 'IN', toLocationId: ids.main, value: '10.0000' });
    expect(await valuation(item)).toMatchObject({ averageCost: '11.5000', stockValue: '46.0000' });

    const [moved] = await post([
      {
        type: 'TRANSFER',
        itemId: item,
        fromLocationId: ids.main,
        toLocationId: ids.shop,
        quantity: '2',
      },
    ]);
    expect(await reverse(moved!.id)).toMatchObject({
      type: 'TRANSFER',
      fromLocationId: ids.shop,
      toLocationId: ids.main,
    });
    expect([await balance(item, ids.main), await balance(item, ids.shop)]).toEqual([
      '4.000',
      '0.000',
    ]);

    const [counted] = await post([
      { type: 'ADJUSTMENT', itemId: item, locationId: ids.main, countedQuantity: '1' },
    ]);
    expect(await reverse(counted!.id)).toMatchObject({
      type: 'ADJUSTMENT',
      toLocationId: ids.main,
      quantity: '3.000',
      value: counted!.value,
    });
    expect(await balance(item, ids.main)).toBe('4.000');
    expect(await valuation(item)).toMatchObject({ stockValue: '46.0000' });
  });

  it('reverses each movement once when two reversals arrive together', async () => {
    const item = await newItem('Verniz');
    const [movement] = await post([entry(item, '5', '1.00')]);
    const results = await Promise.allSettled([reverse(movement!.id), reverse(movement!.id)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ statusCode: 409 });
    expect(await balance(item, ids.main)).toBe('0.000');
  });

  it('answers 422 when what an entry brought in has already gone out', async () => {
    const item = await newItem('Solvente');
    const [movement] = await post([entry(item, '5', '1.00')]);
    await post([out(item, '3')]);
    const error = await failure(reverse(movement!.id));
    expect(error).toMatchObject({ statusCode: 422, code: 'INSUFFICIENT_STOCK' });
  });
});

describe('the database keeps balances from going negative', () => {
  it('refuses a negative balance even from code that skipped the checks', async () => {
    const item = await newItem('Lixa');
    await post([entry(item, '1', '1.00')]);
    await expect(
      sql`UPDATE stock_balances SET quantity = -1 WHERE item_id = ${item}`.execute(test.db),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe('concurrent postings', () => {
  it('lets exactly 20 of 50 parallel outflows of 1 take a balance of 20', async () => {
    const item = await newItem('Caixa');
    await post([entry(item, '20', '1.00')]);
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => post([out(item, '1')])),
    );
    const elapsed = performance.now() - started;
    console.info(`50 parallel outflows posted in ${elapsed.toFixed(0)} ms`);
    const rejected = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    expect(rejected).toHaveLength(30);
    for (const { reason } of rejected) expect(reason).toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    expect(await balance(item, ids.main)).toBe('0.000');
    expect(await ledgerSum(item, ids.main)).toBe('0.000');
    expect(await valuation(item)).toMatchObject({ stockValue: '0.0000' });
  });

  it('posts 200 parallel two-line transfers in both directions and line orders without a deadlock', async () => {
    const first = await newItem('Camiseta P');
    const second = await newItem('Camiseta M');
    await post([
      entry(first, '1000', '10.00'),
      entry(second, '1000', '12.00'),
      entry(first, '1000', '10.00', { toLocationId: ids.shop } as Partial<MovementInput>),
      entry(second, '1000', '12.00', { toLocationId: ids.shop } as Partial<MovementInput>),
    ]);
    const transfer = (itemId: number, from: number, to: number): MovementInput => ({
      type: 'TRANSFER',
      itemId,
      fromLocationId: from,
      toLocationId: to,
      quantity: '1',
    });
    const postings = Array.from({ length: 200 }, (_, i) => {
      const [from, to] = i % 2 === 0 ? [ids.main, ids.shop] : [ids.shop, ids.main];
      // Each line moves its item the other way to the other line, in both line orders.
      const lines = [transfer(first, from, to), transfer(second, to, from)];
      return i % 4 < 2 ? lines : lines.reverse();
    });
    const started = performance.now();
    const results = await Promise.allSettled(postings.map((lines) => post(lines)));
    const elapsed = performance.now() - started;
    console.info(`200 parallel two-line transfers posted in ${elapsed.toFixed(0)} ms`);
    const failures = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(failures.map((f) => String(f.reason))).toEqual([]);
    for (const itemId of [first, second]) {
      for (const locationId of [ids.main, ids.shop]) {
        const stored = await balance(itemId, locationId);
        expect(stored).toBe(await ledgerSum(itemId, locationId));
        expect(stored).toBe('1000.000');
      }
    }
    expect(new Decimal((await valuation(first)).stockValue).toFixed(2)).toBe('20000.00');
  });

  it('lets exactly 20 of 50 outflows from two processes take a balance of 20', async () => {
    const item = await newItem('Pacote');
    await post([entry(item, '20', '1.00')]);
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(
      test.db,
    );
    const url = urlFor(inject('testDatabaseAdminUrl'), rows[0]!.name);
    const gate = 90_000 + item;
    const script = path.join(import.meta.dirname, 'testing/parallel-outflows.ts');
    const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');

    await test.db.connection().execute(async (gatekeeper) => {
      await sql`SELECT pg_advisory_lock(${gate})`.execute(gatekeeper);
      const other = new Promise<Record<string, number>>((resolve, reject) => {
        const child = spawn(tsx, [script, url, String(item), String(ids.main), '25', String(gate)]);
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0 ? resolve(JSON.parse(output)) : reject(new Error(output)),
        );
      });
      const here = postParallelOutflows(url, item, ids.main, 25, gate);
      // Open the gate once both processes have all their connections waiting at it.
      for (let waited = 0; ; waited += 50) {
        const { rows: queued } = await sql<{ count: number }>`
          SELECT count(*)::int AS count FROM pg_locks
          WHERE locktype = 'advisory' AND objid = ${gate} AND NOT granted`.execute(gatekeeper);
        if (queued[0]!.count >= 2 * POOL_SIZE) break;
        if (waited > 30_000) throw new Error(`only ${queued[0]!.count} postings at the gate`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const started = performance.now();
      await sql`SELECT pg_advisory_unlock(${gate})`.execute(gatekeeper);
      const outcomes = await Promise.all([here, other]);
      console.info(
        `50 outflows from two processes posted in ${(performance.now() - started).toFixed(0)} ms`,
      );
      const total = (key: string) => outcomes.reduce((sum, o) => sum + (o[key] ?? 0), 0);
      expect(total('posted')).toBe(20);
      expect(total('INSUFFICIENT_STOCK')).toBe(30);
      // Each process ended all 25 of its postings, one way or the other.
      for (const outcome of outcomes) {
        expect(Object.values(outcome).reduce((sum, n) => sum + n, 0)).toBe(25);
      }
    });
    expect(await balance(item, ids.main)).toBe('0.000');
    expect(await ledgerSum(item, ids.main)).toBe('0.000');
  });
});
