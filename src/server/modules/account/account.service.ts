import type { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import type {
  LoginResponse,
  passwordChangeSchema,
  profileSchema,
  UserToken,
} from '../../../shared/resources/account.js';
import type { Db } from '../../db/connection.js';
import { recordAudit, type AuditContext } from '../../platform/audit.js';
import { loadUserToken } from '../../platform/signed-in-users.js';
import {
  BusinessRuleError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { TokenService } from '../../platform/tokens.js';
import { isThrottled, recordFailure } from './login-throttle.js';

// Verifying against a real hash when the e-mail is unknown keeps the answer time the same, so
// timing does not tell which e-mails exist.
const decoyHash = hashPassword('fabril-decoy-password');

export async function login(
  db: Db,
  tokens: TokenService,
  input: { email: string; password: string },
  ip: string,
): Promise<LoginResponse> {
  if (await isThrottled(db, input.email, ip)) throw new TooManyRequestsError();
  const user = await db
    .selectFrom('users')
    .select(['id', 'passwordHash', 'active'])
    .where('email', '=', input.email)
    .executeTakeFirst();
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!user || !valid || !user.active) {
    await recordFailure(db, input.email, ip);
    throw new UnauthorizedError(messages.errors.invalidCredentials);
  }
  await db
    .updateTable('users')
    .set({ lastLoginAt: new Date() })
    .where('id', '=', user.id)
    .execute();
  const userToken = await loadUserToken(db, user.id);
  if (!userToken) throw new UnauthorizedError(messages.errors.invalidCredentials);
  return { accessToken: await tokens.sign(user.id), userToken };
}

export async function updateProfile(
  db: Db,
  ctx: AuditContext,
  userId: number,
  input: z.output<typeof profileSchema>,
): Promise<UserToken> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new NotFoundError();
    const after = await trx
      .updateTable('users')
      .set((eb) => ({
        name: input.name,
        updatedBy: userId,
        updatedAt: new Date(),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, ctx, {
      entity: 'users',
      entityId: userId,
      action: 'update',
      before,
      after,
    });
  });
  const token = await loadUserToken(db, userId);
  if (!token) throw new NotFoundError();
  return token;
}

export async function changePassword(
  db: Db,
  ctx: AuditContext,
  userId: number,
  input: z.output<typeof passwordChangeSchema>,
): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('passwordHash')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new NotFoundError();
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new BusinessRuleError(messages.errors.wrongCurrentPassword, {
      currentPassword: messages.errors.wrongCurrentPassword,
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => ({
        passwordHash,
        updatedBy: userId,
        updatedAt: new Date(),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', userId)
      .execute();
    // The history says the password changed, never what it is.
    await recordAudit(trx, ctx, { entity: 'users', entityId: userId, action: 'password-change' });
  });
}
