import type { DbOrTrx } from '../../db/connection.js';
import { TooManyRequestsError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import {
  countRecentAttempts,
  deleteAttempts,
  deleteOldAttempts,
  insertAttempts,
  lockKeys,
} from './account.repo.js';

/**
 * Failed sign-ins in the last minute beyond which the next attempt answers 429. Failures count per
 * e-mail *and* client address, so that someone guessing a person's password from one place cannot
 * lock that person out of signing in from another; per address alone the limit is high, because a
 * whole office often reaches the server through one address and one person's mistyped password
 * must not lock the others out.
 */
const MAX_FAILURES_PER_ACCOUNT = 5;
const MAX_FAILURES_PER_ADDRESS = 50;

/**
 * Reserves an attempt before its password is checked: in one short transaction that holds its
 * keys' advisory locks, the attempt is counted with the others of its keys and written. Attempts
 * on one key are reserved one after another, each seeing every earlier one, so of 40 parallel
 * guesses exactly the first five are evaluated and the rest refused. A refused attempt writes
 * nothing (its transaction rolls back); an evaluated one stays as a failure unless `release` says
 * the password was right.
 */
export async function reserveAttempt(
  db: DbOrTrx,
  email: string,
  ip: string,
): Promise<{ release: () => Promise<void> }> {
  const limits = new Map([
    [`account:${email.toLowerCase()}|${ip}`, MAX_FAILURES_PER_ACCOUNT],
    [`ip:${ip}`, MAX_FAILURES_PER_ADDRESS],
  ]);
  const keys = [...limits.keys()];
  const ids = await inTransaction(db, async (trx) => {
    await lockKeys(trx, keys);
    const counts = await countRecentAttempts(trx, keys);
    if ([...counts].some(([key, count]) => count >= limits.get(key)!)) {
      throw new TooManyRequestsError();
    }
    return insertAttempts(trx, keys);
  });
  // Old rows are useless after a minute; trimming here keeps the table small without a job.
  await deleteOldAttempts(db);
  return { release: () => deleteAttempts(db, ids) };
}
