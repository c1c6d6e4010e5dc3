import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Ordens de Compra (DOMAIN §5).
 *
 * - `purchase_orders`: the header. `number` comes from `document_sequences` ('purchase-order')
 *   inside the creating transaction (gapless) and is shown "OC-000042". `total` = the lines' totals
 *   (each quantity × unit price rounded to the cent) + freight − discount, written in the same
 *   transaction as the lines; the discount may not exceed the lines' total (so no line's landed
 *   value goes below zero). `category_id` is the EXPENSE category of the bills a receipt creates.
 *   The status changes only through a conditional UPDATE guarded by the shared status machine.
 * - `purchase_order_items`: the lines, rows with their own ids (a receipt line points at the
 *   order line it received). `received_quantity` is written only by receipts, under the order's
 *   row lock; the CHECK keeps it within 0..quantity even if the code were wrong (over-receipt).
 *   The same item may appear on two lines.
 * - `purchase_receipts`: one per "Receber": date, the supplier's invoice number, where the goods
 *   went and `value`, the receipt's landed value (the sum of its lines' values, the bills' total).
 * - `purchase_receipt_items`: what a receipt took of each order line: `quantity`, `value` (the
 *   line's landed value for that quantity, in cents: unit price with freight and discount spread
 *   by value; the receipt that completes a line takes what is left of the line's landed value, so
 *   the receipts of a fully received order add up to its total to the cent), `unit_cost` (value ÷
 *   quantity at 4 places, the IN movement's cost) and the movement it posted.
 * Lines cascade with their order (only a DRAFT, which has no receipts, is ever deleted); receipts
 * are never deleted.
 */
const bookkeeping = `
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by integer REFERENCES users (id),
  updated_by integer REFERENCES users (id),
  version integer NOT NULL DEFAULT 1`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE purchase_orders (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      number integer NOT NULL UNIQUE CHECK (number > 0),
      supplier_id integer NOT NULL REFERENCES suppliers (id),
      order_date date NOT NULL,
      expected_date date,
      location_id integer NOT NULL REFERENCES stock_locations (id),
      payment_method_id integer REFERENCES payment_methods (id),
      category_id integer NOT NULL REFERENCES financial_categories (id),
      installments integer NOT NULL DEFAULT 1 CHECK (installments BETWEEN 1 AND 24),
      first_due_in_days integer NOT NULL DEFAULT 30 CHECK (first_due_in_days >= 0),
      interval_days integer NOT NULL DEFAULT 30 CHECK (interval_days >= 0),
      freight numeric(15,2) NOT NULL DEFAULT 0 CHECK (freight >= 0),
      discount numeric(15,2) NOT NULL DEFAULT 0 CHECK (discount >= 0),
      total numeric(15,2) NOT NULL DEFAULT 0 CHECK (total >= 0),
      notes varchar(1000),
      status varchar(20) NOT NULL DEFAULT 'DRAFT'
        CHECK (status IN ('DRAFT', 'APPROVED', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED')),
      ${bookkeeping}
    );
    -- The list: newest first, by status, by supplier, by expected date.
    CREATE INDEX purchase_orders_date_idx ON purchase_orders (order_date DESC, id DESC);
    CREATE INDEX purchase_orders_status_date_idx
      ON purchase_orders (status, order_date DESC, id DESC);
    CREATE INDEX purchase_orders_supplier_idx ON purchase_orders (supplier_id, order_date DESC, id DESC);
    CREATE INDEX purchase_orders_expected_idx ON purchase_orders (expected_date)
      WHERE status IN ('APPROVED', 'PARTIALLY_RECEIVED');
    CREATE INDEX purchase_orders_location_idx ON purchase_orders (location_id);
    CREATE INDEX purchase_orders_payment_method_idx ON purchase_orders (payment_method_id);
    CREATE INDEX purchase_orders_category_idx ON purchase_orders (category_id);

    CREATE TABLE purchase_order_items (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      purchase_order_id integer NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
      item_id integer NOT NULL REFERENCES items (id),
      quantity numeric(15,3) NOT NULL CHECK (quantity > 0),
      unit_price numeric(15,4) NOT NULL CHECK (unit_price >= 0),
      received_quantity numeric(15,3) NOT NULL DEFAULT 0
        CHECK (received_quantity >= 0 AND received_quantity <= quantity),
      position integer NOT NULL CHECK (position > 0)
    );
    CREATE INDEX purchase_order_items_order_idx
      ON purchase_order_items (purchase_order_id, position, id);
    CREATE INDEX purchase_order_items_item_idx ON purchase_order_items (item_id);

    CREATE TABLE purchase_receipts (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      purchase_order_id integer NOT NULL REFERENCES purchase_orders (id),
      date date NOT NULL,
      invoice_number varchar(30),
      location_id integer NOT NULL REFERENCES stock_locations (id),
      value numeric(15,2) NOT NULL CHECK (value >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users (id)
    );
    CREATE INDEX purchase_receipts_order_idx ON purchase_receipts (purchase_order_id, id);
    CREATE INDEX purchase_receipts_location_idx ON purchase_receipts (location_id);

    CREATE TABLE purchase_receipt_items (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      purchase_receipt_id integer NOT NULL REFERENCES purchase_receipts (id),
      purchase_order_item_id integer NOT NULL REFERENCES purchase_order_items (id),
      quantity numeric(15,3) NOT NULL CHECK (quantity > 0),
      value numeric(15,2) NOT NULL CHECK (value >= 0),
      unit_cost numeric(15,4) NOT NULL CHECK (unit_cost >= 0),
      movement_id integer NOT NULL REFERENCES stock_movements (id)
    );
    CREATE INDEX purchase_receipt_items_receipt_idx ON purchase_receipt_items (purchase_receipt_id);
    CREATE INDEX purchase_receipt_items_line_idx ON purchase_receipt_items (purchase_order_item_id);
    CREATE INDEX purchase_receipt_items_movement_idx ON purchase_receipt_items (movement_id);
  `,
    )
    .execute(db);
}
