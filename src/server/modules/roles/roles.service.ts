import type { z } from 'zod';
import { ErrorCode } from '../../../shared/error-codes.js';
import type { ListQuery } from '../../../shared/list-query.js';
import { messages } from '../../../shared/messages.js';
import { ADMIN_ROLE_NAME, allPermissions } from '../../../shared/permissions.js';
import type {
  Role,
  roleFiltersSchema,
  roleSchema,
  roleUpdateSchema,
} from '../../../shared/resources/roles.js';
import type { DbOrTrx } from '../../db/connection.js';
import { recordAudit, type AuditContext } from '../../platform/audit.js';
import { BusinessRuleError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { findAdminRoleId, grantAllPermissions, insertAdminRole, rolesRepo } from './roles.repo.js';

const ENTITY = 'roles';

export function listRoles(db: DbOrTrx, query: ListQuery & z.output<typeof roleFiltersSchema>) {
  return rolesRepo.list(db, query, (qb) =>
    query.active === undefined ? qb : qb.where('active', '=', query.active),
  );
}

export function getRole(db: DbOrTrx, id: number): Promise<Role> {
  return rolesRepo.findById(db, id);
}

export function createRole(db: DbOrTrx, ctx: AuditContext, input: z.output<typeof roleSchema>) {
  return inTransaction(db, async (trx) => {
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

/**
 * The built-in Administrador always holds every permission and stays active: a save that sends
 * anything else answers 422 on the field, instead of answering 200 while ignoring it. Its name
 * and description may change; the permissions come in any order, as the form sends them.
 */
function checkSystemRole(values: { permissions: readonly string[]; active: boolean }) {
  const sent = new Set(values.permissions);
  const fields: Record<string, string> = {};
  if (sent.size !== allPermissions.length || allPermissions.some((p) => !sent.has(p))) {
    fields.permissions = messages.roles.adminPermissions;
  }
  if (!values.active) fields.active = messages.roles.adminActive;
  const [first] = Object.values(fields);
  if (first) throw new BusinessRuleError({ code: ErrorCode.SYSTEM_ROLE, message: first, fields });
}

export function updateRole(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  input: z.output<typeof roleUpdateSchema>,
) {
  return inTransaction(db, async (trx) => {
    const before = await rolesRepo.findRow(trx, id, true);
    const { version, ...values } = input;
    if (before.isSystem) checkSystemRole(values);
    const after = await rolesRepo.update(trx, id, version, values, ctx.userId);
    await recordAudit(trx, ctx, { entity: ENTITY, entityId: id, action: 'update', before, after });
    return rolesRepo.toApi(after);
  });
}

export function deleteRole(db: DbOrTrx, ctx: AuditContext, id: number) {
  return inTransaction(db, async (trx) => {
    const before = await rolesRepo.findRow(trx, id, true);
    if (before.isSystem) {
      throw new BusinessRuleError(`O perfil ${ADMIN_ROLE_NAME} não pode ser excluído.`);
    }
    await rolesRepo.delete(trx, id);
    await recordAudit(trx, ctx, { entity: ENTITY, entityId: id, action: 'delete', before });
  });
}

/** The built-in administrator role, created on a new database; answers its id. */
export async function ensureAdminRole(db: DbOrTrx): Promise<number> {
  const existing = await findAdminRoleId(db);
  if (existing === undefined) return insertAdminRole(db);
  // Permissions added by a newer version reach the administrator on the next start.
  await grantAllPermissions(db, existing);
  return existing;
}
