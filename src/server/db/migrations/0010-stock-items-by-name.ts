import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Consulta de Estoque's default order is the item's name over both kinds (0008 and 0009 index
 * the name only after the kind): with this index its first page is read in name order and stops
 * after its rows instead of sorting every balance.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX items_name_idx ON items (name, id)`.execute(db);
}
