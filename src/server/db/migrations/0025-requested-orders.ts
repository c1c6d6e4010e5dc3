import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Pedidos Recebidos (DOMAIN §7, issue 19).
 *
 * - `requested_orders`: the header, numbered from `document_sequences` ('requested-order') in the
 *   creating transaction. `total` = Σ line totals − discount + freight, written with the lines.
 * - `requested_order_items`: the lines (products), each with its own discount percentage.
 * - `stock_reservations`: what an approved order holds of the stock at its location, one row per
 *   order line (item and location repeated so that the stock's checks read them by index). A row
 *   is the reservation itself, not a count kept beside something else: approving and topping up
 *   write it under the item's row lock (the lock every stock posting takes first), invoicing
 *   lowers it, closing and cancelling delete it.
 * - What an order line has invoiced is the sum of the invoice items that point at it
 *   (`invoice_items.requested_order_item_id`) on invoices not cancelled: a cancellation needs no
 *   counter to give it back.
 * The production orders' and invoices' `requested_order_id` (there since 0016 and 0024) now
 * reference the orders.
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
    CREATE TABLE requested_orders (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      number integer NOT NULL UNIQUE CHECK (number > 0),
      client_id integer NOT NULL REFERENCES clients (id),
      order_date date NOT NULL,
      delivery_date date,
      location_id integer NOT NULL REFERENCES stock_locations (id),
      fiscal_operation_id integer REFERENCES fiscal_operations (id),
      payment_method_id integer REFERENCES payment_methods (id),
      category_id integer NOT NULL REFERENCES financial_categories (id),
      installments integer NOT NULL DEFAULT 1 CHECK (installments BETWEEN 1 AND 24),
      first_due_in_days integer NOT NULL DEFAULT 30 CHECK (first_due_in_days >= 0),
      interval_days integer NOT NULL DEFAULT 30 CHECK (interval_days >= 0),
      freight numeric(15,2) NOT NULL DEFAULT 0 CHECK (freight >= 0),
      discount numeric(15,2) NOT NULL DEFAULT 0 CHECK (discount >= 0),
      total numeric(15,2) NOT NULL DEFAULT 0 CHECK (total >= 0),
      notes varchar(1000),
      status varchar(20) NOT NULL DEFAULT 'OPEN' CHECK (status IN
        ('OPEN', 'APPROVED', 'PARTIALLY_INVOICED', 'INVOICED', 'DELIVERED', 'CANCELLED')),
      ${bookkeeping}
    );
    CREATE INDEX requested_orders_date_idx ON requested_orders (order_date DESC, id DESC);
    CREATE INDEX requested_orders_status_date_idx
      ON requested_orders (status, order_date DESC, id DESC);
    CREATE INDEX requested_orders_client_idx ON requested_orders (client_id, order_date DESC, id DESC);
    CREATE INDEX requested_orders_location_idx ON requested_orders (location_id);
    CREATE INDEX requested_orders_fiscal_operation_idx ON requested_orders (fiscal_operation_id);
    CREATE INDEX requested_orders_payment_method_idx ON requested_orders (payment_method_id);
    CREATE INDEX requested_orders_category_idx ON requested_orders (category_id);

    CREATE TABLE requested_order_items (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      requested_order_id integer NOT NULL REFERENCES requested_orders (id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES items (id),
      quantity numeric(15,3) NOT NULL CHECK (quantity > 0),
      unit_price numeric(15,2) NOT NULL CHECK (unit_price >= 0),
      discount_percent numeric(5,2) NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
      position integer NOT NULL CHECK (position > 0)
    );
    CREATE INDEX requested_order_items_order_idx
      ON requested_order_items (requested_order_id, position, id);
    CREATE INDEX requested_order_items_product_idx ON requested_order_items (product_id);

    CREATE TABLE stock_reservations (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      requested_order_item_id integer NOT NULL UNIQUE
        REFERENCES requested_order_items (id) ON DELETE CASCADE,
      item_id integer NOT NULL REFERENCES items (id),
      location_id integer NOT NULL REFERENCES stock_locations (id),
      quantity numeric(15,3) NOT NULL CHECK (quantity > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX stock_reservations_item_location_idx
      ON stock_reservations (item_id, location_id) INCLUDE (quantity);
    CREATE INDEX stock_reservations_location_idx ON stock_reservations (location_id);

    ALTER TABLE invoice_items
      ADD COLUMN requested_order_item_id integer REFERENCES requested_order_items (id);
    CREATE INDEX invoice_items_requested_line_idx ON invoice_items (requested_order_item_id)
      WHERE requested_order_item_id IS NOT NULL;
    ALTER TABLE invoices
      ADD CONSTRAINT invoices_requested_order_fkey
      FOREIGN KEY (requested_order_id) REFERENCES requested_orders (id);
    CREATE INDEX invoices_requested_order_idx ON invoices (requested_order_id)
      WHERE requested_order_id IS NOT NULL;
    ALTER TABLE production_orders
      ADD CONSTRAINT production_orders_requested_order_fkey
      FOREIGN KEY (requested_order_id) REFERENCES requested_orders (id);
  `,
    )
    .execute(db);
}
