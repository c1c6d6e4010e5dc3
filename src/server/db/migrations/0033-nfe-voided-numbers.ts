import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * Inutilização de numeração (issue 20): the ranges of an NF-e series that SEFAZ registered as
 * voided (NFeInutilizacao4, cStat 102), with its protocol and the request and answer as sent and
 * received (gzip). Ranges of one series never overlap: an exclusion constraint over the series and
 * the range (btree_gist gives GiST the integer equality), so even two requests that passed the
 * use case's check cannot both be recorded; the use case checks first under the series' sequence
 * lock to answer in pt-BR. The sequence of the series skips these numbers when it reaches them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS btree_gist;
    CREATE TABLE nfe_voided_numbers (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      series integer NOT NULL CHECK (series BETWEEN 0 AND 889),
      number_from integer NOT NULL CHECK (number_from BETWEEN 1 AND 999999999),
      number_to integer NOT NULL CHECK (number_to BETWEEN 1 AND 999999999),
      reason varchar(255) NOT NULL,
      protocol varchar(20),
      voided_at timestamptz NOT NULL,
      request_gz bytea NOT NULL,
      response_gz bytea NOT NULL,
      created_by integer REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (number_from <= number_to),
      CONSTRAINT nfe_voided_numbers_no_overlap EXCLUDE USING gist (
        series WITH =,
        int4range(number_from, number_to, '[]') WITH &&
      )
    );
    CREATE INDEX nfe_voided_numbers_newest_idx ON nfe_voided_numbers (voided_at DESC, id DESC);
  `.execute(db);
}
