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
