import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type AppOptions } from '../app.js';
import { createDb, type Db } from '../db/connection.js';
import type { SefazSettings } from '../modules/nfe/index.js';
import { startSefazDouble, type SefazDouble } from '../modules/nfe/testing/sefaz-double.js';
import { testClientCa } from '../modules/nfe/testing/sefaz-test-ca.js';
import { resolveJwtSecret } from '../platform/tokens.js';
import { createTestDatabase, TEST_ADMIN } from './test-database.js';

const CSRF = 'test-csrf-token';

export interface TestApi {
  app: FastifyInstance;
  db: Db;
  /** The test database's URL (another server process on the same database). */
  url: string;
  /** A request as the SPA sends it: CSRF cookie and header, and the token when given. */
  request: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  login: (email?: string, password?: string) => Promise<string>;
  adminToken: () => Promise<string>;
  /** The key this app seals the A1 certificate with (a random one per test file). */
  certificateKey: Buffer;
  /**
   * The SEFAZ double the app talks to (unless the test gave its own `sefaz` settings): HTTPS with
   * mutual TLS, accepting A1 certificates of `testClientCa()`; script its answers with `reply`.
   */
  sefaz: SefazDouble;
  /** The app's SEFAZ settings (the double's URL and CA); a test may shorten the time-out. */
  sefazSettings: SefazSettings;
}

/** The app on a fresh copy of the migrated database, for one test file. */
export function useTestApi(
  options: Pick<
    AppOptions,
    'webDir' | 'sessionHours' | 'trustProxy' | 'apiDocsPublic' | 'idempotencyWaitMs' | 'sefaz'
  > = {},
): TestApi {
  const state = {} as {
    app: FastifyInstance;
    db: Db;
    url: string;
    adminToken?: string;
    double?: SefazDouble;
  };
  const certificateKey = randomBytes(32);
  const sefazSettings: SefazSettings = options.sefaz ?? { timeoutSeconds: 10 };

  beforeAll(async () => {
    // Every invoice issued in a test goes to SEFAZ: by default a double on 127.0.0.1.
    if (!options.sefaz) {
      state.double = await startSefazDouble({ clientCa: testClientCa() });
      sefazSettings.serviceUrl = state.double.url;
      sefazSettings.extraCaPem = state.double.serverCa.certificatePem;
    }
    const url = await createTestDatabase(
      inject('testDatabaseAdminUrl'),
      inject('testDatabaseTemplate'),
    );
    state.url = url;
    state.db = createDb(url, 5);
    const jwtSecret = await resolveJwtSecret(state.db, undefined);
    state.app = await buildApp({
      db: state.db,
      databaseUrl: url,
      jwtSecret,
      certificateKey,
      logLevel: 'silent',
      sefazPollDelayMs: 50,
      ...options,
      sefaz: sefazSettings,
    });
    await state.app.ready();
  });

  afterAll(async () => {
    await state.app?.close();
    await state.db?.destroy();
    await state.double?.close();
  });

  const api: TestApi = {
    get app() {
      return state.app;
    },
    get db() {
      return state.db;
    },
    get url() {
      return state.url;
    },
    request: ({ token, headers, ...options }) =>
      state.app.inject({
        ...options,
        headers: {
          cookie: `XSRF-TOKEN=${CSRF}`,
          'x-xsrf-token': CSRF,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      }),
    login: async (email = TEST_ADMIN.email, password = TEST_ADMIN.password) => {
      const response = await api.request({
        method: 'POST',
        url: '/api/v1/account/login',
        payload: { email, password },
        remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      } as InjectOptions);
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
      return response.json().accessToken as string;
    },
    adminToken: async () => (state.adminToken ??= await api.login()),
    certificateKey,
    get sefaz() {
      if (!state.double) throw new Error('this test app talks to the SEFAZ its test gave');
      return state.double;
    },
    sefazSettings,
  };
  return api;
}
