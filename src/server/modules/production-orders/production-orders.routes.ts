import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportFileName } from '../../../shared/export-file-name.js';
import {
  productionOrderAvailabilitySchema,
  productionOrderCompleteSchema,
  productionOrderCreateSchema,
  productionOrderDetailSchema,
  productionOrderListQuerySchema,
  productionOrderPageSchema,
  productionOrdersLabel,
  PRODUCTION_ORDERS_PATH,
  productionOrderUpdateSchema,
} from '../../../shared/resources/production-orders.js';
import type { Db } from '../../db/connection.js';
import { auditContext } from '../../platform/request-context.js';
import { idParams } from '../../platform/route-schemas.js';
import { productionOrdersFile } from './production-orders.export.js';
import { productionOrderPdf } from './production-orders.pdf.js';
import { cancelProductionOrder } from './cancel-production-order.js';
import { completeProductionOrder } from './complete-production-order.js';
import {
  getProductionOrder,
  listProductionOrders,
  productionOrderAvailability,
} from './production-orders.read.js';
import { createProductionOrder, updateProductionOrder } from './save-production-order.js';
import { startProductionOrder } from './start-production-order.js';
import { replyWithFile } from '../../platform/file-reply.js';

/**
 * Ordens de Produção (`/production-orders`): the list and its export, an order, its creation and
 * edit (PLANNED), the actions "Iniciar" and "Concluir" (`execute`), "Cancelar" (`cancel`), the
 * availability of its materials and the production sheet (PDF).
 */
export function productionOrdersRoutes(db: Db): FastifyPluginAsyncZod {
  const base = `/${PRODUCTION_ORDERS_PATH}`;
  const tags = [PRODUCTION_ORDERS_PATH];
  return async (app) => {
    app.get(base, {
      config: { permission: 'productionOrders:read' },
      schema: {
        tags,
        querystring: productionOrderListQuerySchema,
        response: { 200: productionOrderPageSchema },
      },
      handler: (request) => listProductionOrders(db, request.query),
    });
    app.get(`${base}/export`, {
      config: { permission: 'productionOrders:read' },
      schema: {
        tags,
        summary: 'Exporta as ordens de produção (todas as linhas da lista filtrada)',
        querystring: productionOrderListQuerySchema
          .omit({ page: true, pageSize: true })
          .extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') }),
        response: { 200: z.any().describe('O arquivo .xlsx ou .csv (anexo)') },
      },
      handler: async (request, reply) => {
        const { format, ...query } = request.query;
        const file = await productionOrdersFile(db, format, query);
        return replyWithFile(reply, {
          ...file,
          fileName: exportFileName(productionOrdersLabel, format),
        });
      },
    });
    app.get(`${base}/:id`, {
      config: { permission: 'productionOrders:read' },
      schema: { tags, params: idParams, response: { 200: productionOrderDetailSchema } },
      handler: (request) => getProductionOrder(db, request.params.id),
    });
    app.get(`${base}/:id/availability`, {
      config: { permission: 'productionOrders:read' },
      schema: { tags, params: idParams, response: { 200: productionOrderAvailabilitySchema } },
      handler: (request) => productionOrderAvailability(db, request.params.id),
    });
    app.get(`${base}/:id/pdf`, {
      config: { permission: 'productionOrders:read' },
      schema: {
        tags,
        summary: 'Ficha de produção (PDF, A4)',
        params: idParams,
        response: { 200: z.any().describe('O PDF') },
      },
      handler: async (request, reply) => {
        const order = await getProductionOrder(db, request.params.id);
        const pdf = await productionOrderPdf(db, order);
        return replyWithFile(
          reply,
          { body: pdf, contentType: 'application/pdf', fileName: `${order.number}.pdf` },
          'inline',
        );
      },
    });
    app.post(base, {
      config: { permission: 'productionOrders:write' },
      schema: {
        tags,
        body: productionOrderCreateSchema,
        response: { 201: productionOrderDetailSchema },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await createProductionOrder(db, auditContext(request), request.body)),
    });
    app.put(`${base}/:id`, {
      config: { permission: 'productionOrders:write' },
      schema: {
        tags,
        params: idParams,
        body: productionOrderUpdateSchema,
        response: { 200: productionOrderDetailSchema },
      },
      handler: (request) =>
        updateProductionOrder(db, auditContext(request), request.params.id, request.body),
    });
    app.post(`${base}/:id/start`, {
      config: { permission: 'productionOrders:execute' },
      schema: { tags, params: idParams, response: { 200: productionOrderDetailSchema } },
      handler: (request) => startProductionOrder(db, auditContext(request), request.params.id),
    });
    app.post(`${base}/:id/complete`, {
      config: { permission: 'productionOrders:execute' },
      schema: {
        tags,
        params: idParams,
        body: productionOrderCompleteSchema,
        response: { 200: productionOrderDetailSchema },
      },
      handler: (request) =>
        completeProductionOrder(db, auditContext(request), request.params.id, request.body),
    });
    app.post(`${base}/:id/cancel`, {
      config: { permission: 'productionOrders:cancel' },
      schema: { tags, params: idParams, response: { 200: productionOrderDetailSchema } },
      handler: (request) => cancelProductionOrder(db, auditContext(request), request.params.id),
    });
  };
}
