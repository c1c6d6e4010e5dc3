import type { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import type {
  LoginResponse,
  passwordChangeSchema,
  profileSchema,
  UserToken,
} from '../../../shared/resources/account.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { BusinessRuleError, NotFoundError, UnauthorizedError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { createSession, endSession } from '../../platform/sessions.js';
import { loadUserToken } from '../../platform/signed-in-users.js';
import type { TokenService } from '../../platform/tokens.js';
import { inTransaction } from '../../platform/transaction.js';
import {
  findCredentialsByEmail,
  findPasswordHash,
  renameUser,
  setLastLoginAt,
  setPassword,
} from '../users/index.js';
import { reserveAttempt } from './login-throttle.js';

// Verifying against a real hash when the e-mail is unknown keeps the answer time the same, so
// timing does not tell which e-mails exist.
const decoyHash = hashPassword('fabril-decoy-password');

/**
 * Signing in is not one transaction: the attempt is recorded for the throttle before the password
 * is checked and stays, as a failure, although the request then fails; each write is a single
 * statement. A successful sign-in opens a session of `sessionHours`, which the token names.
 */
export async function login(
  db: DbOrTrx,
  tokens: TokenService,
  sessionHours: number,
  input: { email: string; password: string },
  ip: string,
): Promise<LoginResponse> {
  const attempt = await reserveAttempt(db, input.email, ip);
  const user = await findCredentialsByEmail(db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!user || !valid || !user.active) {
    throw new UnauthorizedError(messages.errors.invalidCredentials);
  }
  await attempt.release();
  await setLastLoginAt(db, user.id);
  const userToken = await loadUserToken(db, user.id);
  if (!userToken) throw new UnauthorizedError(messages.errors.invalidCredentials);
  const session = await createSession(db, user.id, sessionHours);
  return { accessToken: await tokens.sign(session.id, session.expiresAt), userToken };
}

/** Ends the session of the request: its token is refused from the next request on. */
export function logout(db: DbOrTrx, sessionId: string): Promise<void> {
  return endSession(db, sessionId);
}

export function updateProfile(
  db: DbOrTrx,
  ctx: AuditContext,
  userId: number,
  input: z.output<typeof profileSchema>,
): Promise<UserToken> {
  return inTransaction(db, async (trx) => {
    await renameUser(trx, ctx, userId, input.name);
    const token = await loadUserToken(trx, userId);
    if (!token) throw new NotFoundError();
    return token;
  });
}

export async function changePassword(
  db: DbOrTrx,
  ctx: AuditContext,
  userId: number,
  input: z.output<typeof passwordChangeSchema>,
): Promise<void> {
  const current = await findPasswordHash(db, userId);
  if (current === undefined) throw new NotFoundError();
  if (!(await verifyPassword(current, input.currentPassword))) {
    throw new BusinessRuleError(messages.errors.wrongCurrentPassword, {
      currentPassword: messages.errors.wrongCurrentPassword,
    });
  }
  // Hashed before the transaction: it takes a while and needs no connection.
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(db, (trx) => setPassword(trx, ctx, userId, passwordHash, 'password-change'));
}
