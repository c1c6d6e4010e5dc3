import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Each invoice line has its own nature of operation (issue 19: a sales order mixing products the
 * company makes and products it resells is one NF-e whose lines say 5101 and 5102). The invoice's
 * own nature stays the header's (natOp, direction, stock and bills); a line's agrees with it in
 * all of those and differs in its CFOP and taxes. Existing lines take their invoice's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE invoice_items ADD COLUMN fiscal_operation_id integer REFERENCES fiscal_operations (id);
    UPDATE invoice_items l SET fiscal_operation_id = n.fiscal_operation_id
      FROM invoices n WHERE n.id = l.invoice_id;
    ALTER TABLE invoice_items ALTER COLUMN fiscal_operation_id SET NOT NULL;
    CREATE INDEX invoice_items_fiscal_operation_idx ON invoice_items (fiscal_operation_id);
  `.execute(db);
}
