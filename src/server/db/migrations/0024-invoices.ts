import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Notas Fiscais (DOMAIN §8, issue 18).
 *
 * - `invoices`: the header. `number` (nNF) is null while DRAFT and given at issue from
 *   `document_sequences` ('invoice', series as text) inside the issuing transaction: gapless per
 *   series, never reused (a refused issue rolls the sequence back with everything else). The
 *   recipient is a client or a supplier, never both. `totals` keeps the NF-e's totals (sums of
 *   the items, invoice-taxes.ts); `total` is vNF again as a column, for the list and its sums.
 *   `xml` is the signed NF-e byte for byte, with its `access_key` and the `random_code` (cNF)
 *   it was built with. `requested_order_id` points at the sales order it invoices (its table
 *   comes with sales orders).
 * - `invoice_items`: the lines, snapshots of what the NF-e says of each item (description, NCM,
 *   CEST, CFOP, origin, unit) and its money: vProd, its shares of the header's discount and
 *   freight, its total, and each tax's CST/base/rate/value in `taxes` (jsonb: read and written
 *   whole, never queried by part).
 * A fiscal operation, client, supplier or item an invoice names cannot be deleted (the foreign
 * keys answer IN_USE); lines cascade with a DRAFT's deletion; issued invoices are never deleted.
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
    CREATE TABLE invoices (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      number integer CHECK (number BETWEEN 1 AND 999999999),
      series integer NOT NULL CHECK (series BETWEEN 0 AND 889),
      model char(2) NOT NULL DEFAULT '55' CHECK (model = '55'),
      direction varchar(3) NOT NULL CHECK (direction IN ('OUT', 'IN')),
      purpose varchar(6) NOT NULL CHECK (purpose IN ('NORMAL', 'RETURN')),
      fiscal_operation_id integer NOT NULL REFERENCES fiscal_operations (id),
      issue_date date NOT NULL,
      client_id integer REFERENCES clients (id),
      supplier_id integer REFERENCES suppliers (id),
      location_id integer REFERENCES stock_locations (id),
      payment_method_id integer REFERENCES payment_methods (id),
      category_id integer REFERENCES financial_categories (id),
      installments integer NOT NULL DEFAULT 1 CHECK (installments BETWEEN 1 AND 24),
      first_due_in_days integer NOT NULL DEFAULT 30 CHECK (first_due_in_days >= 0),
      interval_days integer NOT NULL DEFAULT 30 CHECK (interval_days >= 0),
      freight_mode char(1) NOT NULL DEFAULT '9' CHECK (freight_mode IN ('0','1','2','3','4','9')),
      freight numeric(15,2) NOT NULL DEFAULT 0 CHECK (freight >= 0),
      discount numeric(15,2) NOT NULL DEFAULT 0 CHECK (discount >= 0),
      totals jsonb NOT NULL,
      total numeric(15,2) NOT NULL DEFAULT 0 CHECK (total >= 0),
      additional_info varchar(5000),
      referenced_keys text[] NOT NULL DEFAULT '{}',
      requested_order_id integer,
      access_key char(44) UNIQUE,
      random_code char(8),
      xml text,
      issued_at timestamptz,
      cancelled_at timestamptz,
      cancel_reason varchar(255),
      status varchar(10) NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'ISSUED', 'CANCELLED')),
      sefaz_status varchar(10) NOT NULL DEFAULT 'NOT_SENT'
        CHECK (sefaz_status IN ('NOT_SENT', 'PENDING', 'AUTHORIZED', 'REJECTED', 'DENIED')),
      ${bookkeeping},
      CHECK ((client_id IS NULL) <> (supplier_id IS NULL)),
      CHECK ((status = 'DRAFT') = (number IS NULL)),
      CHECK (status = 'DRAFT' OR (access_key IS NOT NULL AND xml IS NOT NULL))
    );
    CREATE UNIQUE INDEX invoices_series_number_key ON invoices (series, number);
    -- The list: newest first, by status, by recipient; the accountant's archive by issue date.
    CREATE INDEX invoices_date_idx ON invoices (issue_date DESC, id DESC);
    CREATE INDEX invoices_status_date_idx ON invoices (status, issue_date DESC, id DESC);
    CREATE INDEX invoices_client_idx ON invoices (client_id, issue_date DESC) WHERE client_id IS NOT NULL;
    CREATE INDEX invoices_supplier_idx ON invoices (supplier_id, issue_date DESC)
      WHERE supplier_id IS NOT NULL;
    CREATE INDEX invoices_fiscal_operation_idx ON invoices (fiscal_operation_id);
    CREATE INDEX invoices_location_idx ON invoices (location_id);
    CREATE INDEX invoices_payment_method_idx ON invoices (payment_method_id);
    CREATE INDEX invoices_category_idx ON invoices (category_id);

    CREATE TABLE invoice_items (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      invoice_id integer NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
      item_id integer NOT NULL REFERENCES items (id),
      position integer NOT NULL CHECK (position > 0),
      description varchar(120) NOT NULL,
      ncm char(8),
      cest char(7),
      cfop char(4) NOT NULL,
      tax_origin char(1) NOT NULL,
      quantity numeric(15,3) NOT NULL CHECK (quantity > 0),
      unit_price numeric(15,2) NOT NULL CHECK (unit_price >= 0),
      gross_total numeric(15,2) NOT NULL CHECK (gross_total >= 0),
      discount numeric(15,2) NOT NULL CHECK (discount >= 0),
      freight numeric(15,2) NOT NULL CHECK (freight >= 0),
      total numeric(15,2) NOT NULL CHECK (total >= 0),
      taxes jsonb NOT NULL
    );
    CREATE INDEX invoice_items_invoice_idx ON invoice_items (invoice_id, position, id);
    CREATE INDEX invoice_items_item_idx ON invoice_items (item_id);
  `,
    )
    .execute(db);
}
