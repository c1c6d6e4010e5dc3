import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../../shared/list-query.js';
import {
  roleFiltersSchema,
  roleOutputSchema,
  roleSchema,
  roleUpdateSchema,
} from '../../../shared/resources/roles.js';
import type { Db } from '../../db/connection.js';
import { auditContext } from '../../platform/request-context.js';
import { idParams, pageOf } from '../../platform/route-schemas.js';
import { createRole, deleteRole, listRoles, rolesRepo, updateRole } from './roles.service.js';

export function rolesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/roles', {
      config: { permission: 'roles:read' },
      schema: {
        tags: ['roles'],
        querystring: listQuerySchema.extend(roleFiltersSchema.shape),
        response: { 200: pageOf(roleOutputSchema) },
      },
      handler: (request) => listRoles(db, request.query),
    });
    app.get('/roles/:id', {
      config: { permission: 'roles:read' },
      schema: { tags: ['roles'], params: idParams, response: { 200: roleOutputSchema } },
      handler: (request) => rolesRepo.findById(db, request.params.id),
    });
    app.post('/roles', {
      config: { permission: 'roles:write' },
      schema: { tags: ['roles'], body: roleSchema, response: { 201: roleOutputSchema } },
      handler: async (request, reply) =>
        reply.status(201).send(await createRole(db, auditContext(request), request.body)),
    });
    app.put('/roles/:id', {
      config: { permission: 'roles:write' },
      schema: {
        tags: ['roles'],
        params: idParams,
        body: roleUpdateSchema,
        response: { 200: roleOutputSchema },
      },
      handler: (request) => updateRole(db, auditContext(request), request.params.id, request.body),
    });
    app.delete('/roles/:id', {
      config: { permission: 'roles:delete' },
      schema: { tags: ['roles'], params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await deleteRole(db, auditContext(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
}
