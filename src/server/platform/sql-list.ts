import { sql, type RawBuilder } from 'kysely';
import { messages } from '../../shared/messages.js';
import type { Db, DbOrTrx } from '../db/connection.js';
import { ValidationError } from './errors.js';

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

/**
 * A list's ORDER BY from its `sort` ("-orderDate": descending): the column the key names in
 * `columns` (400 on `sort` for any other key), then `tiebreak` the same way, so pages never
 * overlap. `nullsLast` puts rows without a value last whichever way.
 */
export function sortOrder(
  columns: Record<string, string>,
  sort: string,
  tiebreak: string,
  options: { nullsLast?: boolean } = {},
): RawBuilder<unknown> {
  const column = columns[sort.replace(/^-/, '')];
  if (!column) throw new ValidationError({ sort: messages.invalid });
  const direction = sql.raw(sort.startsWith('-') ? 'DESC' : 'ASC');
  const nulls = sql.raw(options.nullsLast ? ' NULLS LAST' : '');
  return sql`${sql.raw(column)} ${direction}${nulls}, ${sql.raw(tiebreak)} ${direction}`;
}

/**
 * Codes (statuses, directions) as SQL literals, for `IN (…)`: the planner sees the values and
 * picks the partial index. Only upper-case names pass, the only ones the list schemas allow.
 */
export function codeLiterals(values: readonly string[]): RawBuilder<unknown> {
  return sql.raw(
    values
      .filter((value) => /^[A-Z_]+$/.test(value))
      .map((value) => `'${value}'`)
      .join(', '),
  );
}
