import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/**
 * Failures in the last minute that make the next login attempt answer 429. One e-mail gets few
 * tries (guessing one person's password); one address gets many, because a whole office often
 * reaches the server through one address and one person's mistyped password must not lock the
 * others out.
 */
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;

const emailKey = (email: string) => `email:${email.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

export async function isThrottled(db: Db, email: string, ip: string): Promise<boolean> {
  const limits = new Map([
    [emailKey(email), MAX_FAILURES_PER_EMAIL],
    [addressKey(ip), MAX_FAILURES_PER_ADDRESS],
  ]);
  const rows = await db
    .selectFrom('loginFailures')
    .select(['key', (eb) => eb.fn.countAll<string>().as('failures')])
    .where('key', 'in', [...limits.keys()])
    .where('at', '>', sql<Date>`now() - interval '1 minute'`)
    .groupBy('key')
    .execute();
  return rows.some((r) => Number(r.failures) >= limits.get(r.key)!);
}

export async function recordFailure(db: Db, email: string, ip: string): Promise<void> {
  await db
    .insertInto('loginFailures')
    .values([{ key: emailKey(email) }, { key: addressKey(ip) }])
    .execute();
  // Old rows are useless after a minute; trimming here keeps the table small without a job.
  await db
    .deleteFrom('loginFailures')
    .where('at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
}
