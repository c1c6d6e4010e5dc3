import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * "Tolerância de produção a maior" (issue 15 §4): how far above its planned quantity a production
 * order may be completed, a percentage of the company (numeric(5,2), 0–100). 10 % by default: a
 * batch rarely yields exactly what was planned, and a few units more are normal, while a
 * produced quantity typed with an extra digit (100 for 10) must not put stock that does not exist
 * into the ledger at the order's cost.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE company ADD COLUMN production_tolerance_percent numeric(5,2) NOT NULL DEFAULT 10
         CHECK (production_tolerance_percent BETWEEN 0 AND 100);`,
    )
    .execute(db);
}
