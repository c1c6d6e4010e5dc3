import { sql } from 'kysely';
import type { DbOrTrx, Trx } from '../db/connection.js';

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` already is one. A service
 * opens its transaction with this, so that another service can call it inside its own and the
 * whole use case commits or rolls back as one ("receive a purchase order" across purchasing, stock
 * and finance). What a module offers others through its index.ts takes a `Trx` and never opens one.
 */
export function inTransaction<T>(db: DbOrTrx, work: (trx: Trx) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Trx);
  return db.transaction().execute(work);
}

let savepoints = 0;

/**
 * Runs `work` inside the caller's transaction and undoes what it wrote (a savepoint rolled back),
 * keeping what it threw: a rule checked by doing the real writes once, without keeping them
 * ("Emitir" checks that its stock would post before SEFAZ authorises it, the posting itself
 * waiting for the authorisation).
 */
export async function dryRun(trx: Trx, work: () => Promise<unknown>): Promise<void> {
  savepoints += 1;
  const name = sql.raw(`dry_run_${savepoints}`);
  await sql`SAVEPOINT ${name}`.execute(trx);
  try {
    await work();
  } finally {
    await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(trx);
    await sql`RELEASE SAVEPOINT ${name}`.execute(trx);
  }
}
