import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * The company's fiscal settings (issue 18): the tax regime (the NF-e's CRT, 1–4, Simples Nacional
 * by default), the SEFAZ environment (homologation until the company chooses production) and the
 * invoice series (0–889: SEFAZ keeps 890–999 for its own issuing, rejections 503 and 554).
 *
 * The A1 certificate lives in a table of its own, so that no query of the company row
 * (`selectAll`, the history's before/after) can ever carry it: the key and certificate sealed with
 * AES-256-GCM (platform/secret-box.ts) under a key kept outside the database, and in the clear only
 * what the screen shows of it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE company
         ADD COLUMN tax_regime smallint NOT NULL DEFAULT 1 CHECK (tax_regime BETWEEN 1 AND 4),
         ADD COLUMN nfe_environment varchar(12) NOT NULL DEFAULT 'HOMOLOGATION'
           CHECK (nfe_environment IN ('HOMOLOGATION', 'PRODUCTION')),
         ADD COLUMN invoice_series smallint NOT NULL DEFAULT 1
           CHECK (invoice_series BETWEEN 0 AND 889);
       CREATE TABLE company_certificate (
         company_id integer PRIMARY KEY REFERENCES company (id) ON DELETE CASCADE,
         subject text NOT NULL,
         cnpj varchar(14) NOT NULL,
         valid_from timestamptz NOT NULL,
         valid_to timestamptz NOT NULL,
         sealed bytea NOT NULL,
         uploaded_by integer REFERENCES users (id),
         uploaded_at timestamptz NOT NULL DEFAULT now()
       );`,
    )
    .execute(db);
}
