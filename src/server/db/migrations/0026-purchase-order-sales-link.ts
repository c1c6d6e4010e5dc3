import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * A purchase order bought for a sales order (issue 19, "Planejar produção" of a resale product):
 * `purchase_orders.requested_order_id`, so that asking twice finds what was already bought for
 * the order and the order's page lists its purchases.
 *
 * ON DELETE RESTRICT (as the production orders' and invoices' links of 0025): only an OPEN sales
 * order can be deleted, and only an approved one buys, so the restriction never bites in the
 * workflow; if it ever did, refusing is right — quietly unlinking (SET NULL) would leave a
 * purchase the company placed for a customer without saying which.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE purchase_orders
      ADD COLUMN requested_order_id integer
        REFERENCES requested_orders (id) ON DELETE RESTRICT;
    CREATE INDEX purchase_orders_requested_order_idx ON purchase_orders (requested_order_id)
      WHERE requested_order_id IS NOT NULL;
  `.execute(db);
}
