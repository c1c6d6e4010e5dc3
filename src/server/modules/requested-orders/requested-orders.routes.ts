import type { InvoiceIssuing } from '../invoices/index.js';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { date } from '../../../shared/fields.js';
import {
  clientCreditQuerySchema,
  clientCreditSchema,
  productStockQuerySchema,
  productStockSchema,
  requestedOrderApproveSchema,
  requestedOrderAvailabilitySchema,
  requestedOrderCreateSchema,
  requestedOrderDetailSchema,
  requestedOrderInvoiceSchema,
  requestedOrderListQuerySchema,
  requestedOrderPageSchema,
  requestedOrderUpdateSchema,
} from '../../../shared/resources/requested-orders.js';
import type { Db } from '../../db/connection.js';
import { ForbiddenError } from '../../platform/errors.js';
import { replyWithFile } from '../../platform/file-reply.js';
import { currentUser } from '../../platform/auth.js';
import { auditContext } from '../../platform/request-context.js';
import { idParams } from '../../platform/route-schemas.js';
import { clientCredit } from './client-credit.js';
import { invoiceRequestedOrder } from './invoice-requested-order.js';
import { planRequestedOrderProduction } from './plan-requested-order-production.js';
import { requestedOrderPdf } from './requested-orders.pdf.js';
import {
  approveRequestedOrder,
  cancelRequestedOrder,
  closeRequestedOrder,
  deliverRequestedOrder,
  reserveRequestedOrder,
} from './move-requested-order.js';
import {
  getRequestedOrder,
  listRequestedOrders,
  productStock,
  requestedOrderAvailability,
} from './requested-orders.read.js';
import {
  createRequestedOrder,
  deleteRequestedOrder,
  updateRequestedOrder,
} from './save-requested-order.js';

/** A credit release is only for whoever has requestedOrders:releaseCredit (403 otherwise). */
function mayRelease<T extends { overrideCredit: boolean }>(request: FastifyRequest, input: T): T {
  if (
    input.overrideCredit &&
    !currentUser(request).permissions.includes('requestedOrders:releaseCredit')
  ) {
    throw new ForbiddenError();
  }
  return input;
}

/**
 * Pedidos Recebidos (`/requested-orders`): the list, an order with its lines (reserved and
 * invoiced of each), its availability, its PDF, a client's credit (`/credit`, for the order
 * form: under this module because the exposure rule and its SQL are the credit gate's); the OPEN
 * order's create, edit and delete; approve and reserve (requestedOrders:approve), invoice, close
 * and deliver (requestedOrders:invoice), cancel; plan production (productionOrders:write, and
 * purchaseOrders:write when it buys).
 */
export function requestedOrdersRoutes(db: Db, issuing: InvoiceIssuing): FastifyPluginAsyncZod {
  const base = '/requested-orders';
  const tags = ['requested-orders'];
  const orderResponse = { 200: requestedOrderDetailSchema };
  return async (app) => {
    app.get(base, {
      config: { permission: 'requestedOrders:read' },
      schema: {
        tags,
        querystring: requestedOrderListQuerySchema,
        response: { 200: requestedOrderPageSchema },
      },
      handler: (request) => listRequestedOrders(db, request.query),
    });
    app.get(`${base}/credit`, {
      config: { permission: 'requestedOrders:read' },
      schema: {
        tags,
        summary: 'Crédito do cliente: limite, títulos em aberto e vencidos, pedidos a faturar',
        querystring: clientCreditQuerySchema,
        response: { 200: clientCreditSchema },
      },
      handler: (request) => clientCredit(db, request.query.clientId),
    });
    app.get(`${base}/stock`, {
      config: { permission: 'requestedOrders:read' },
      schema: {
        tags,
        summary: 'Estoque dos produtos no local: em estoque, disponível e quanto dá para produzir',
        querystring: productStockQuerySchema,
        response: { 200: productStockSchema },
      },
      handler: (request) => productStock(db, request.query.locationId, request.query.productIds),
    });
    app.get(`${base}/:id`, {
      config: { permission: 'requestedOrders:read' },
      schema: { tags, params: idParams, response: orderResponse },
      handler: (request) => getRequestedOrder(db, request.params.id),
    });
    app.get(`${base}/:id/availability`, {
      config: { permission: 'requestedOrders:read' },
      schema: { tags, params: idParams, response: { 200: requestedOrderAvailabilitySchema } },
      handler: (request) => requestedOrderAvailability(db, request.params.id),
    });
    app.get(`${base}/:id/pdf`, {
      config: { permission: 'requestedOrders:read' },
      schema: {
        tags,
        summary: 'O pedido de venda para imprimir (PDF, A4)',
        params: idParams,
        response: { 200: z.any().describe('application/pdf') },
      },
      handler: async (request, reply) => {
        const order = await getRequestedOrder(db, request.params.id);
        const body = await requestedOrderPdf(db, order);
        return replyWithFile(
          reply,
          { body, contentType: 'application/pdf', fileName: `${order.number}.pdf` },
          'inline',
        );
      },
    });
    app.post(base, {
      config: { permission: 'requestedOrders:write' },
      schema: {
        tags,
        body: requestedOrderCreateSchema,
        response: { 201: requestedOrderDetailSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createRequestedOrder(db, auditContext(request), request.body)),
    });
    app.put(`${base}/:id`, {
      config: { permission: 'requestedOrders:write' },
      schema: { tags, params: idParams, body: requestedOrderUpdateSchema, response: orderResponse },
      handler: (request) =>
        updateRequestedOrder(db, auditContext(request), request.params.id, request.body),
    });
    app.delete(`${base}/:id`, {
      config: { permission: 'requestedOrders:delete' },
      schema: { tags, params: idParams },
      handler: async (request, reply) => {
        await deleteRequestedOrder(db, auditContext(request), request.params.id);
        return reply.status(204).send();
      },
    });
    app.post(`${base}/:id/approve`, {
      config: { permission: 'requestedOrders:approve' },
      schema: {
        tags,
        params: idParams,
        body: requestedOrderApproveSchema.optional(),
        response: orderResponse,
      },
      handler: (request) =>
        approveRequestedOrder(
          db,
          auditContext(request),
          request.params.id,
          mayRelease(request, request.body ?? { overrideCredit: false, reason: null }),
        ),
    });
    app.post(`${base}/:id/reserve`, {
      config: { permission: 'requestedOrders:approve' },
      schema: { tags, params: idParams, response: orderResponse },
      handler: (request) => reserveRequestedOrder(db, auditContext(request), request.params.id),
    });
    app.post(`${base}/:id/invoice`, {
      config: { permission: 'requestedOrders:invoice' },
      schema: {
        tags,
        summary:
          'Fatura o pedido: emite e transmite a NF-e; autorizada, baixa o estoque reservado e gera os títulos',
        params: idParams,
        body: requestedOrderInvoiceSchema,
        response: orderResponse,
      },
      handler: (request) =>
        invoiceRequestedOrder(
          db,
          auditContext(request),
          request.params.id,
          mayRelease(request, request.body),
          issuing,
        ),
    });
    app.post(`${base}/:id/plan-production`, {
      config: { permission: 'productionOrders:write' },
      schema: {
        tags,
        summary:
          'Ordens de produção planejadas e rascunhos de compra para o que falta do pedido (sem repetir os já feitos); comprar exige também purchaseOrders:write',
        params: idParams,
        response: orderResponse,
      },
      handler: (request) =>
        planRequestedOrderProduction(db, auditContext(request), request.params.id, {
          mayBuy: currentUser(request).permissions.includes('purchaseOrders:write'),
        }),
    });
    app.post(`${base}/:id/close`, {
      config: { permission: 'requestedOrders:invoice' },
      schema: { tags, params: idParams, response: orderResponse },
      handler: (request) => closeRequestedOrder(db, auditContext(request), request.params.id),
    });
    app.post(`${base}/:id/deliver`, {
      config: { permission: 'requestedOrders:invoice' },
      schema: { tags, params: idParams, body: z.object({ date: date() }), response: orderResponse },
      handler: (request) =>
        deliverRequestedOrder(db, auditContext(request), request.params.id, request.body),
    });
    app.post(`${base}/:id/cancel`, {
      config: { permission: 'requestedOrders:cancel' },
      schema: { tags, params: idParams, response: orderResponse },
      handler: (request) => cancelRequestedOrder(db, auditContext(request), request.params.id),
    });
  };
}
