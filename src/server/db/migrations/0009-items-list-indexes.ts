import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * The products' and feedstocks' lists beyond what 0008 indexed (kind + code, kind + name,
 * search, references): the active items by name, which every picker of a material or a product
 * asks for (`?active=true&sort=name`); products of one origin by name; and products by sale
 * price.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    CREATE INDEX items_kind_active_name_idx ON items (kind, active, name, id);
    CREATE INDEX items_kind_origin_name_idx ON items (kind, origin, name, id);
    CREATE INDEX items_kind_sale_price_idx ON items (kind, sale_price, id);
  `,
    )
    .execute(db);
}
