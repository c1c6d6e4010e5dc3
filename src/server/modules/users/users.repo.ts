import type { User } from '../../../shared/resources/users.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import { createRepository } from '../../platform/repository.js';
import { isoDates } from '../../platform/request-context.js';

export type StoredUser = Omit<User, 'roleName'>;

export const usersRepo = createRepository({
  table: 'users',
  searchColumns: ['name', 'email'],
  sortable: { name: 'name', email: 'email', active: 'active', lastLoginAt: 'last_login_at' },
  defaultSort: 'name',
  toApi: ({ passwordHash: _secret, ...row }): StoredUser => isoDates(row),
  // The list's columns; the role's id gives its name (withRoleNames).
  listFields: ['name', 'email', 'roleId', 'lastLoginAt', 'active'],
});

// The queries below read the roles table (a role's name, which role is the administrator's) by
// joining it, as a list shows a referenced row's name; only the roles module writes it.

/** The users with the name of their role. */
export async function withRoleNames(db: DbOrTrx, users: StoredUser[]): Promise<User[]> {
  const ids = [...new Set(users.map((u) => u.roleId))];
  const roles = ids.length
    ? await db.selectFrom('roles').select(['id', 'name']).where('id', 'in', ids).execute()
    : [];
  const names = new Map(roles.map((r) => [r.id, r.name]));
  return users.map((u) => ({ ...u, roleName: names.get(u.roleId) ?? '' }));
}

/**
 * The active administrators but `leaving`, locked (with the administrator role) until the
 * transaction ends, so that two requests removing the last two cannot both see the other one.
 */
export async function lockActiveAdministrators(trx: Trx, leaving?: number) {
  let query = trx
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select('users.id')
    .where('roles.isSystem', '=', true)
    .where('users.active', '=', true)
    .forUpdate();
  if (leaving !== undefined) query = query.where('users.id', '!=', leaving);
  return query.execute();
}

/** The e-mails of the active administrators, alphabetically. */
export async function activeAdministratorEmails(db: DbOrTrx): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select('users.email')
    .where('roles.isSystem', '=', true)
    .where('users.active', '=', true)
    .orderBy('users.email')
    .execute();
  return rows.map((row) => row.email);
}

export async function anyUserExists(db: DbOrTrx): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
}

/** What signing in and resetting a password need of the user with this e-mail. */
export function findCredentialsByEmail(
  db: DbOrTrx,
  email: string,
  options: { forUpdate?: boolean } = {},
) {
  let query = db
    .selectFrom('users')
    .select(['id', 'passwordHash', 'active'])
    .where('email', '=', email);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findPasswordHash(db: DbOrTrx, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('passwordHash')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.passwordHash;
}

/**
 * Changes a user without the version check (the user's own name or password, which no form of
 * someone else's holds), as a change like any other: who, when, a new version. Answers the row,
 * undefined when there is none.
 */
export function changeUser(
  trx: Trx,
  id: number,
  values: { name?: string; passwordHash?: string },
  userId: number | null,
) {
  return trx
    .updateTable('users')
    .set((eb) => ({
      ...values,
      updatedBy: userId,
      updatedAt: new Date(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The moment of the user's last sign-in; not a change of the user (no version, no history). */
export async function setLastLoginAt(db: DbOrTrx, id: number): Promise<void> {
  await db.updateTable('users').set({ lastLoginAt: new Date() }).where('id', '=', id).execute();
}
