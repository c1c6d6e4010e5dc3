import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTrx } from '../db/connection.js';
import { useTestDb } from '../testing/test-db.js';
import { takeNumber } from './numbering.js';
import { inTransaction } from './transaction.js';

// More connections than the default, so that many creations really run at once.
const test = useTestDb(12);

beforeAll(async () => {
  await sql`
    CREATE TABLE test_documents (
      id serial PRIMARY KEY,
      type text NOT NULL,
      series text NOT NULL,
      number integer NOT NULL,
      UNIQUE (type, series, number)
    )`.execute(test.db);
});

/** A document's creation: its number taken in its transaction, then its row; `fail` rolls back. */
const create = (db: DbOrTrx, type: string, series = '', fail = false) =>
  inTransaction(db, async (trx) => {
    const number = await takeNumber(trx, type, series);
    // Hold the number a moment, so that the other creations queue behind it.
    await sql`SELECT pg_sleep(0.002)`.execute(trx);
    await sql`INSERT INTO test_documents (type, series, number) VALUES (${type}, ${series}, ${number})`.execute(
      trx,
    );
    if (fail) throw new Error('the creation fails after taking its number');
    return number;
  });

async function numbersOf(type: string, series = '') {
  const { rows } = await sql<{ number: number }>`
    SELECT number FROM test_documents WHERE type = ${type} AND series = ${series} ORDER BY number`.execute(
    test.db,
  );
  return rows.map((row) => row.number);
}

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('takeNumber', () => {
  it('gives 50 parallel creations the numbers 1 to 50, without gap or repeat', async () => {
    const numbers = await Promise.all(oneTo(50).map(() => create(test.db, 'parallel')));
    expect([...numbers].sort((a, b) => a - b)).toEqual(oneTo(50));
    expect(await numbersOf('parallel')).toEqual(oneTo(50));
  });

  it('gives a failed creation’s number to the next one', async () => {
    expect(await create(test.db, 'rollback')).toBe(1);
    await expect(create(test.db, 'rollback', '', true)).rejects.toThrow('fails');
    expect(await create(test.db, 'rollback')).toBe(2);
    expect(await numbersOf('rollback')).toEqual([1, 2]);
  });

  it('leaves no gap when creations fail among parallel ones', async () => {
    const results = await Promise.allSettled(
      oneTo(40).map((i) => create(test.db, 'mixed', '', i % 4 === 0)),
    );
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(10);
    expect(await numbersOf('mixed')).toEqual(oneTo(30));
  });

  it('numbers each document type and each series on its own', async () => {
    await create(test.db, 'orders');
    await create(test.db, 'orders');
    await create(test.db, 'invoices', '1');
    await create(test.db, 'invoices', '2');
    await create(test.db, 'invoices', '1');
    expect(await numbersOf('orders')).toEqual([1, 2]);
    expect(await numbersOf('invoices', '1')).toEqual([1, 2]);
    expect(await numbersOf('invoices', '2')).toEqual([1]);
    expect(await numbersOf('invoices')).toEqual([]);
  });
});
