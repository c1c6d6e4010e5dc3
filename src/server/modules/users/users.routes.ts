import {
  userCreateSchema,
  userFiltersSchema,
  userOutputSchema,
  userSummarySchema,
  userUpdateSchema,
  users,
} from '../../../shared/resources/users.js';
import type { Db } from '../../db/connection.js';
import { resourceRoutes } from '../../platform/resource-routes.js';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './users.service.js';

export function usersRoutes(db: Db) {
  return resourceRoutes(
    db,
    {
      path: users.path,
      area: users.area,
      schemas: {
        filters: userFiltersSchema,
        create: userCreateSchema,
        update: userUpdateSchema,
        output: userOutputSchema,
        summary: userSummarySchema,
      },
    },
    { list: listUsers, get: getUser, create: createUser, update: updateUser, delete: deleteUser },
  );
}
