import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Document numbers (DOMAIN §1): one row per document type and series with the last number given.
 * A document takes its number inside its own transaction by incrementing the row, so concurrent
 * creators queue on that row and a rolled-back creation gives its number back: gapless, never
 * reused. A PostgreSQL sequence would not do: its values are not returned on rollback. Invoices
 * number per series ("1", "2"…); the other documents use the empty series.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE document_sequences (
      document_type varchar(40) NOT NULL,
      series varchar(3) NOT NULL DEFAULT '',
      last_number integer NOT NULL CHECK (last_number > 0),
      PRIMARY KEY (document_type, series)
    );
    `,
    )
    .execute(db);
}
