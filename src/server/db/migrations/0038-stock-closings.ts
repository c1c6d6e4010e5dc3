import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Stock at each closing (issue 22): when "Estoque fechado até" moves forward to a day, what was on
 * hand at the end of that day is written once, so that the stock at a later date is that snapshot
 * plus the movements since, instead of today's balances less every later movement. Nothing is
 * posted on or before a closed day, so a snapshot is never updated; reopening deletes the ones
 * after the new date (modules/stock-closings).
 *
 * - `stock_closings`: one row per snapshot, keyed by the day it was taken at the end of.
 * - `stock_closing_balances`: quantity per (item, location) at the end of that day; a location that
 *   had any movement of the item by then has its row, at zero if it was emptied (Consulta de
 *   Estoque at a date shows those rows).
 * - `stock_closing_items`: each item's quantity over all locations and the ledger's sum of its
 *   values by then (stock value; its average is value ÷ quantity). Not clamped at zero: the sum
 *   plus later movements' values must stay the ledger's sum.
 *
 * The rows have no foreign keys: checking three per row made a closing of 15,000 rows four times
 * slower (0.1 → 0.4 s, while postings wait for it). Their items and locations are the ledger's,
 * whose own keys keep them from being deleted; the rows go with their closing, deleted together
 * (stock-closings.repo.ts).
 *
 * A company already closed gets its snapshot here, from the ledger.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE stock_closings (
      closed_through date PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users (id)
    );
    CREATE TABLE stock_closing_balances (
      closed_through date NOT NULL,
      item_id integer NOT NULL,
      location_id integer NOT NULL,
      quantity numeric(15,3) NOT NULL,
      PRIMARY KEY (closed_through, item_id, location_id)
    );
    CREATE TABLE stock_closing_items (
      closed_through date NOT NULL,
      item_id integer NOT NULL,
      quantity numeric(15,3) NOT NULL,
      value numeric(15,4) NOT NULL,
      PRIMARY KEY (closed_through, item_id)
    );
  `.execute(db);

  await sql`
    INSERT INTO stock_closings (closed_through)
    SELECT stock_closed_through FROM company WHERE stock_closed_through IS NOT NULL;

    INSERT INTO stock_closing_balances (closed_through, item_id, location_id, quantity)
    SELECT c.closed_through, m.item_id, m.location_id, sum(m.quantity)
    FROM stock_closings c
    JOIN (
      SELECT date, item_id, to_location_id AS location_id, quantity
      FROM stock_movements WHERE to_location_id IS NOT NULL
      UNION ALL
      SELECT date, item_id, from_location_id, -quantity
      FROM stock_movements WHERE from_location_id IS NOT NULL
    ) m ON m.date <= c.closed_through
    GROUP BY c.closed_through, m.item_id, m.location_id;

    INSERT INTO stock_closing_items (closed_through, item_id, quantity, value)
    SELECT c.closed_through, m.item_id,
      sum(CASE WHEN m.from_location_id IS NULL THEN m.quantity
        WHEN m.to_location_id IS NULL THEN -m.quantity ELSE 0 END),
      sum(CASE WHEN m.from_location_id IS NULL THEN m.value
        WHEN m.to_location_id IS NULL THEN -m.value ELSE 0 END)
    FROM stock_closings c
    JOIN stock_movements m ON m.date <= c.closed_through
    GROUP BY c.closed_through, m.item_id;
  `.execute(db);
}
