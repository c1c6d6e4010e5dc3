import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../shared/resources/brands.js';
import type { DbOrTrx, Trx } from '../db/connection.js';
import { useTestDb } from '../testing/test-db.js';
import { createCrudService } from './crud.js';
import { BusinessRuleError } from './errors.js';
import { inTransaction } from './transaction.js';

const test = useTestDb();

beforeAll(async () => {
  await sql`
    CREATE TABLE test_ledger (id serial PRIMARY KEY, item text NOT NULL, quantity integer NOT NULL);
    CREATE TABLE test_balances (item text PRIMARY KEY, quantity integer NOT NULL);
    INSERT INTO test_balances VALUES ('parafuso', 10);
  `.execute(test.db);
});

/** What two modules' index.ts offer: functions that take the caller's transaction. */
const ledgerModule = {
  post: (trx: Trx, item: string, quantity: number) =>
    sql`INSERT INTO test_ledger (item, quantity) VALUES (${item}, ${quantity})`.execute(trx),
};
const balancesModule = {
  take: async (trx: Trx, item: string, quantity: number) => {
    const { rows } = await sql`
      UPDATE test_balances SET quantity = quantity - ${quantity}
      WHERE item = ${item} AND quantity >= ${quantity} RETURNING quantity`.execute(trx);
    if (!rows.length) throw new BusinessRuleError('Estoque insuficiente');
  },
};

/** A service: one use case across both modules, in its transaction or the caller's. */
const consume = (db: DbOrTrx, item: string, quantity: number) =>
  inTransaction(db, async (trx) => {
    await ledgerModule.post(trx, item, -quantity);
    await balancesModule.take(trx, item, quantity);
  });

async function state() {
  const ledger = await sql<{ count: string }>`SELECT count(*) FROM test_ledger`.execute(test.db);
  const balance = await sql<{
    quantity: number;
  }>`SELECT quantity FROM test_balances WHERE item = 'parafuso'`.execute(test.db);
  return { ledger: Number(ledger.rows[0]!.count), balance: balance.rows[0]!.quantity };
}

describe('inTransaction', () => {
  it("leaves nothing of the first module's write when the second module fails", async () => {
    const before = await state();
    await expect(consume(test.db, 'parafuso', 11)).rejects.toBeInstanceOf(BusinessRuleError);
    expect(await state()).toEqual(before);
  });

  it("commits both modules' writes together", async () => {
    const before = await state();
    await consume(test.db, 'parafuso', 4);
    expect(await state()).toEqual({ ledger: before.ledger + 1, balance: before.balance - 4 });
  });

  it("joins the caller's transaction instead of opening its own", async () => {
    const before = await state();
    let joined = false;
    await expect(
      inTransaction(test.db, async (outer) => {
        await consume(outer, 'parafuso', 1);
        await inTransaction(outer, async (inner) => {
          joined = inner === outer;
        });
        throw new Error('the caller fails after the inner service finished');
      }),
    ).rejects.toThrow('the caller fails');
    expect(joined).toBe(true);
    expect(await state()).toEqual(before);
  });

  it("runs a generic CRUD write in the caller's transaction, with its audit entry", async () => {
    const service = createCrudService({ definition: brands, table: 'brands' });
    const name = 'Marca da transação desfeita';
    let id = 0;
    await expect(
      inTransaction(test.db, async (trx) => {
        id = (await service.create(trx, { userId: null }, { name, active: true })).id;
        throw new Error('a later step of the use case fails');
      }),
    ).rejects.toThrow('a later step');
    expect(id).toBeGreaterThan(0);
    const left = await test.db.selectFrom('brands').select('id').where('name', '=', name).execute();
    expect(left).toEqual([]);
    const audit = await test.db
      .selectFrom('auditLog')
      .select('id')
      .where('entity', '=', 'brands')
      .where('entityId', '=', String(id))
      .execute();
    expect(audit).toEqual([]);
  });
});
