import { sql, type RawBuilder } from 'kysely';
import type { Db, DbOrTrx } from '../db/connection.js';

/**
 * The two reads of a list written in SQL (a document's list joins names and filters on its own
 * indexes): one page of it, and every row of it for an export. The module keeps its SELECT,
 * WHERE and ORDER BY (and its count or totals, which differ by list); these do the rest the same
 * way everywhere.
 */

/** The rows of page `page` (from 1) of `query`, which carries its own ORDER BY. */
export async function pageRows<Row>(
  db: DbOrTrx,
  query: RawBuilder<unknown>,
  page: { page: number; pageSize: number },
): Promise<Row[]> {
  const { rows } = await sql<Row>`${query}
    LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`.execute(db);
  return rows;
}

/**
 * Every row of `query` in its order, in batches, through one cursor in a read-only transaction
 * (the caller's, when it is in one): one query however many rows, never an OFFSET walked again,
 * and one snapshot, so an export never repeats or skips a row that moved while it was written.
 */
export async function eachRowBatch<Row>(
  db: DbOrTrx,
  query: RawBuilder<unknown>,
  onBatch: (rows: Row[]) => Promise<void> | void,
  batchSize = 1000,
): Promise<void> {
  const walk = async (trx: DbOrTrx) => {
    await sql`DECLARE list_cursor NO SCROLL CURSOR FOR ${query}`.execute(trx);
    for (;;) {
      const { rows } = await sql<Row>`FETCH ${sql.lit(batchSize)} FROM list_cursor`.execute(trx);
      if (rows.length) await onBatch(rows);
      if (rows.length < batchSize) break;
    }
    await sql`CLOSE list_cursor`.execute(trx);
  };
  if (db.isTransaction) return walk(db);
  await (db as Db).transaction().setAccessMode('read only').execute(walk);
}
