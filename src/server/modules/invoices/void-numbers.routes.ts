import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  nfeVoidedListQuerySchema,
  nfeVoidedPageSchema,
  nfeVoidedRangeSchema,
  nfeVoidNumbersSchema,
} from '../../../shared/resources/nfe-voided-numbers.js';
import type { Db } from '../../db/connection.js';
import { auditContext } from '../../platform/request-context.js';
import type { SefazSettings } from '../nfe/index.js';
import { listVoidedNumbers, voidInvoiceNumbers } from './void-numbers.js';

/**
 * Inutilização de numeração (`/nfe/void-numbers`): void a range of a series at SEFAZ
 * (invoices:void, its own permission: a voiding is final and SEFAZ's), and list what was voided
 * (invoices:read).
 */
export function voidNumbersRoutes(
  db: Db,
  certificateKey: Buffer,
  settings: SefazSettings,
): FastifyPluginAsyncZod {
  const base = '/nfe/void-numbers';
  const tags = ['nfe'];
  return async (app) => {
    app.get(base, {
      config: { permission: 'invoices:read' },
      schema: {
        tags,
        querystring: nfeVoidedListQuerySchema,
        response: { 200: nfeVoidedPageSchema },
      },
      handler: (request) => listVoidedNumbers(db, request.query),
    });
    app.post(base, {
      config: { permission: 'invoices:void' },
      schema: {
        tags,
        summary: 'Inutiliza uma faixa de números da série na SEFAZ (NFeInutilizacao4)',
        body: nfeVoidNumbersSchema,
        response: { 201: nfeVoidedRangeSchema },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(
            await voidInvoiceNumbers(
              db,
              auditContext(request),
              request.body,
              certificateKey,
              settings,
            ),
          ),
    });
  };
}
