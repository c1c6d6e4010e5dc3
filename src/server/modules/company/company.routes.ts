import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyOutputSchema, companyUpdateSchema } from '../../../shared/resources/company.js';
import { companyPublicSchema } from '../../../shared/resources/company-public.js';
import type { Db } from '../../db/connection.js';
import { auditContext } from '../../platform/request-context.js';
import { companyCertificateRoutes } from './company-certificate.routes.js';
import { getCompany, getCompanyPublic, updateCompany } from './company.service.js';

export function companyRoutes(db: Db, certificateKey: Buffer): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(companyCertificateRoutes(db, certificateKey));
    app.get('/company', {
      config: { permission: 'company:read' },
      schema: { tags: ['company'], response: { 200: companyOutputSchema } },
      handler: () => getCompany(db),
    });
    // The footer's facts for every signed-in user, whatever the role may read of the company.
    app.get('/company/public', {
      config: { permission: 'signed-in' },
      schema: { tags: ['company'], response: { 200: companyPublicSchema } },
      handler: () => getCompanyPublic(db),
    });
    app.put('/company', {
      config: { permission: 'company:write' },
      schema: {
        tags: ['company'],
        body: companyUpdateSchema,
        response: { 200: companyOutputSchema },
      },
      handler: (request) => updateCompany(db, auditContext(request), request.body),
    });
  };
}
