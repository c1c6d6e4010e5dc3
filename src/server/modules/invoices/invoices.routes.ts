import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invoiceArchiveQuerySchema,
  invoiceCancelSchema,
  invoiceCorrectionSchema,
  invoiceCreateSchema,
  invoiceDetailSchema,
  invoiceEventListSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceUpdateSchema,
} from '../../../shared/resources/invoices.js';
import type { Db } from '../../db/connection.js';
import { replyWithFile } from '../../platform/file-reply.js';
import { auditContext } from '../../platform/request-context.js';
import { idParams } from '../../platform/route-schemas.js';
import { cancelInvoice } from './cancel-invoice.js';
import { correctInvoice } from './correct-invoice.js';
import type { InvoiceIssuing } from './invoice-issuing.js';
import { invoiceDanfe, invoiceEventXml, invoiceXml, invoiceXmlArchive } from './invoice-files.js';
import { getInvoice, listInvoiceEvents, listInvoices } from './invoices.read.js';
import { issueInvoice } from './issue-invoice.js';
import { queryInvoice } from './query-invoice.js';
import { transmitInvoice } from './transmit-invoice.js';
import { createInvoice, deleteInvoice, updateInvoice } from './save-invoice.js';

/**
 * Notas Fiscais (`/invoices`): the list (filters, optional totals), an invoice with its lines,
 * taxes, bills and movements; the DRAFT's create, edit and delete; "Emitir" and "Cancelar", each
 * with its own permission; "Transmitir", "Consultar" and "Carta de correção" (SEFAZ, under
 * invoices:issue) and the exchanges with SEFAZ; the XML (the nfeProc once authorised), the DANFE and the period's archive.
 */
export function invoicesRoutes(db: Db, issuing: InvoiceIssuing): FastifyPluginAsyncZod {
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
        summary: 'O XML da NF-e: o nfeProc (NF-e + protocolo) se autorizada, senão o assinado',
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
      handler: (request) => issueInvoice(db, auditContext(request), request.params.id, issuing),
    });
    app.post(`${base}/:id/transmit`, {
      config: { permission: 'invoices:issue' },
      schema: {
        tags,
        summary: 'Transmite à SEFAZ, com o mesmo número, uma nota rejeitada ou não enviada',
        params: idParams,
        response: invoiceResponse,
      },
      handler: (request) => transmitInvoice(db, auditContext(request), request.params.id, issuing),
    });
    app.post(`${base}/:id/query`, {
      config: { permission: 'invoices:issue' },
      schema: {
        tags,
        summary: 'Consulta na SEFAZ a situação de uma nota pendente (pela chave de acesso)',
        params: idParams,
        response: invoiceResponse,
      },
      handler: (request) => queryInvoice(db, auditContext(request), request.params.id, issuing),
    });
    app.get(`${base}/:id/events`, {
      config: { permission: 'invoices:read' },
      schema: {
        tags,
        summary: 'As trocas com a SEFAZ (autorização, consultas, eventos), com seus XMLs',
        params: idParams,
        response: { 200: invoiceEventListSchema },
      },
      handler: (request) => listInvoiceEvents(db, request.params.id),
    });
    app.get(`${base}/:id/events/:eventId/xml`, {
      config: { permission: 'invoices:read' },
      schema: {
        tags,
        summary:
          'O procEventoNFe (evento assinado + retorno da SEFAZ) de um cancelamento ou carta de correção registrado',
        params: idParams.extend({ eventId: idParams.shape.id }),
        response: { 200: z.any().describe('application/xml') },
      },
      handler: async (request, reply) =>
        replyWithFile(reply, await invoiceEventXml(db, request.params.id, request.params.eventId)),
    });
    app.post(`${base}/:id/correction`, {
      config: { permission: 'invoices:issue' },
      schema: {
        tags,
        summary: 'Carta de correção (evento 110110) de uma nota autorizada e não cancelada',
        params: idParams,
        body: invoiceCorrectionSchema,
        response: invoiceResponse,
      },
      handler: (request) =>
        correctInvoice(db, auditContext(request), request.params.id, request.body, issuing),
    });
    app.post(`${base}/:id/cancel`, {
      config: { permission: 'invoices:cancel' },
      schema: {
        tags,
        summary:
          'Cancela a nota; se autorizada, pelo evento de cancelamento na SEFAZ (só se registrado)',
        params: idParams,
        body: invoiceCancelSchema,
        response: invoiceResponse,
      },
      handler: (request) =>
        cancelInvoice(db, auditContext(request), request.params.id, request.body, issuing),
    });
  };
}
