import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import '../shared/zod-messages.js';
import type { Db } from './db/connection.js';
import { loggerOptions, type LogFormat } from './logging.js';
import { accountRoutes } from './modules/account/index.js';
import { auditRoutes } from './modules/audit/index.js';
import { companyRoutes, companySigningCertificate, getCompany } from './modules/company/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { billsRoutes, ledgerRoutes } from './modules/finance/index.js';
import { healthRoutes } from './modules/health/index.js';
import { itemsRoutes } from './modules/items/index.js';
import { masterDataRoutes } from './modules/master-data/index.js';
import { municipalitiesRoutes } from './modules/municipalities/index.js';
import {
  contingencyRoutes,
  invoicesRoutes,
  voidNumbersRoutes,
  type InvoiceIssuing,
} from './modules/invoices/index.js';
import {
  DEFAULT_SEFAZ_SETTINGS,
  nfeRoutes,
  type SefazIssuerSource,
  type SefazSettings,
} from './modules/nfe/index.js';
import {
  reopenForCancelledInvoice,
  requestedOrdersRoutes,
} from './modules/requested-orders/index.js';
import { purchaseOrdersRoutes } from './modules/purchase-orders/index.js';
import { productionOrdersRoutes } from './modules/production-orders/index.js';
import { rolesRoutes } from './modules/roles/index.js';
import { stockItemsRoutes } from './modules/stock-items/index.js';
import { stockMovementsRoutes } from './modules/stock-movements/index.js';
import { usersRoutes } from './modules/users/index.js';
import { searchRoutes } from './modules/search/index.js';
import { declareAccess, registerAuth } from './platform/auth.js';
import { registerCsrf } from './platform/csrf.js';
import { onFrameworkError, registerErrorHandler } from './platform/error-handler.js';
import { clientErrorHandler } from './platform/framework-errors.js';
import { registerIdempotency } from './platform/idempotency.js';
import { registerNulGuard } from './platform/nul-guard.js';
import { createSignedInUsers } from './platform/signed-in-users.js';
import { createTokenService } from './platform/tokens.js';
import { APP_VERSION } from './version.js';

export interface AppOptions {
  db: Db;
  /** The same database's URL, for the connection that listens to access changes. */
  databaseUrl: string;
  jwtSecret: string;
  logLevel?: string;
  /** One short line per request (the default) or pino's JSON (see logging.ts). */
  logFormat?: LogFormat;
  /** The built SPA; absent in API tests. */
  webDir?: string;
  /** How long a sign-in lasts (SESSION_HOURS); 12 by default. */
  sessionHours?: number;
  /** Fastify's `trustProxy` (TRUST_PROXY): whose X-Forwarded-* headers to believe. */
  trustProxy?: boolean | string;
  /** `/api/v1/docs` without signing in (API_DOCS_PUBLIC=1). */
  apiDocsPublic?: boolean;
  /** How long a keyed POST's repeat waits for the first to answer (15 s; tests shorten it). */
  idempotencyWaitMs?: number;
  /** The AES-256 key that seals the company's A1 certificate (certificate-key.ts). */
  certificateKey: Buffer;
  /** How SEFAZ is reached (NFE_SEFAZ_URL, NFE_CA_FILE, NFE_TIMEOUT_S); the authorisers by default. */
  sefaz?: SefazSettings;
  /** The pause between NFeRetAutorizacao4 polls of an asynchronous batch (1 s; tests shorten it). */
  sefazPollDelayMs?: number;
  /** Where log lines go: standard output, unless a test reads them. */
  logDestination?: { write: (text: string) => unknown };
}

/** The whole server, used by `npm start` and by the tests through `app.inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(
      options.logLevel ?? 'info',
      options.logFormat ?? 'line',
      options.logDestination,
    ),
    genReqId: () => randomUUID(),
    // The client's address (login throttle) and protocol (Secure cookies, HSTS) from a proxy's
    // X-Forwarded-* headers only when the operator says the proxy is there.
    trustProxy: options.trustProxy ?? false,
    // Refusals before routing (bad URL, request line or headers) in the API's error shape too.
    frameworkErrors: onFrameworkError,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  // The id every log line and error body carries, also on the response for support calls.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design injects its CSS-in-JS styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // One frame policy: CSP's frame-ancestors above, not also X-Frame-Options.
    frameguard: false,
    // HSTS means something only on HTTPS: sent below, when the request came over it.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
  const webDir =
    options.webDir && fs.existsSync(path.join(options.webDir, 'index.html'))
      ? options.webDir
      : undefined;
  registerErrorHandler(app, webDir ? sendSpaIndex : undefined);
  registerNulGuard(app);
  registerCsrf(app);
  const tokens = createTokenService(options.jwtSecret);
  const signedInUsers = await createSignedInUsers(options.db, options.databaseUrl, {
    warn: (message) => app.log.warn(message),
  });
  // Before the HTTP server waits for its last requests, so that nothing reconnects while stopping.
  app.addHook('preClose', () => signedInUsers.close());
  registerAuth(app, signedInUsers, tokens);
  // After authentication: a key belongs to the signed-in user (platform/idempotency.ts).
  registerIdempotency(app, options.db, { waitMs: options.idempotencyWaitMs });
  if (webDir) await registerStaticAssets(app, webDir);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Fabril API', version: APP_VERSION },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    declareAccess(docs, options.apiDocsPublic ? { public: true } : { permission: 'signed-in' });
    await docs.register(swaggerUi, { routePrefix: '/api/v1/docs', staticCSP: true });
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(options.db));
      await api.register(accountRoutes(options.db, tokens, options.sessionHours ?? 12));
      await api.register(companyRoutes(options.db, options.certificateKey));
      await api.register(dashboardRoutes(options.db));
      await api.register(auditRoutes(options.db));
      await api.register(rolesRoutes(options.db));
      await api.register(usersRoutes(options.db));
      await api.register(masterDataRoutes(options.db));
      await api.register(municipalitiesRoutes(options.db));
      await api.register(itemsRoutes(options.db));
      await api.register(stockMovementsRoutes(options.db));
      await api.register(stockItemsRoutes(options.db));
      await api.register(billsRoutes(options.db));
      await api.register(ledgerRoutes(options.db));
      await api.register(purchaseOrdersRoutes(options.db));
      await api.register(productionOrdersRoutes(options.db));
      const issuing: InvoiceIssuing = {
        certificateKey: options.certificateKey,
        sefaz: options.sefaz ?? DEFAULT_SEFAZ_SETTINGS,
        onOrderInvoiceVoided: reopenForCancelledInvoice,
        pollDelayMs: options.sefazPollDelayMs,
      };
      await api.register(invoicesRoutes(options.db, issuing));
      await api.register(contingencyRoutes(options.db, issuing));
      await api.register(requestedOrdersRoutes(options.db, issuing));
      await api.register(searchRoutes(options.db));
      await api.register(
        voidNumbersRoutes(
          options.db,
          options.certificateKey,
          options.sefaz ?? DEFAULT_SEFAZ_SETTINGS,
        ),
      );
      await api.register(
        nfeRoutes(
          options.db,
          options.sefaz ?? DEFAULT_SEFAZ_SETTINGS,
          sefazIssuer(options.certificateKey),
        ),
      );
    },
    { prefix: '/api/v1' },
  );

  return app;
}

/** The company as SEFAZ sees it: the UF of its address, its environment, its A1. */
function sefazIssuer(certificateKey: Buffer): SefazIssuerSource {
  return async (db) => {
    const company = await getCompany(db);
    return {
      uf: company.address.state,
      environment: company.nfeEnvironment,
      certificate: await companySigningCertificate(db, certificateKey),
    };
  };
}

/**
 * The built SPA: hashed assets pre-compressed (brotli, gzip) with immutable cache headers;
 * every other non-API path answers index.html, which is never cached, so a new build shows up.
 * Registered twice: at the root only for `reply.sendFile` (the not-found handler's index.html),
 * and in a scope of its own for the files' routes, which that scope declares public.
 */
async function registerStaticAssets(app: FastifyInstance, webDir: string) {
  await app.register(fastifyStatic, { ...staticOptions(webDir), serve: false });
  await app.register(async (assets) => {
    declareAccess(assets, { public: true });
    await assets.register(fastifyStatic, { ...staticOptions(webDir), decorateReply: false });
  });
}

function staticOptions(webDir: string): FastifyStaticOptions {
  return {
    root: webDir,
    preCompressed: true,
    // Our own headers below, not the library's `max-age=0`.
    cacheControl: false,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      res.setHeader(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  };
}

function sendSpaIndex(_request: FastifyRequest, reply: FastifyReply) {
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
}
