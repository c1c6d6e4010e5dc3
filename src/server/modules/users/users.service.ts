import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { ListQuery } from '../../../shared/list-query.js';
import type {
  User,
  userCreateSchema,
  userFiltersSchema,
  userUpdateSchema,
} from '../../../shared/resources/users.js';
import type { Db, DbOrTrx, Trx } from '../../db/connection.js';
import { recordAudit, type AuditContext } from '../../platform/audit.js';
import { BusinessRuleError } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { createRepository } from '../../platform/repository.js';
import { isoDates } from '../../platform/request-context.js';
import { ensureAdminRole } from '../roles/roles.service.js';

const ENTITY = 'users';

export const usersRepo = createRepository<Omit<User, 'roleName'>>({
  table: 'users',
  searchColumns: ['name', 'email'],
  sortable: { name: 'name', email: 'email', active: 'active', lastLoginAt: 'last_login_at' },
  defaultSort: 'name',
  toApi: ({ passwordHash: _secret, ...row }) => isoDates(row) as unknown as Omit<User, 'roleName'>,
});

async function withRoleNames(db: DbOrTrx, users: Omit<User, 'roleName'>[]): Promise<User[]> {
  const ids = [...new Set(users.map((u) => u.roleId))];
  const roles = ids.length
    ? await db.selectFrom('roles').select(['id', 'name']).where('id', 'in', ids).execute()
    : [];
  const names = new Map(roles.map((r) => [r.id, r.name]));
  return users.map((u) => ({ ...u, roleName: names.get(u.roleId) ?? '' }));
}

export async function listUsers(db: Db, query: ListQuery & z.output<typeof userFiltersSchema>) {
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
  db: Db,
  ctx: AuditContext,
  input: z.output<typeof userCreateSchema>,
) {
  const { password, ...values } = input;
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
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
  db: Db,
  ctx: AuditContext,
  id: number,
  input: z.output<typeof userUpdateSchema>,
) {
  const { password, version, ...values } = input;
  const passwordHash = password ? await hashPassword(password) : undefined;
  return db.transaction().execute(async (trx) => {
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
    await recordAudit(trx, ctx, { entity: ENTITY, entityId: id, action: 'update', before, after });
    return getUser(trx, id);
  });
}

export async function deleteUser(db: Db, ctx: AuditContext, id: number) {
  await db.transaction().execute(async (trx) => {
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
  let query = trx
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select('users.id')
    .where('roles.isSystem', '=', true)
    .where('users.active', '=', true)
    .forUpdate();
  if (leaving !== undefined) query = query.where('users.id', '!=', leaving);
  const admins = await query.execute();
  if (admins.length === 0) {
    throw new BusinessRuleError('O sistema precisa de pelo menos um administrador ativo.');
  }
}

/**
 * On a brand-new database: the administrator role and the first administrator, with
 * ADMIN_EMAIL/ADMIN_PASSWORD or a random password that is returned to be printed once.
 */
export async function ensureFirstAdministrator(
  db: Db,
  options: { email?: string; password?: string },
): Promise<{ email: string; password: string } | null> {
  return db.transaction().execute(async (trx) => {
    const roleId = await ensureAdminRole(trx);
    const anyUser = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (anyUser) return null;
    const email = (options.email ?? 'admin@fabril.local').toLowerCase();
    const password = options.password ?? randomBytes(9).toString('base64url');
    const row = await trx
      .insertInto('users')
      .values({ name: 'Administrador', email, passwordHash: await hashPassword(password), roleId })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      { userId: null },
      { entity: ENTITY, entityId: row.id, action: 'create', after: row },
    );
    return { email, password };
  });
}
