import { roles } from '../../../shared/resources/roles.js';
import { users } from '../../../shared/resources/users.js';
import type { CrudConfig } from '../../platform/crud.js';

/**
 * Users and roles keep their hand-written routes (password hashing, the administrator's rules);
 * these configs only give them the generic export, with the same search, sort and filters as
 * their lists (`active`, `roleId`).
 */
export const usersExportConfig: CrudConfig = {
  definition: users,
  table: 'users',
  toApi: ({ passwordHash: _secret, ...row }) => row,
};

export const rolesExportConfig: CrudConfig = { definition: roles, table: 'roles' };
