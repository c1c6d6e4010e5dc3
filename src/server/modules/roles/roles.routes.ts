import {
  roleFiltersSchema,
  roleOutputSchema,
  roleSummarySchema,
  roleSchema,
  roleUpdateSchema,
  roles,
} from '../../../shared/resources/roles.js';
import type { Db } from '../../db/connection.js';
import { resourceRoutes } from '../../platform/resource-routes.js';
import { createRole, deleteRole, getRole, listRoles, updateRole } from './roles.service.js';

export function rolesRoutes(db: Db) {
  return resourceRoutes(
    db,
    {
      path: roles.path,
      area: roles.area,
      schemas: {
        filters: roleFiltersSchema,
        create: roleSchema,
        update: roleUpdateSchema,
        output: roleOutputSchema,
        summary: roleSummarySchema,
      },
    },
    { list: listRoles, get: getRole, create: createRole, update: updateRole, delete: deleteRole },
  );
}
