import type { z } from 'zod';
import { ADMIN_ROLE_NAME, allPermissions } from '../../../shared/permissions.js';
import type { ListQuery } from '../../../shared/list-query.js';
import type { Role, roleFiltersSchema, roleSchema } from '../../../shared/resources/roles.js';
import type { Db, DbOrTrx } from '../../db/connection.js';
import { recordAudit, type AuditContext } from '../../platform/audit.js';
import { BusinessRuleError } from '../../platform/errors.js';
import { createRepository } from '../../platform/repository.js';
import { isoDates } from '../../platform/request-context.js';

const ENTITY = 'roles';

export const rolesRepo = createRepository<Role>({
  table: 'roles',
  searchColumns: ['name', 'description'],
  sortable: { name: 'name', description: 'description', active: 'active' },
  defaultSort: 'name',
  toApi: (row) => isoDates(row) as unknown as Role,
});

export function listRoles(db: Db, query: ListQuery & z.output<typeof roleFiltersSchema>) {
  return rolesRepo.list(db, query, (qb) =>
    query.active === undefined ? qb : qb.where('active', '=', query.active),
  );
}

export async function createRole(db: Db, ctx: AuditContext, input: z.output<typeof roleSchema>) {
  return db.transaction().execute(async (trx) => {
    const row = await rolesRepo.insert(trx, input, ctx.userId);
    await recordAudit(trx, ctx, {
      entity: ENTITY,
      entityId: row.id as number,
      action: 'create',
      after: row,
    });
    return rolesRepo.toApi(row);
  });
}

export async function updateRole(
  db: Db,
  ctx: AuditContext,
  id: number,
  input: z.output<typeof roleSchema> & { version: number },
) {
  return db.transaction().execute(async (trx) => {
    const before = await rolesRepo.findRow(trx, id, true);
    const { version, ...values } = input;
    if (before.isSystem) {
      // The built-in Administrador always holds every permission and stays active.
      values.permissions = [...allPermissions];
      values.active = true;
    }
    const after = await rolesRepo.update(trx, id, version, values, ctx.userId);
    await recordAudit(trx, ctx, { entity: ENTITY, entityId: id, action: 'update', before, after });
    return rolesRepo.toApi(after);
  });
}

export async function deleteRole(db: Db, ctx: AuditContext, id: number) {
  await db.transaction().execute(async (trx) => {
    const before = await rolesRepo.findRow(trx, id, true);
    if (before.isSystem) {
      throw new BusinessRuleError(`O perfil ${ADMIN_ROLE_NAME} não pode ser excluído.`);
    }
    await rolesRepo.delete(trx, id);
    await recordAudit(trx, ctx, { entity: ENTITY, entityId: id, action: 'delete', before });
  });
}

/** The built-in administrator role, created on a new database. */
export async function ensureAdminRole(db: DbOrTrx): Promise<number> {
  const existing = await db
    .selectFrom('roles')
    .select('id')
    .where('isSystem', '=', true)
    .executeTakeFirst();
  if (existing) {
    // Permissions added by a newer version reach the administrator on the next start.
    await db
      .updateTable('roles')
      .set({ permissions: [...allPermissions] })
      .where('id', '=', existing.id)
      .execute();
    return existing.id;
  }
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
