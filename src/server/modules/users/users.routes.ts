import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../../shared/list-query.js';
import {
  userCreateSchema,
  userFiltersSchema,
  userOutputSchema,
  userUpdateSchema,
} from '../../../shared/resources/users.js';
import type { Db } from '../../db/connection.js';
import { auditContext } from '../../platform/request-context.js';
import { idParams, pageOf } from '../../platform/route-schemas.js';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './users.service.js';

export function usersRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/users', {
      config: { permission: 'users:read' },
      schema: {
        tags: ['users'],
        querystring: listQuerySchema.extend(userFiltersSchema.shape),
        response: { 200: pageOf(userOutputSchema) },
      },
      handler: (request) => listUsers(db, request.query),
    });
    app.get('/users/:id', {
      config: { permission: 'users:read' },
      schema: { tags: ['users'], params: idParams, response: { 200: userOutputSchema } },
      handler: (request) => getUser(db, request.params.id),
    });
    app.post('/users', {
      config: { permission: 'users:write' },
      schema: { tags: ['users'], body: userCreateSchema, response: { 201: userOutputSchema } },
      handler: async (request, reply) =>
        reply.status(201).send(await createUser(db, auditContext(request), request.body)),
    });
    app.put('/users/:id', {
      config: { permission: 'users:write' },
      schema: {
        tags: ['users'],
        params: idParams,
        body: userUpdateSchema,
        response: { 200: userOutputSchema },
      },
      handler: (request) => updateUser(db, auditContext(request), request.params.id, request.body),
    });
    app.delete('/users/:id', {
      config: { permission: 'users:delete' },
      schema: { tags: ['users'], params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await deleteUser(db, auditContext(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
}
