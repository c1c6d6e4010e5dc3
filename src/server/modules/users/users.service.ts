import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { ListQuery } from '../../../shared/list-query.js';
import type {
  User,
  userCreateSchema,
  userFiltersSchema,
  userUpdateSchema,
} from '../../../shared/resources/users.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import { recordAudit, SYSTEM_ACTOR, type AuditContext } from '../../platform/audit.js';
import { endOtherSessions } from '../../platform/sessions.js';
import { BusinessRuleError, NotFoundError } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { inTransaction } from '../../platform/transaction.js';
import { ensureAdminRole } from '../roles/index.js';
import {
  anyUserExists,
  changeUser,
  lockActiveAdministrators,
  usersRepo,
  withRoleNames,
} from './users.repo.js';

const ENTITY = 'users';

export async function listUsers(
  db: DbOrTrx,
  query: ListQuery & z.output<typeof userFiltersSchema>,
) {
  const page = await usersRepo.list(db, query, (qb) => {
    let filtered = qb;
    if (query.active !== undefined) filtered = filtered.where('active', '=', query.active);
    if (query.roleId !== undefined) filtered = filtered.where('roleId', '=', query.roleId);
    return filtered;
  });
  return { ...page, items: await withRoleNames(db, page.items) };
}

export async function getUser(db: DbOrTrx, id: number): Promise<User> {
  const [user] = await withRoleNames(db, [await usersRepo.findById(db, id)]);
  return user!;
}

export async function createUser(
  db: DbOrTrx,
  ctx: AuditContext,
  input: z.output<typeof userCreateSchema>,
) {
  const { password, ...values } = input;
  // Hashed before the transaction: it takes a while and needs no connection.
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (trx) => {
    const row = await usersRepo.insert(trx, { ...values, passwordHash }, ctx.userId);
    await recordAudit(trx, ctx, {
      entity: ENTITY,
      entityId: row.id as number,
      action: 'create',
      after: row,
    });
    return getUser(trx, row.id as number);
  });
}

export async function updateUser(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  input: z.output<typeof userUpdateSchema>,
) {
  const { password, version, ...values } = input;
  const passwordHash = password ? await hashPassword(password) : undefined;
  return inTransaction(db, async (trx) => {
    const before = await usersRepo.findRow(trx, id, true);
    if (!values.active && before.active) {
      if (id === ctx.userId)
        throw new BusinessRuleError('Você não pode inativar o próprio usuário.');
    }
    const after = await usersRepo.update(
      trx,
      id,
      version,
      passwordHash ? { ...values, passwordHash } : values,
      ctx.userId,
    );
    await assertAnAdministratorRemains(trx);
    // A password set by an administrator ends the user's sessions (but the one setting it).
    if (passwordHash) await endOtherSessions(trx, id, ctx.sessionId ?? null, 'password-reset');
    await recordAudit(trx, ctx, { entity: ENTITY, entityId: id, action: 'update', before, after });
    return getUser(trx, id);
  });
}

export function deleteUser(db: DbOrTrx, ctx: AuditContext, id: number) {
  return inTransaction(db, async (trx) => {
    if (id === ctx.userId) throw new BusinessRuleError('Você não pode excluir o próprio usuário.');
    const before = await usersRepo.findRow(trx, id, true);
    await assertAnAdministratorRemains(trx, id);
    await usersRepo.delete(trx, id);
    await recordAudit(trx, ctx, { entity: ENTITY, entityId: id, action: 'delete', before });
  });
}

/**
 * Checked inside the change's transaction (after an update, before a delete), with the administrators locked, so two
 * requests removing the last two administrators at once cannot both succeed.
 */
async function assertAnAdministratorRemains(trx: Trx, leaving?: number) {
  const admins = await lockActiveAdministrators(trx, leaving);
  if (admins.length === 0) {
    throw new BusinessRuleError('O sistema precisa de pelo menos um administrador ativo.');
  }
}

/** The user's own name (my account), recorded in the history as an update. */
export async function renameUser(trx: Trx, ctx: AuditContext, id: number, name: string) {
  const before = await usersRepo.findRow(trx, id, true);
  const after = await changeUser(trx, id, { name }, ctx.userId);
  if (!after) throw new NotFoundError();
  await recordAudit(trx, ctx, { entity: ENTITY, entityId: id, action: 'update', before, after });
}

/**
 * A new password, changed by the user ('password-change') or reset by whoever runs the server
 * ('password-reset'). The history says which, never what the password is. Every other session of
 * the user ends: whoever knew the old password is signed out at once.
 */
export async function setPassword(
  trx: Trx,
  ctx: AuditContext,
  id: number,
  passwordHash: string,
  action: 'password-change' | 'password-reset',
) {
  if (!(await changeUser(trx, id, { passwordHash }, ctx.userId))) throw new NotFoundError();
  await endOtherSessions(trx, id, ctx.sessionId ?? null, action);
  await recordAudit(trx, ctx, { entity: ENTITY, entityId: id, action });
}

/**
 * On a brand-new database: the administrator role and the first administrator, with
 * ADMIN_EMAIL/ADMIN_PASSWORD or a random password that is returned to be printed once.
 */
export async function ensureFirstAdministrator(
  trx: Trx,
  options: { email?: string; password?: string },
): Promise<{ email: string; password: string } | null> {
  const roleId = await ensureAdminRole(trx);
  if (await anyUserExists(trx)) return null;
  const email = (options.email ?? 'admin@fabril.local').toLowerCase();
  const password = options.password ?? randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  const row = await usersRepo.insert(
    trx,
    { name: 'Administrador', email, passwordHash, roleId },
    null,
  );
  await recordAudit(trx, SYSTEM_ACTOR, {
    entity: ENTITY,
    entityId: row.id as number,
    action: 'create',
    after: row,
  });
  return { email, password };
}
