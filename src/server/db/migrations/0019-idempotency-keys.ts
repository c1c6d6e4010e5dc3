import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * The answers of keyed POSTs (platform/idempotency.ts, issue 16 §6): one row per signed-in user
 * and `Idempotency-Key`, claimed before the route runs and given its answer (status, content type,
 * body) once the answer is sent. `fingerprint` is the SHA-256 of the method, the matched route,
 * its parameters and the body, so the same key sent with another request is refused. A row with
 * no `status` is a request still running (or abandoned, when old). Rows live 24 hours from their
 * claim; the server trims older ones itself, by `claimed_at`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE idempotency_keys (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      key varchar(100) NOT NULL,
      fingerprint char(64) NOT NULL,
      request_id varchar(60) NOT NULL,
      claimed_at timestamptz NOT NULL DEFAULT now(),
      status smallint,
      content_type varchar(200),
      body text,
      PRIMARY KEY (user_id, key)
    );
    CREATE INDEX idempotency_keys_claimed_at_idx ON idempotency_keys (claimed_at);
    `,
    )
    .execute(db);
}
