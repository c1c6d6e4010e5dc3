import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../db/connection.js';

/**
 * The queries of stock reservations (migration 0025): what sales order lines hold of an item at
 * a location. Read and written under the items' row locks (stock-movements.repo.ts lockItems),
 * the lock every posting takes first, so a reservation and a posting of the same item never
 * interleave.
 */

export interface BalanceKeyRow {
  itemId: number;
  locationId: number;
}

/** On hand at each (item, location) asked. */
export async function balancesAt(
  db: DbOrTrx,
  keys: readonly BalanceKeyRow[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const { rows } = await sql<{ itemId: number; locationId: number; quantity: string }>`
    SELECT b.item_id, b.location_id, b.quantity
    FROM stock_balances b
    JOIN unnest(${keys.map((k) => k.itemId)}::integer[], ${keys.map((k) => k.locationId)}::integer[])
      AS k(item_id, location_id) USING (item_id, location_id)`.execute(db);
  return new Map(rows.map((row) => [`${row.itemId}:${row.locationId}`, row.quantity]));
}

export interface HeldRow {
  itemId: number;
  locationId: number;
  quantity: string;
  /** The orders holding it ("PV-000012"), by number. */
  orderNumbers: number[];
}

/** What is reserved at each (item, location), but for the lines of `exceptOrderId`. */
export async function reservedAt(
  db: DbOrTrx,
  keys: readonly BalanceKeyRow[],
  exceptOrderId: number | null = null,
): Promise<Map<string, HeldRow>> {
  if (keys.length === 0) return new Map();
  const { rows } = await heldAt(keys, exceptOrderId).execute(db);
  return new Map(rows.map((row) => [`${row.itemId}:${row.locationId}`, row]));
}

/** reservedAt's query, also read inside a posting's statement (stock-movements.repo.ts). */
export function heldAt(keys: readonly BalanceKeyRow[], exceptOrderId: number | null) {
  return sql<HeldRow>`
    SELECT r.item_id, r.location_id, sum(r.quantity)::numeric(15,3)::text AS quantity,
      array_agg(DISTINCT o.number ORDER BY o.number) AS order_numbers
    FROM stock_reservations r
    JOIN unnest(${keys.map((k) => k.itemId)}::integer[], ${keys.map((k) => k.locationId)}::integer[])
      AS k(item_id, location_id) USING (item_id, location_id)
    JOIN requested_order_items l ON l.id = r.requested_order_item_id
    JOIN requested_orders o ON o.id = l.requested_order_id
    WHERE ${exceptOrderId === null ? sql`true` : sql`o.id <> ${exceptOrderId}`}
    GROUP BY r.item_id, r.location_id`;
}

/** Each line's reservation. */
export async function reservationsOfLines(
  db: DbOrTrx,
  lineIds: readonly number[],
): Promise<Map<number, string>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stockReservations')
    .select(['requestedOrderItemId', 'quantity'])
    .where('requestedOrderItemId', 'in', lineIds)
    .execute();
  return new Map(rows.map((row) => [row.requestedOrderItemId, row.quantity]));
}

/** A line's reservation set to `quantity` (created or replaced; zero deletes it). */
export async function setReservation(
  trx: Trx,
  line: { lineId: number; itemId: number; locationId: number },
  quantity: string,
): Promise<void> {
  if (Number(quantity) === 0) {
    await trx
      .deleteFrom('stockReservations')
      .where('requestedOrderItemId', '=', line.lineId)
      .execute();
    return;
  }
  await sql`
    INSERT INTO stock_reservations (requested_order_item_id, item_id, location_id, quantity)
    VALUES (${line.lineId}, ${line.itemId}, ${line.locationId}, ${quantity})
    ON CONFLICT (requested_order_item_id)
      DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = now()`.execute(trx);
}

/** Every reservation of these lines released. */
export async function deleteReservations(trx: Trx, lineIds: readonly number[]): Promise<void> {
  if (lineIds.length === 0) return;
  await trx.deleteFrom('stockReservations').where('requestedOrderItemId', 'in', lineIds).execute();
}

/**
 * The lines of a sales order that ask for an item, with what each still needs (quantity −
 * invoiced on its invoices that stand), when the order still waits for goods at `locationId`
 * (approved or partly invoiced, shipping from there).
 */
export async function salesLinesWaitingFor(
  trx: Trx,
  requestedOrderId: number,
  itemId: number,
  locationId: number,
) {
  const { rows } = await sql<{ lineId: number; wanted: string }>`
    SELECT l.id AS line_id, greatest(l.quantity - coalesce((
      SELECT sum(ii.quantity) FROM invoice_items ii JOIN invoices n ON n.id = ii.invoice_id
      WHERE ii.requested_order_item_id = l.id AND n.status = 'ISSUED'), 0), 0)::numeric(15,3)::text
      AS wanted
    FROM requested_order_items l
    JOIN requested_orders o ON o.id = l.requested_order_id
    WHERE o.id = ${requestedOrderId} AND l.product_id = ${itemId}
      AND o.location_id = ${locationId} AND o.status IN ('APPROVED', 'PARTIALLY_INVOICED')
    ORDER BY l.position, l.id`.execute(trx);
  return rows;
}
