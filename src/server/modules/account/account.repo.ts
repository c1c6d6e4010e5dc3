import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/connection.js';

/** Failed sign-ins in the last minute, per key (an e-mail's or an address's). */
export async function recentFailures(db: DbOrTrx, keys: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('loginFailures')
    .select(['key', (eb) => eb.fn.countAll<string>().as('failures')])
    .where('key', 'in', keys)
    .where('at', '>', sql<Date>`now() - interval '1 minute'`)
    .groupBy('key')
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.failures)]));
}

export async function insertFailures(db: DbOrTrx, keys: string[]): Promise<void> {
  await db
    .insertInto('loginFailures')
    .values(keys.map((key) => ({ key })))
    .execute();
}

/** Drops failures older than an hour: they no longer count for anything. */
export async function deleteOldFailures(db: DbOrTrx): Promise<void> {
  await db
    .deleteFrom('loginFailures')
    .where('at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
}
