import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invoiceArchiveQuerySchema,
  invoiceCancelSchema,
  invoiceCreateSchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceUpdateSchema,
} from '../../../shared/resources/invoices.js';
import type { Db } from '../../db/connection.js';
import { replyWithFile } from '../../platform/file-reply.js';
import { auditContext } from '../../platform/request-context.js';
import { idParams } from '../../platform/route-schemas.js';
import { cancelInvoice, type InvoiceCancelledHook } from './cancel-invoice.js';
import { invoiceDanfe, invoiceXml, invoiceXmlArchive } from './invoice-files.js';
import { getInvoice, listInvoices } from './invoices.read.js';
import { issueInvoice } from './issue-invoice.js';
import { createInvoice, deleteInvoice, updateInvoice } from './save-invoice.js';

/**
 * Notas Fiscais (`/invoices`): the list (filters, optional totals), an invoice with its lines,
 * taxes, bills and movements; the DRAFT's create, edit and delete; "Emitir" and "Cancelar", each
 * with its own permission; the signed XML, the DANFE and the period's XML archive.
 */
export function invoicesRoutes(
  db: Db,
  certificateKey: Buffer,
  onOrderInvoiceCancelled?: InvoiceCancelledHook,
): FastifyPluginAsyncZod {
  const base = '/invoices';
  const tags = ['invoices'];
  const invoiceResponse = { 200: invoiceDetailSchema };
  return async (app) => {
    app.get(base, {
      config: { permission: 'invoices:read' },
      schema: { tags, querystring: invoiceListQuerySchema, response: { 200: invoicePageSchema } },
      handler: (request) => listInvoices(db, request.query),
    });
    app.get(`${base}/xml-archive`, {
      config: { permission: 'invoices:read' },
      schema: {
        tags,
        summary: 'Os XMLs das NF-e emitidas no período (canceladas também), em ZIP com índice',
        querystring: invoiceArchiveQuerySchema,
        response: { 200: z.any().describe('application/zip') },
      },
      handler: (request, reply) => replyWithFile(reply, invoiceXmlArchive(db, request.query)),
    });
    app.get(`${base}/:id`, {
      config: { permission: 'invoices:read' },
      schema: { tags, params: idParams, response: invoiceResponse },
      handler: (request) => getInvoice(db, request.params.id),
    });
    app.get(`${base}/:id/xml`, {
      config: { permission: 'invoices:read' },
      schema: {
        tags,
        summary: 'O XML assinado da NF-e (NFe<chave>.xml)',
        params: idParams,
        response: { 200: z.any().describe('application/xml') },
      },
      handler: async (request, reply) =>
        replyWithFile(reply, await invoiceXml(db, request.params.id)),
    });
    app.get(`${base}/:id/danfe`, {
      config: { permission: 'invoices:read' },
      schema: {
        tags,
        summary: 'O DANFE da NF-e (PDF, A4)',
        params: idParams,
        response: { 200: z.any().describe('application/pdf') },
      },
      handler: async (request, reply) =>
        replyWithFile(reply, await invoiceDanfe(db, request.params.id), 'inline'),
    });
    app.post(base, {
      config: { permission: 'invoices:write' },
      schema: { tags, body: invoiceCreateSchema, response: { 201: invoiceDetailSchema } },
      handler: async (request, reply) =>
        reply.status(201).send(await createInvoice(db, auditContext(request), request.body)),
    });
    app.put(`${base}/:id`, {
      config: { permission: 'invoices:write' },
      schema: { tags, params: idParams, body: invoiceUpdateSchema, response: invoiceResponse },
      handler: (request) =>
        updateInvoice(db, auditContext(request), request.params.id, request.body),
    });
    app.delete(`${base}/:id`, {
      config: { permission: 'invoices:delete' },
      schema: { tags, params: idParams },
      handler: async (request, reply) => {
        await deleteInvoice(db, auditContext(request), request.params.id);
        return reply.status(204).send();
      },
    });
    app.post(`${base}/:id/issue`, {
      config: { permission: 'invoices:issue' },
      schema: { tags, params: idParams, response: invoiceResponse },
      handler: (request) =>
        issueInvoice(db, auditContext(request), request.params.id, certificateKey),
    });
    app.post(`${base}/:id/cancel`, {
      config: { permission: 'invoices:cancel' },
      schema: { tags, params: idParams, body: invoiceCancelSchema, response: invoiceResponse },
      handler: (request) =>
        cancelInvoice(
          db,
          auditContext(request),
          request.params.id,
          request.body,
          onOrderInvoiceCancelled,
        ),
    });
  };
}
