import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * The company's PIX key (DOMAIN §9, §12), from which open bills to receive offer a "copia e cola"
 * payload. Stored as the DICT keeps it; the longest key, an e-mail, has 77 characters.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`ALTER TABLE company ADD COLUMN pix_key varchar(77);`).execute(db);
}
