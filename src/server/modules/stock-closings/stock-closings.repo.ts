import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx, Trx } from '../../db/connection.js';

/**
 * The snapshots of the stock at each closing (migration 0038): written when "Estoque fechado até"
 * moves forward, deleted when it moves back, never updated. Consulta de Estoque at a date reads
 * them (stock-items.repo.ts).
 */

/**
 * Holds every posting until the caller's transaction ends, after waiting for those in flight:
 * SHARE conflicts with the ROW EXCLUSIVE lock a posting's INSERT takes, and not with reads (nor
 * with foreign-key checks on the ledger). Taken once the company row says the new date, so a
 * posting released by the commit reads that date after its insert and is refused.
 */
export async function lockLedgerForClosing(trx: Trx): Promise<void> {
  await sql`LOCK TABLE stock_movements IN SHARE MODE`.execute(trx);
}

/** The latest snapshot on or before `day` ('YYYY-MM-DD'), or null. */
export async function latestClosingThrough(db: DbOrTrx, day: string): Promise<string | null> {
  const row = await db
    .selectFrom('stockClosings')
    .select('closedThrough')
    .where('closedThrough', '<=', day)
    .orderBy('closedThrough', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.closedThrough ?? null;
}

/**
 * The snapshots nearest to `day`: the latest on or before it and the first after it, each null
 * when there is none; Consulta de Estoque at that day starts from the nearer.
 */
export async function closingsAround(
  db: DbOrTrx,
  day: string,
): Promise<{ before: string | null; after: string | null }> {
  const { rows } = await sql<{ before: string | null; after: string | null }>`
    SELECT
      (SELECT max(closed_through) FROM stock_closings WHERE closed_through <= ${day}::date)
        AS before,
      (SELECT min(closed_through) FROM stock_closings WHERE closed_through > ${day}::date)
        AS after`.execute(db);
  return rows[0]!;
}

/**
 * Movements dated in (`after`, `through`] (from the first when `after` is null), as the changes
 * they make: `byLocation`, + at the destination and − at the origin; otherwise per item (a
 * transfer changes nothing).
 */
function ledgerChanges(after: string | null, through: string, byLocation: boolean) {
  const dated = after
    ? sql`date > ${after}::date AND date <= ${through}::date`
    : sql`date <= ${through}::date`;
  if (byLocation) {
    return sql`
      SELECT item_id, to_location_id AS location_id, quantity
      FROM stock_movements WHERE ${dated} AND to_location_id IS NOT NULL
      UNION ALL
      SELECT item_id, from_location_id, -quantity
      FROM stock_movements WHERE ${dated} AND from_location_id IS NOT NULL`;
  }
  return sql`
    SELECT item_id,
      CASE WHEN from_location_id IS NULL THEN quantity
        WHEN to_location_id IS NULL THEN -quantity ELSE 0 END AS quantity,
      CASE WHEN from_location_id IS NULL THEN value
        WHEN to_location_id IS NULL THEN -value ELSE 0 END AS value
    FROM stock_movements WHERE ${dated}`;
}

/** The rows of snapshot `day` of a snapshot table, or none when `day` is null. */
const snapshotRows = (columns: RawBuilder<unknown>, table: string, day: string | null) =>
  day
    ? sql`SELECT ${columns} FROM ${sql.table(table)} WHERE closed_through = ${day}::date`
    : sql`SELECT ${columns} FROM ${sql.table(table)} WHERE false`;

/**
 * Writes the snapshot at the end of `day`: the previous snapshot (`previous`, or nothing) plus the
 * movements dated after it through `day`. The same as the ledger's sum up to `day`, since nothing
 * dated on or before a snapshot's day can be posted while it exists, and it reads a month of
 * movements at a monthly close instead of the whole ledger while postings wait.
 */
export async function insertClosing(
  trx: Trx,
  day: string,
  previous: string | null,
  userId: number | null,
): Promise<void> {
  await trx.insertInto('stockClosings').values({ closedThrough: day, createdBy: userId }).execute();
  await sql`
    INSERT INTO stock_closing_balances (closed_through, item_id, location_id, quantity)
    SELECT ${day}::date, item_id, location_id, sum(quantity) FROM (
      ${snapshotRows(sql`item_id, location_id, quantity`, 'stock_closing_balances', previous)}
      UNION ALL
      ${ledgerChanges(previous, day, true)}
    ) changes
    GROUP BY item_id, location_id`.execute(trx);
  await sql`
    INSERT INTO stock_closing_items (closed_through, item_id, quantity, value)
    SELECT ${day}::date, item_id, sum(quantity), sum(value) FROM (
      ${snapshotRows(sql`item_id, quantity, value`, 'stock_closing_items', previous)}
      UNION ALL
      ${ledgerChanges(previous, day, false)}
    ) changes
    GROUP BY item_id`.execute(trx);
}

/** Deletes the snapshots after `day` (every one when null), their rows with them. */
export async function deleteClosingsAfter(trx: Trx, day: string | null): Promise<void> {
  for (const table of ['stockClosingBalances', 'stockClosingItems', 'stockClosings'] as const) {
    await trx
      .deleteFrom(table)
      .$if(day !== null, (query) => query.where('closedThrough', '>', day!))
      .execute();
  }
}
