import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema, type ListQuery } from '../../shared/list-query.js';
import type { CrudArea } from '../../shared/permissions.js';
import type { Db } from '../db/connection.js';
import type { AuditContext } from './audit.js';
import { auditContext } from './request-context.js';
import { idParams, pageOf } from './route-schemas.js';

export interface ResourceRouteSchemas<
  Filters extends z.ZodObject,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Output extends z.ZodType,
  Summary extends z.ZodType = Output,
> {
  /** The list's filters besides page, pageSize, sort and q. */
  filters: Filters;
  /** The body of POST. */
  create: Create;
  /** The body of PUT, `version` included. */
  update: Update;
  /** One row as the API answers it (GET /:id, and the answer of a write). */
  output: Output;
  /** A row of the list (its summary): what the list shows, not the whole record. */
  summary: Summary;
}

/** The five use cases behind a resource's routes, each one service call. */
export interface ResourceService<
  Filters extends z.ZodObject,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Output extends z.ZodType,
  Summary extends z.ZodType = Output,
> {
  list: (
    db: Db,
    query: ListQuery & z.output<Filters>,
  ) => Promise<{ items: z.output<Summary>[]; total: number; page: number; pageSize: number }>;
  get: (db: Db, id: number) => Promise<z.output<Output>>;
  create: (db: Db, ctx: AuditContext, input: z.output<Create>) => Promise<z.output<Output>>;
  update: (
    db: Db,
    ctx: AuditContext,
    id: number,
    input: z.output<Update>,
  ) => Promise<z.output<Output>>;
  delete: (db: Db, ctx: AuditContext, id: number) => Promise<void>;
}

/**
 * The list/get/create/update/delete routes of one resource under `/<path>`, tagged with its path:
 * reading needs `<area>:read`, creating and updating `<area>:write`, deleting `<area>:delete`.
 * Master data (crud.ts) and the hand-written users and roles modules all register them here.
 */
export function resourceRoutes<
  Filters extends z.ZodObject,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Output extends z.ZodType,
  Summary extends z.ZodType,
>(
  db: Db,
  resource: {
    path: string;
    area: CrudArea;
    schemas: ResourceRouteSchemas<Filters, Create, Update, Output, Summary>;
  },
  service: ResourceService<Filters, Create, Update, Output, Summary>,
): FastifyPluginAsyncZod {
  const { path, area, schemas } = resource;
  const base = `/${path}`;
  const tags = [path];
  // The type provider cannot follow the schemas through these generics: the handlers see the
  // schemas untyped, and the service's types above tie its inputs and outputs to them.
  const output: z.ZodType = schemas.output;
  const summary: z.ZodType = schemas.summary;
  type Query = Parameters<typeof service.list>[1];
  type CreateInput = z.output<Create>;
  type UpdateInput = z.output<Update>;
  return async (app) => {
    app.get(base, {
      config: { permission: `${area}:read` },
      schema: {
        tags,
        querystring: listQuerySchema.extend(schemas.filters.shape),
        response: { 200: pageOf(summary) },
      },
      handler: (request) => service.list(db, request.query as Query),
    });
    app.get(`${base}/:id`, {
      config: { permission: `${area}:read` },
      schema: { tags, params: idParams, response: { 200: output } },
      handler: (request) => service.get(db, request.params.id),
    });
    app.post(base, {
      config: { permission: `${area}:write` },
      schema: { tags, body: schemas.create, response: { 201: output } },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await service.create(db, auditContext(request), request.body as CreateInput)),
    });
    app.put(`${base}/:id`, {
      config: { permission: `${area}:write` },
      schema: { tags, params: idParams, body: schemas.update, response: { 200: output } },
      handler: (request) =>
        service.update(db, auditContext(request), request.params.id, request.body as UpdateInput),
    });
    app.delete(`${base}/:id`, {
      config: { permission: `${area}:delete` },
      schema: { tags, params: idParams, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await service.delete(db, auditContext(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
}
