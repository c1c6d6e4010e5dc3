import type { DbOrTrx } from '../../db/connection.js';
import { deleteOldFailures, insertFailures, recentFailures } from './account.repo.js';

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

export async function isThrottled(db: DbOrTrx, email: string, ip: string): Promise<boolean> {
  const limits = new Map([
    [emailKey(email), MAX_FAILURES_PER_EMAIL],
    [addressKey(ip), MAX_FAILURES_PER_ADDRESS],
  ]);
  const failures = await recentFailures(db, [...limits.keys()]);
  return [...failures].some(([key, count]) => count >= limits.get(key)!);
}

export async function recordFailure(db: DbOrTrx, email: string, ip: string): Promise<void> {
  await insertFailures(db, [emailKey(email), addressKey(ip)]);
  // Old rows are useless after a minute; trimming here keeps the table small without a job.
  await deleteOldFailures(db);
}
