import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NFE_CONTINGENCY_PATH,
  nfeContingencyInputSchema,
  nfeContingencySchema,
} from '../../../shared/resources/nfe-contingency.js';
import type { Db } from '../../db/connection.js';
import { auditContext } from '../../platform/request-context.js';
import { enterContingency, getContingency, leaveContingency } from './contingency.js';
import type { InvoiceIssuing } from './invoice-issuing.js';

/**
 * `/nfe/contingency`: the company's NF-e contingency mode (invoices:read), turned on with a reason
 * and off again by whoever issues (invoices:issue). contingency.ts says when each is allowed.
 */
export function contingencyRoutes(db: Db, issuing: InvoiceIssuing): FastifyPluginAsyncZod {
  const path = `/${NFE_CONTINGENCY_PATH}`;
  const tags = ['nfe'];
  const response = { 200: nfeContingencySchema };
  return async (app) => {
    app.get(path, {
      config: { permission: 'invoices:read' },
      schema: { tags, response },
      handler: () => getContingency(db),
    });
    app.put(path, {
      config: { permission: 'invoices:issue' },
      schema: {
        tags,
        summary: 'Entra em contingência SVC (SVC-AN ou SVC-RS, conforme a UF)',
        body: nfeContingencyInputSchema,
        response,
      },
      handler: (request) => enterContingency(db, auditContext(request), request.body, issuing),
    });
    app.delete(path, {
      config: { permission: 'invoices:issue' },
      schema: { tags, summary: 'Volta à emissão normal', response },
      handler: (request) => leaveContingency(db, auditContext(request)),
    });
  };
}
