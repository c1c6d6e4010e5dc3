import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * The kardex reads every movement of its item (its count, the balance before its page and at its
 * end, and the movements it skips to reach a page): with what a movement changes at a location
 * (its quantity and locations) in the index, those reads stay in the index instead of visiting
 * one table page per movement. Same name and key as 0008's index, which it replaces, so the
 * checks of a backdated movement keep using it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    DROP INDEX stock_movements_item_date_idx;
    CREATE INDEX stock_movements_item_date_idx ON stock_movements (item_id, date, id)
      INCLUDE (from_location_id, to_location_id, quantity);
  `,
    )
    .execute(db);
}
