import { sql } from 'kysely';
import type { DbOrTrx } from '../db/connection.js';
import { BoundedCache } from './bounded-cache.js';
import type { AnySelect } from './list-filters.js';

/** Extra columns of a counted page; one word each, so the camel-case mapping leaves them alone. */
const STAMP_COLUMN = 'liststamp';
const TOTAL_COLUMN = 'listtotal';

export type ListCounter = ReturnType<typeof createListCounter>;

/**
 * Whether kept counts are reused (the default). Off, every searched page counts its rows again:
 * set once at start-up from FABRIL_LIST_COUNT_REUSE, for the benchmark that measures that cost.
 */
let reuseCounts = true;
export function setListCountReuse(reuse: boolean): void {
  reuseCounts = reuse;
}

/**
 * The total of a long list without counting every row at each request, for a table that opts in
 * (`counted`: clients and suppliers, whose lists reach 100,000 rows). Such a table has a row in
 * `row_counts` kept by triggers (migrations 0003 and 0004): its row count and a change stamp that
 * moves on every write.
 * - Unfiltered, the page query reads the row count in the same statement: one round trip.
 * - Filtered or searched, a count is kept in memory with the stamp it was taken at, and reused
 *   while the stamp, read in the same statement as the page, has not moved: paging through a
 *   search counts it once. Any process that sees the same stamp sees the same committed rows, so
 *   a kept count is never wrong, only sometimes missing.
 * Documents, ledgers and the audit log must not opt in: the counter row serialises their writers.
 */
export function createListCounter(tableName: string) {
  const counts = new BoundedCache<{ stamp: string; total: number }>(500);
  const counter = (column: string) =>
    sql<string>`(SELECT ${sql.raw(column)} FROM row_counts WHERE table_name = ${tableName})`;

  /** The count(*) of a filtered list with the stamp it was taken at, in one statement. */
  async function count(db: DbOrTrx, filtered: AnySelect, key: string) {
    const countQuery = filtered.select((eb) => eb.fn.countAll<string>().as('total'));
    const { rows } = await sql<{ stamp: string | null; total: string }>`
      SELECT ${counter('changes')} AS stamp, (${countQuery}) AS total`.execute(db);
    const { stamp, total } = rows[0]!;
    if (stamp !== null) counts.set(key, { stamp, total: Number(total) });
    return Number(total);
  }

  return {
    /** The page query, plus the stamp and (unfiltered) the row count as extra columns. */
    annotate(page: AnySelect, unfiltered: boolean): AnySelect {
      const stamped = page.select(counter('changes').as(STAMP_COLUMN));
      return unfiltered ? stamped.select(counter('row_count').as(TOTAL_COLUMN)) : stamped;
    },

    /**
     * The list's total from an annotated page (whose extra columns it removes); `filtered` is
     * the list's query before paging, counted when no kept count matches the page's stamp.
     */
    async total(
      db: DbOrTrx,
      filtered: AnySelect,
      rows: Record<string, unknown>[],
      unfiltered: boolean,
    ): Promise<number> {
      const stamp = rows[0]?.[STAMP_COLUMN] as string | null | undefined;
      const rowCount = rows[0]?.[TOTAL_COLUMN] as string | null | undefined;
      for (const row of rows) {
        delete row[STAMP_COLUMN];
        delete row[TOTAL_COLUMN];
      }
      if (unfiltered && rowCount != null) return Number(rowCount);
      const compiled = filtered.compile();
      const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
      const kept = counts.get(key);
      if (reuseCounts && stamp != null && kept?.stamp === stamp) return kept.total;
      return count(db, filtered, key);
    },
  };
}
