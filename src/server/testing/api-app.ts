import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type AppOptions } from '../app.js';
import { createDb, type Db } from '../db/connection.js';
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
}

/** The app on a fresh copy of the migrated database, for one test file. */
export function useTestApi(
  options: Pick<
    AppOptions,
    'webDir' | 'sessionHours' | 'trustProxy' | 'apiDocsPublic' | 'idempotencyWaitMs' | 'sefaz'
  > = {},
): TestApi {
  const state = {} as { app: FastifyInstance; db: Db; url: string; adminToken?: string };
  const certificateKey = randomBytes(32);

  beforeAll(async () => {
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
      ...options,
    });
    await state.app.ready();
  });

  afterAll(async () => {
    await state.app?.close();
    await state.db?.destroy();
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
  };
  return api;
}
