import { ADMIN_ROLE_NAME, allPermissions } from '../../../shared/permissions.js';
import { roles, type Role } from '../../../shared/resources/roles.js';
import type { DbOrTrx } from '../../db/connection.js';
import { createRepository } from '../../platform/repository.js';
import { isoDates } from '../../platform/request-context.js';

export const rolesRepo = createRepository({
  table: 'roles',
  searchColumns: ['name', 'description'],
  sortable: { name: 'name', description: 'description', active: 'active' },
  defaultSort: 'name',
  toApi: (row): Role => isoDates(row),
  listFields: roles.listFields,
});

/** The id of the built-in administrator role, when the database has it. */
export async function findAdminRoleId(db: DbOrTrx): Promise<number | undefined> {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('isSystem', '=', true)
    .executeTakeFirst();
  return row?.id;
}

/** Gives the role every permission the product has now. */
export async function grantAllPermissions(db: DbOrTrx, id: number): Promise<void> {
  await db
    .updateTable('roles')
    .set({ permissions: [...allPermissions] })
    .where('id', '=', id)
    .execute();
}

export async function insertAdminRole(db: DbOrTrx): Promise<number> {
  const row = await db
    .insertInto('roles')
    .values({
      name: ADMIN_ROLE_NAME,
      description: 'Acesso total ao sistema',
      permissions: [...allPermissions],
      isSystem: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
