import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Items and the stock ledger (DOMAIN §3, §4).
 *
 * - `items`: products and feedstocks in one table (`kind`), so that movements, balances and order
 *   lines reference one thing; `code` is unique across both kinds. `average_cost` is the moving
 *   average and `stock_value` the value of everything on hand (the sum of the ledger's values), both
 *   written only by stock postings under the item's row lock; a product's bill of materials and
 *   production costs are child rows with their own ids (`item_components`, `item_outlays`).
 * - `stock_movements`: the append-only ledger. `value` is what the movement added to or took from
 *   the item's stock value (4 places, like unit costs, so that cheap items do not lose cents per
 *   movement); `reversal_of` is unique, so a movement is reversed at most once even when two
 *   reversals arrive together. The CHECKs keep each type's locations coherent.
 * - `stock_balances`: one row per (item, location), updated in the posting's transaction; the
 *   CHECK keeps a balance from going negative even if the code that posts were wrong.
 * - `company.stock_closed_through`: movements dated on or before it are refused.
 */
const bookkeeping = `
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by integer REFERENCES users (id),
  updated_by integer REFERENCES users (id),
  version integer NOT NULL DEFAULT 1`;

// What a list's `q` matches (code, name, barcode), unaccented and lowercase, joined by U+001F:
// one trigram index, as clients and suppliers have (migration 0003).
const SEPARATOR = "E'\\x1f'";
const searchText = `f_unaccent(lower(${['code', 'name', 'barcode']
  .map((column) => `coalesce(${column}, '')`)
  .join(` || ${SEPARATOR} || `)}))`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE company ADD COLUMN stock_closed_through date;

    CREATE TABLE items (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind varchar(10) NOT NULL CHECK (kind IN ('PRODUCT', 'FEEDSTOCK')),
      code varchar(30) NOT NULL,
      name varchar(120) COLLATE pt_br NOT NULL,
      description varchar(1000),
      origin varchar(12) CHECK (origin IN ('MANUFACTURED', 'RESALE')),
      category_id integer REFERENCES categories (id),
      brand_id integer REFERENCES brands (id),
      color_id integer REFERENCES colors (id),
      size_id integer REFERENCES sizes (id),
      unit_id integer NOT NULL REFERENCES units_of_measurement (id),
      material_type_id integer REFERENCES material_types (id),
      default_supplier_id integer REFERENCES suppliers (id),
      ncm char(8),
      barcode varchar(14),
      sale_price numeric(15,2) CHECK (sale_price >= 0),
      minimum_stock numeric(15,3) CHECK (minimum_stock >= 0),
      average_cost numeric(15,4) NOT NULL DEFAULT 0 CHECK (average_cost >= 0),
      stock_value numeric(15,4) NOT NULL DEFAULT 0 CHECK (stock_value >= 0),
      last_purchase_price numeric(15,4) CHECK (last_purchase_price >= 0),
      active boolean NOT NULL DEFAULT true,
      ${bookkeeping},
      search_text text COLLATE "C" GENERATED ALWAYS AS (${searchText}) STORED,
      -- A product is manufactured or resold; a feedstock is neither.
      CHECK ((kind = 'PRODUCT') = (origin IS NOT NULL))
    );
    CREATE UNIQUE INDEX items_code_key ON items (lower(code));
    CREATE INDEX items_kind_name_idx ON items (kind, name, id) INCLUDE (search_text);
    CREATE INDEX items_kind_code_idx ON items (kind, code, id);
    CREATE INDEX items_search_text_trgm ON items USING gin (search_text gin_trgm_ops);
    -- Every reference has an index: a list filters by it, and deleting the referenced row checks it.
    CREATE INDEX items_category_id_idx ON items (category_id);
    CREATE INDEX items_brand_id_idx ON items (brand_id);
    CREATE INDEX items_color_id_idx ON items (color_id);
    CREATE INDEX items_size_id_idx ON items (size_id);
    CREATE INDEX items_unit_id_idx ON items (unit_id);
    CREATE INDEX items_material_type_id_idx ON items (material_type_id);
    CREATE INDEX items_default_supplier_id_idx ON items (default_supplier_id);

    -- A product's lines go with it; a feedstock or outlay in use cannot be deleted.
    CREATE TABLE item_components (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      product_id integer NOT NULL REFERENCES items (id) ON DELETE CASCADE,
      feedstock_id integer NOT NULL REFERENCES items (id),
      quantity numeric(15,3) NOT NULL CHECK (quantity > 0),
      loss_percent numeric(5,2) NOT NULL DEFAULT 0 CHECK (loss_percent BETWEEN 0 AND 100),
      position integer NOT NULL,
      CHECK (product_id <> feedstock_id)
    );
    CREATE INDEX item_components_product_idx ON item_components (product_id, position);
    CREATE INDEX item_components_feedstock_idx ON item_components (feedstock_id);

    CREATE TABLE item_outlays (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      product_id integer NOT NULL REFERENCES items (id) ON DELETE CASCADE,
      outlay_id integer NOT NULL REFERENCES outlays (id),
      value numeric(15,2) NOT NULL CHECK (value >= 0),
      position integer NOT NULL
    );
    CREATE INDEX item_outlays_product_idx ON item_outlays (product_id, position);
    CREATE INDEX item_outlays_outlay_idx ON item_outlays (outlay_id);

    CREATE TABLE stock_movements (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      date date NOT NULL,
      type varchar(10) NOT NULL CHECK (type IN ('IN', 'OUT', 'TRANSFER', 'ADJUSTMENT')),
      item_id integer NOT NULL REFERENCES items (id),
      from_location_id integer REFERENCES stock_locations (id),
      to_location_id integer REFERENCES stock_locations (id),
      quantity numeric(15,3) NOT NULL CHECK (quantity > 0),
      unit_cost numeric(15,4) NOT NULL CHECK (unit_cost >= 0),
      value numeric(15,4) NOT NULL CHECK (value >= 0),
      origin_type varchar(20) NOT NULL DEFAULT 'MANUAL' CHECK (origin_type IN
        ('MANUAL', 'PURCHASE_ORDER', 'PRODUCTION_ORDER', 'REQUESTED_ORDER', 'INVOICE')),
      origin_id integer,
      notes varchar(500),
      user_id integer REFERENCES users (id),
      reversal_of integer REFERENCES stock_movements (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (CASE type
        WHEN 'IN' THEN from_location_id IS NULL AND to_location_id IS NOT NULL
        WHEN 'OUT' THEN from_location_id IS NOT NULL AND to_location_id IS NULL
        WHEN 'TRANSFER' THEN from_location_id IS NOT NULL AND to_location_id IS NOT NULL
          AND from_location_id <> to_location_id
        -- An adjustment up enters its location, one down leaves it.
        ELSE (from_location_id IS NULL) <> (to_location_id IS NULL)
      END),
      CHECK ((origin_type = 'MANUAL') = (origin_id IS NULL))
    );
    CREATE UNIQUE INDEX stock_movements_reversal_of_key ON stock_movements (reversal_of);
    -- The kardex (an item's movements by date) and the checks of a backdated movement.
    CREATE INDEX stock_movements_item_date_idx ON stock_movements (item_id, date, id);
    -- The list's filters, each in the list's order (newest first).
    CREATE INDEX stock_movements_date_idx ON stock_movements (date, id);
    CREATE INDEX stock_movements_type_date_idx ON stock_movements (type, date, id);
    CREATE INDEX stock_movements_from_location_date_idx ON stock_movements (from_location_id, date, id);
    CREATE INDEX stock_movements_to_location_date_idx ON stock_movements (to_location_id, date, id);
    CREATE INDEX stock_movements_origin_idx ON stock_movements (origin_type, origin_id, date, id);
    CREATE INDEX stock_movements_user_idx ON stock_movements (user_id);

    CREATE TABLE stock_balances (
      item_id integer NOT NULL REFERENCES items (id),
      location_id integer NOT NULL REFERENCES stock_locations (id),
      quantity numeric(15,3) NOT NULL CHECK (quantity >= 0),
      PRIMARY KEY (item_id, location_id)
    );
    CREATE INDEX stock_balances_location_idx ON stock_balances (location_id, item_id);
  `,
    )
    .execute(db);
}
