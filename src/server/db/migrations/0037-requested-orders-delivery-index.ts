import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Sales orders by delivery date: the list's "Entrega" range filter reads the first index, the
 * dashboard's "Em risco" (the open orders due within a week or late, orders-at-risk.repo.ts) the
 * second, partial, which holds only the orders still to deliver.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX requested_orders_delivery_idx ON requested_orders (delivery_date, id);
    CREATE INDEX requested_orders_to_deliver_idx ON requested_orders (delivery_date)
      WHERE status IN ('APPROVED', 'PARTIALLY_INVOICED');
  `.execute(db);
}
