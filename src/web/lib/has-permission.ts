import type { Permission } from '../../shared/permissions.js';
import type { UserToken } from '../../shared/resources/account.js';

/** Whether a user holds a permission; pure, so menus and tests can ask without a session. */
export function hasPermission(user: UserToken | null, permission: Permission): boolean {
  return user?.permissions.includes(permission) ?? false;
}
