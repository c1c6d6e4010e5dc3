import { sql } from 'kysely';
import type { DbOrTrx } from '../db/connection.js';

/**
 * Sign-in sessions (migration 0017). Ending one fires `access_changed`, so every server process
 * stops accepting its token on the next request; the writer's own process forgets at once too
 * (auth.ts, onSend).
 */
export type SessionEndReason = 'logout' | 'password-change' | 'password-reset';

export async function createSession(
  db: DbOrTrx,
  userId: number,
  hours: number,
): Promise<{ id: string; expiresAt: Date }> {
  // Sessions that expired more than a day ago say nothing any more; trimming here keeps the table
  // small without a job.
  await db
    .deleteFrom('sessions')
    .where('expiresAt', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  return db
    .insertInto('sessions')
    .values({ userId, expiresAt: sql<Date>`now() + make_interval(hours => ${hours})` })
    .returning(['id', 'expiresAt'])
    .executeTakeFirstOrThrow();
}

export async function endSession(db: DbOrTrx, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ endedAt: sql<Date>`now()`, endedReason: 'logout' })
    .where('id', '=', sessionId)
    .where('endedAt', 'is', null)
    .execute();
}

/** Ends every open session of a user but the one given (the request's own, when it is theirs). */
export async function endOtherSessions(
  db: DbOrTrx,
  userId: number,
  keep: string | null,
  reason: SessionEndReason,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ endedAt: sql<Date>`now()`, endedReason: reason })
    .where('userId', '=', userId)
    .where('endedAt', 'is', null);
  if (keep) query = query.where('id', '!=', keep);
  await query.execute();
}
