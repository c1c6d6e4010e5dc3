import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/connection.js';

/** Sign-in attempts (being checked or failed) in the last minute, per key. */
export async function countRecentAttempts(
  db: DbOrTrx,
  keys: string[],
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('loginAttempts')
    .select(['key', (eb) => eb.fn.countAll<string>().as('attempts')])
    .where('key', 'in', keys)
    .where('at', '>', sql<Date>`now() - interval '1 minute'`)
    .groupBy('key')
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.attempts)]));
}

/** Serialises the attempts on these keys until the transaction ends (always in one order). */
export async function lockKeys(trx: DbOrTrx, keys: string[]): Promise<void> {
  for (const key of [...keys].sort()) {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}

export async function insertAttempts(db: DbOrTrx, keys: string[]): Promise<string[]> {
  const rows = await db
    .insertInto('loginAttempts')
    .values(keys.map((key) => ({ key })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function deleteAttempts(db: DbOrTrx, ids: string[]): Promise<void> {
  await db.deleteFrom('loginAttempts').where('id', 'in', ids).execute();
}

/** Drops attempts older than an hour: they no longer count for anything. */
export async function deleteOldAttempts(db: DbOrTrx): Promise<void> {
  await db
    .deleteFrom('loginAttempts')
    .where('at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
}
