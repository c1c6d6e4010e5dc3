import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Ordens de Produção (DOMAIN §6).
 *
 * - `production_orders`: the header. `number` is the gapless "OP-000042" (document_sequences,
 *   type 'production-order'); the status moves only through the shared machine's conditional
 *   UPDATE (platform/transition.ts). `requested_order_id` points at a received order (DOMAIN §7)
 *   without a foreign key until that table exists. The actual cost breakdown is written once, on
 *   completion: `materials_cost` (Σ the values the materials' OUT movements took from stock, to
 *   the cent), `outlays_cost` (Σ the order's costs), `total_cost` (their sum) and `unit_cost`
 *   (total ÷ produced quantity, 4 places: the product's IN movement cost). The CHECKs keep each
 *   status's stamps coherent.
 * - `production_order_materials`: copied from the product's bill of materials on creation, with
 *   the per-unit quantity and loss they came from (null for a line added by hand);
 *   `required_quantity` = quantity × per-unit × (1 + loss/100), rounded UP to the feedstock
 *   unit's decimals (a partial unit of loss is still consumed). On start `consumed_quantity` is
 *   the required one and `unit_cost` / `consumed_value` are what the OUT movement recorded (the
 *   average at posting, and the exact value taken from stock).
 * - `production_order_costs`: the product's production costs (item_outlays), its value × the
 *   order's quantity for a PER_UNIT outlay, once for a PER_ORDER one; editable while PLANNED.
 * Lines go with their order (ON DELETE CASCADE); a feedstock or outlay used here cannot be deleted.
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
    CREATE TABLE production_orders (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      number integer NOT NULL CHECK (number > 0),
      product_id integer NOT NULL REFERENCES items (id),
      quantity numeric(15,3) NOT NULL CHECK (quantity > 0),
      planned_start date,
      planned_end date,
      source_location_id integer NOT NULL REFERENCES stock_locations (id),
      target_location_id integer NOT NULL REFERENCES stock_locations (id),
      requested_order_id integer,
      notes varchar(1000),
      status varchar(12) NOT NULL DEFAULT 'PLANNED'
        CHECK (status IN ('PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED')),
      produced_quantity numeric(15,3) CHECK (produced_quantity > 0),
      completion_date date,
      materials_cost numeric(15,2) CHECK (materials_cost >= 0),
      outlays_cost numeric(15,2) CHECK (outlays_cost >= 0),
      total_cost numeric(15,2) CHECK (total_cost >= 0),
      unit_cost numeric(15,4) CHECK (unit_cost >= 0),
      started_at timestamptz,
      completed_at timestamptz,
      cancelled_at timestamptz,
      ${bookkeeping},
      CHECK (planned_end IS NULL OR planned_start IS NULL OR planned_end >= planned_start),
      CHECK ((status = 'COMPLETED') = (completed_at IS NOT NULL)),
      CHECK ((status = 'COMPLETED') = (produced_quantity IS NOT NULL AND unit_cost IS NOT NULL
        AND total_cost IS NOT NULL AND completion_date IS NOT NULL)),
      CHECK (status = 'PLANNED' OR status = 'CANCELLED' OR started_at IS NOT NULL)
    );
    CREATE UNIQUE INDEX production_orders_number_key ON production_orders (number);
    -- The list: newest first (by number), by status, by planned start, by product.
    CREATE INDEX production_orders_status_number_idx ON production_orders (status, number);
    CREATE INDEX production_orders_planned_start_idx ON production_orders (planned_start, number);
    CREATE INDEX production_orders_status_planned_idx
      ON production_orders (status, planned_start, number);
    CREATE INDEX production_orders_product_idx ON production_orders (product_id, number);
    CREATE INDEX production_orders_source_location_idx ON production_orders (source_location_id);
    CREATE INDEX production_orders_target_location_idx ON production_orders (target_location_id);
    CREATE INDEX production_orders_requested_order_idx ON production_orders (requested_order_id)
      WHERE requested_order_id IS NOT NULL;
    CREATE INDEX production_orders_created_by_idx ON production_orders (created_by);
    CREATE INDEX production_orders_updated_by_idx ON production_orders (updated_by);

    CREATE TABLE production_order_materials (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      production_order_id integer NOT NULL REFERENCES production_orders (id) ON DELETE CASCADE,
      feedstock_id integer NOT NULL REFERENCES items (id),
      quantity_per_unit numeric(15,3) CHECK (quantity_per_unit > 0),
      loss_percent numeric(5,2) CHECK (loss_percent BETWEEN 0 AND 100),
      required_quantity numeric(15,3) NOT NULL CHECK (required_quantity > 0),
      consumed_quantity numeric(15,3) NOT NULL DEFAULT 0 CHECK (consumed_quantity >= 0),
      unit_cost numeric(15,4) CHECK (unit_cost >= 0),
      consumed_value numeric(15,4) CHECK (consumed_value >= 0),
      position integer NOT NULL
    );
    CREATE INDEX production_order_materials_order_idx
      ON production_order_materials (production_order_id, position);
    CREATE INDEX production_order_materials_feedstock_idx
      ON production_order_materials (feedstock_id);

    CREATE TABLE production_order_costs (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      production_order_id integer NOT NULL REFERENCES production_orders (id) ON DELETE CASCADE,
      outlay_id integer NOT NULL REFERENCES outlays (id),
      value numeric(15,2) NOT NULL CHECK (value >= 0),
      position integer NOT NULL
    );
    CREATE INDEX production_order_costs_order_idx
      ON production_order_costs (production_order_id, position);
    CREATE INDEX production_order_costs_outlay_idx ON production_order_costs (outlay_id);
  `,
    )
    .execute(db);
}
