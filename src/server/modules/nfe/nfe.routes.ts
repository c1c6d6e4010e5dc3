import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode } from '../../../shared/error-codes.js';
import { messages } from '../../../shared/messages.js';
import type { Uf } from '../../../shared/br/states.js';
import type { NfeEnvironment } from '../../../shared/resources/company.js';
import {
  NFE_STATUS_REUSE_SECONDS,
  nfeStatusQuerySchema,
  nfeStatusSchema,
  type NfeStatus,
} from '../../../shared/resources/nfe-status.js';
import type { Db } from '../../db/connection.js';
import { BusinessRuleError } from '../../platform/errors.js';
import type { ClientCertificate, SefazSettings } from './sefaz/sefaz-client.js';
import { createStatusCache, queryServiceStatus, statusView } from './sefaz/service-status.js';

/** What SEFAZ needs of the company: its UF, environment and A1 (the company module has them). */
export interface SefazIssuer {
  uf: Uf | null;
  environment: NfeEnvironment;
  certificate: ClientCertificate | null;
}

/** Given by app.ts: the company module uses this engine, so the engine cannot import it. */
export type SefazIssuerSource = (db: Db) => Promise<SefazIssuer>;

export function nfeRoutes(
  db: Db,
  settings: SefazSettings,
  issuerOf: SefazIssuerSource,
): FastifyPluginAsyncZod {
  const cache = createStatusCache(NFE_STATUS_REUSE_SECONDS * 1000);
  return async (app) => {
    /**
     * NFeStatusServico4 for the company's UF and environment. SEFAZ down or out of reach is an
     * answer (200, online false, the reason in pt-BR): it is SEFAZ's status, not a failure here.
     * Only what the company must fix first (its UF, its certificate) is a 422.
     */
    app.get('/nfe/status', {
      config: { permission: 'invoices:read' },
      schema: {
        tags: ['nfe'],
        querystring: nfeStatusQuerySchema,
        response: { 200: nfeStatusSchema },
      },
      handler: async (request): Promise<NfeStatus> => {
        const { uf, environment, certificate } = await issuerOf(db);
        if (!uf || !certificate) throw sefazNotConfigured(uf, certificate);
        const query = { uf, environment, certificate };
        return cache.get(`${uf}:${environment}`, request.query.refresh ?? false, async () => {
          const outcome = await queryServiceStatus(settings, query);
          return statusView(settings, query, outcome, new Date());
        });
      },
    });
  };
}

/** 422 SEFAZ_NOT_CONFIGURED saying what the company lacks (its UF, its A1, or both). */
export function sefazNotConfigured(uf: Uf | null, certificate: ClientCertificate | null) {
  const message =
    !uf && !certificate
      ? messages.sefaz.noUfNorCertificate
      : !uf
        ? messages.sefaz.noUf
        : messages.sefaz.noCertificate;
  return new BusinessRuleError({ code: ErrorCode.SEFAZ_NOT_CONFIGURED, message });
}
