import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  stockMovementInputSchema,
  stockMovementListQuerySchema,
  stockMovementOutputSchema,
} from '../../../shared/resources/stock-movements.js';
import type { Db } from '../../db/connection.js';
import { auditContext } from '../../platform/request-context.js';
import { idParams, pageOf } from '../../platform/route-schemas.js';
import { createMovement, getMovement, listMovements, reverse } from './stock-movements.service.js';

const tags = ['stock-movements'];

/**
 * Movimentação de Estoque: the ledger's list, a movement, the manual form and "Estornar". There is
 * no PUT or DELETE: a movement is never edited or deleted (DOMAIN §4).
 */
export function stockMovementsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/stock-movements', {
      config: { permission: 'stockMovements:read' },
      schema: {
        tags,
        querystring: stockMovementListQuerySchema,
        response: { 200: pageOf(stockMovementOutputSchema) },
      },
      handler: (request) => listMovements(db, request.query),
    });
    app.get('/stock-movements/:id', {
      config: { permission: 'stockMovements:read' },
      schema: { tags, params: idParams, response: { 200: stockMovementOutputSchema } },
      handler: (request) => getMovement(db, request.params.id),
    });
    app.post('/stock-movements', {
      config: { permission: 'stockMovements:write' },
      schema: {
        tags,
        body: stockMovementInputSchema,
        response: { 201: stockMovementOutputSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createMovement(db, auditContext(request), request.body)),
    });
    app.post('/stock-movements/:id/reverse', {
      config: { permission: 'stockMovements:reverse' },
      schema: { tags, params: idParams, response: { 201: stockMovementOutputSchema } },
      handler: async (request, reply) =>
        reply.status(201).send(await reverse(db, auditContext(request), request.params.id)),
    });
  };
}
