import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** More than this many failures in a minute, for one e-mail or one address, answers 429. */
export const MAX_FAILURES_PER_MINUTE = 5;

const keysOf = (email: string, ip: string) => [`email:${email.toLowerCase()}`, `ip:${ip}`];

export async function isThrottled(db: Db, email: string, ip: string): Promise<boolean> {
  const rows = await db
    .selectFrom('loginFailures')
    .select(['key', (eb) => eb.fn.countAll<string>().as('failures')])
    .where('key', 'in', keysOf(email, ip))
    .where('at', '>', sql<Date>`now() - interval '1 minute'`)
    .groupBy('key')
    .execute();
  return rows.some((r) => Number(r.failures) >= MAX_FAILURES_PER_MINUTE);
}

export async function recordFailure(db: Db, email: string, ip: string): Promise<void> {
  await db
    .insertInto('loginFailures')
    .values(keysOf(email, ip).map((key) => ({ key })))
    .execute();
  // Old rows are useless after a minute; trimming here keeps the table small without a job.
  await db
    .deleteFrom('loginFailures')
    .where('at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
}
