import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportFileName } from '../../../shared/export-file-name.js';
import {
  purchaseOrderCreateSchema,
  purchaseOrderDraftsInputSchema,
  purchaseOrderDraftsOutputSchema,
  purchaseOrderListQuerySchema,
  purchaseOrderDetailSchema,
  purchaseOrderPageSchema,
  purchaseOrderUpdateSchema,
  purchaseReceiveInputSchema,
} from '../../../shared/resources/purchase-orders.js';
import type { Db } from '../../db/connection.js';
import { auditContext } from '../../platform/request-context.js';
import { idParams } from '../../platform/route-schemas.js';
import { purchaseOrdersFile } from './purchase-orders.export.js';
import { purchaseOrderPdf } from './purchase-orders.pdf.js';
import { createDrafts } from './draft-purchase-orders.js';
import {
  approvePurchaseOrder,
  cancelPurchaseOrder,
  closePurchaseOrder,
} from './move-purchase-order.js';
import { getPurchaseOrder, listPurchaseOrders } from './purchase-orders.read.js';
import { receivePurchaseOrder } from './receive-purchase-order.js';
import {
  createPurchaseOrder,
  deletePurchaseOrder,
  updatePurchaseOrder,
} from './save-purchase-order.js';
import { replyWithFile } from '../../platform/file-reply.js';

/**
 * Ordens de Compra (`/purchase-orders`): the list (filters, optional totals), its export, an
 * order with its lines and receipts, its PDF; the DRAFT's create, edit and delete; the actions
 * approve, receive, close ("Encerrar") and cancel, each with its own permission; and the drafts
 * from a shortage ("Comprar", "Comprar faltantes").
 */
export function purchaseOrdersRoutes(db: Db): FastifyPluginAsyncZod {
  const base = '/purchase-orders';
  const tags = ['purchase-orders'];
  const orderResponse = { 200: purchaseOrderDetailSchema };
  return async (app) => {
    app.get(base, {
      config: { permission: 'purchaseOrders:read' },
      schema: {
        tags,
        querystring: purchaseOrderListQuerySchema,
        response: { 200: purchaseOrderPageSchema },
      },
      handler: (request) => listPurchaseOrders(db, request.query),
    });
    app.get(`${base}/export`, {
      config: { permission: 'purchaseOrders:read' },
      schema: {
        tags,
        summary: 'Exporta as Ordens de Compra (todas as linhas da lista filtrada)',
        querystring: purchaseOrderListQuerySchema
          .omit({ page: true, pageSize: true, totals: true })
          .extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') }),
        response: { 200: z.any().describe('O arquivo .xlsx ou .csv (anexo)') },
      },
      handler: async (request, reply) => {
        const { format, ...query } = request.query;
        const file = await purchaseOrdersFile(db, format, query);
        return replyWithFile(reply, {
          ...file,
          fileName: exportFileName('Ordens de Compra', format),
        });
      },
    });
    app.post(`${base}/drafts`, {
      config: { permission: 'purchaseOrders:write' },
      schema: {
        tags,
        summary: 'Rascunhos por fornecedor padrão a partir de itens faltantes',
        body: purchaseOrderDraftsInputSchema,
        response: { 201: purchaseOrderDraftsOutputSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createDrafts(db, auditContext(request), request.body)),
    });
    app.get(`${base}/:id`, {
      config: { permission: 'purchaseOrders:read' },
      schema: { tags, params: idParams, response: orderResponse },
      handler: (request) => getPurchaseOrder(db, request.params.id),
    });
    app.get(`${base}/:id/pdf`, {
      config: { permission: 'purchaseOrders:read' },
      schema: {
        tags,
        summary: 'A ordem de compra para imprimir (PDF, A4)',
        params: idParams,
        response: { 200: z.any().describe('application/pdf') },
      },
      handler: async (request, reply) => {
        const order = await getPurchaseOrder(db, request.params.id);
        const body = await purchaseOrderPdf(db, order);
        return replyWithFile(
          reply,
          { body: body, contentType: 'application/pdf', fileName: `${order.number}.pdf` },
          'inline',
        );
      },
    });
    app.post(base, {
      config: { permission: 'purchaseOrders:write' },
      schema: {
        tags,
        body: purchaseOrderCreateSchema,
        response: { 201: purchaseOrderDetailSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createPurchaseOrder(db, auditContext(request), request.body)),
    });
    app.put(`${base}/:id`, {
      config: { permission: 'purchaseOrders:write' },
      schema: { tags, params: idParams, body: purchaseOrderUpdateSchema, response: orderResponse },
      handler: (request) =>
        updatePurchaseOrder(db, auditContext(request), request.params.id, request.body),
    });
    app.delete(`${base}/:id`, {
      config: { permission: 'purchaseOrders:delete' },
      schema: { tags, params: idParams },
      handler: async (request, reply) => {
        await deletePurchaseOrder(db, auditContext(request), request.params.id);
        return reply.status(204).send();
      },
    });
    app.post(`${base}/:id/approve`, {
      config: { permission: 'purchaseOrders:approve' },
      schema: { tags, params: idParams, response: orderResponse },
      handler: (request) => approvePurchaseOrder(db, auditContext(request), request.params.id),
    });
    app.post(`${base}/:id/receive`, {
      config: { permission: 'purchaseOrders:receive' },
      schema: {
        tags,
        params: idParams,
        body: purchaseReceiveInputSchema,
        response: { 201: purchaseOrderDetailSchema },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(
            await receivePurchaseOrder(db, auditContext(request), request.params.id, request.body),
          ),
    });
    app.post(`${base}/:id/close`, {
      config: { permission: 'purchaseOrders:receive' },
      schema: { tags, params: idParams, response: orderResponse },
      handler: (request) => closePurchaseOrder(db, auditContext(request), request.params.id),
    });
    app.post(`${base}/:id/cancel`, {
      config: { permission: 'purchaseOrders:cancel' },
      schema: { tags, params: idParams, response: orderResponse },
      handler: (request) => cancelPurchaseOrder(db, auditContext(request), request.params.id),
    });
  };
}
