import { sql } from 'kysely';
import type { NfeVoidedListQuery } from '../../../shared/resources/nfe-voided-numbers.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import { pageRows } from '../../platform/sql-list.js';

/**
 * The voided ranges of the NF-e series (`nfe_voided_numbers`) and what voiding asks of the
 * invoices: which numbers of a range they hold.
 */

/**
 * Serialises, per series, voiding and numbering: held by a voiding from its checks to its record
 * (across SEFAZ's answer) and by an issue before it takes its number, so a number cannot be given
 * to an invoice while the range around it is being voided. A transaction-level advisory lock:
 * the series' sequence row may not exist yet, and it ends with the transaction.
 */
export async function lockSeriesNumbering(trx: Trx, series: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('invoice-series'), ${series}::integer)`.execute(
    trx,
  );
}

/**
 * The numbers of the range that invoices of the series hold, the first `limit`: any invoice but
 * one cancelled before SEFAZ authorised it (NOT_SENT, REJECTED), whose number SEFAZ never took
 * and is still to be voided. Cancelled later its sefazStatus stays: an invoice ever authorised,
 * denied or pending keeps AUTHORIZED, DENIED or PENDING (cancel is refused while PENDING).
 */
export async function usedNumbers(
  db: DbOrTrx,
  range: { series: number; from: number; to: number },
  limit: number,
): Promise<{ numbers: number[]; count: number }> {
  const { rows } = await sql<{ number: number; count: number }>`
    SELECT number, (count(*) OVER ())::integer AS count FROM invoices
     WHERE series = ${range.series} AND number BETWEEN ${range.from} AND ${range.to}
       AND NOT (status = 'CANCELLED' AND sefaz_status IN ('NOT_SENT', 'REJECTED'))
     ORDER BY number LIMIT ${limit}`.execute(db);
  return { numbers: rows.map((row) => row.number), count: rows[0]?.count ?? 0 };
}

/** A voided range of the series that shares a number with this one, if any. */
export async function overlappingRange(
  db: DbOrTrx,
  range: { series: number; from: number; to: number },
): Promise<{ from: number; to: number } | undefined> {
  const { rows } = await sql<{ from: number; to: number }>`
    SELECT number_from AS "from", number_to AS "to" FROM nfe_voided_numbers
     WHERE series = ${range.series}
       AND int4range(number_from, number_to, '[]') && int4range(${range.from}::integer, ${range.to}::integer, '[]')
     ORDER BY number_from LIMIT 1`.execute(db);
  return rows[0];
}

/** The voided range of the series that holds `number`, if any: its protocol and time. */
export async function voidedRangeHolding(
  db: DbOrTrx,
  series: number,
  number: number,
): Promise<{ protocol: string | null; voidedAt: Date } | undefined> {
  const { rows } = await sql<{ protocol: string | null; voidedAt: Date }>`
    SELECT protocol, voided_at AS "voidedAt" FROM nfe_voided_numbers
     WHERE series = ${series}
       AND int4range(number_from, number_to, '[]') @> ${number}::integer`.execute(db);
  return rows[0];
}

/** The first number at or after `number` that no voided range of the series holds. */
export async function firstNotVoided(db: DbOrTrx, series: number, number: number): Promise<number> {
  let candidate = number;
  for (;;) {
    // Ranges never overlap, but they may touch (5–7, 8–9): each step jumps past one.
    const { rows } = await sql<{ to: number }>`
      SELECT number_to AS "to" FROM nfe_voided_numbers
       WHERE series = ${series}
         AND int4range(number_from, number_to, '[]') @> ${candidate}::integer`.execute(db);
    if (!rows[0]) return candidate;
    candidate = rows[0].to + 1;
  }
}

export interface VoidedRangeInsert {
  series: number;
  numberFrom: number;
  numberTo: number;
  reason: string;
  protocol: string | null;
  voidedAt: Date;
  requestGz: Buffer;
  responseGz: Buffer;
  createdBy: number | null;
}

export async function insertVoidedRange(trx: Trx, row: VoidedRangeInsert): Promise<number> {
  const inserted = await trx
    .insertInto('nfeVoidedNumbers')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export interface VoidedRangeRow {
  id: number;
  series: number;
  from: number;
  to: number;
  reason: string;
  protocol: string | null;
  voidedAt: Date;
  createdByName: string | null;
}

const selectRanges = sql`
  SELECT v.id, v.series, v.number_from AS "from", v.number_to AS "to", v.reason, v.protocol,
         v.voided_at AS "voidedAt", u.name AS "createdByName"
    FROM nfe_voided_numbers v LEFT JOIN users u ON u.id = v.created_by`;

export async function findVoidedRange(db: DbOrTrx, id: number): Promise<VoidedRangeRow> {
  const { rows } = await sql<VoidedRangeRow>`${selectRanges} WHERE v.id = ${id}`.execute(db);
  return rows[0]!;
}

/** Newest first (the index on voided_at, id), optionally of one series. */
export async function listVoidedRanges(db: DbOrTrx, query: NfeVoidedListQuery) {
  const where = query.series === undefined ? sql`TRUE` : sql`v.series = ${query.series}`;
  const [rows, counted] = await Promise.all([
    pageRows<VoidedRangeRow>(
      db,
      sql`${selectRanges} WHERE ${where} ORDER BY v.voided_at DESC, v.id DESC`,
      { page: query.page, pageSize: query.pageSize },
    ),
    sql<{ count: number }>`
      SELECT count(*)::integer AS count FROM nfe_voided_numbers v WHERE ${where}`.execute(db),
  ]);
  return { rows, count: counted.rows[0]!.count };
}
