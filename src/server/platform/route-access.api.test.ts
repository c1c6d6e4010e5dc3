import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/error-codes.js';
import { buildApp } from '../app.js';
import { resolveJwtSecret } from './tokens.js';
import { useTestApi } from '../testing/api-app.js';
import type { RouteAccess } from './auth.js';

/**
 * The whole route table, walked as an attacker would: every protected route through its plain
 * path and the spellings a router decodes or a proxy normalises, with no token and with a token
 * whose role lacks the route's permission; and every write without the CSRF header, as the
 * `text/plain` body a cross-site form can send. Over real HTTP, so that the path reaches the
 * server byte for byte as written here.
 */
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabril-route-access-'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Fabril</title>');
const api = useTestApi({ webDir });
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));

const CSRF = 'route-access-csrf';
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
let port: number;
let noPermissionToken: string;
let adminToken: string;

beforeAll(async () => {
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  port = (api.app.server.address() as { port: number }).port;
  adminToken = await api.adminToken();
  const role = await api.request({
    method: 'POST',
    url: '/api/v1/roles',
    token: adminToken,
    payload: { name: 'Sem permissões', permissions: [] },
  });
  expect(role.statusCode).toBe(201);
  const user = await api.request({
    method: 'POST',
    url: '/api/v1/users',
    token: adminToken,
    payload: {
      name: 'Ninguém',
      email: 'ninguem@fabril.test',
      roleId: role.json().id,
      password: 'senha-segura-1',
    },
  });
  expect(user.statusCode).toBe(201);
  noPermissionToken = await api.login('ninguem@fabril.test', 'senha-segura-1');
});
afterAll(() => agent.destroy());

/** The spellings of one API path (`rest` is what follows `/api/v1/`). */
function pathVariants(rest: string): string[] {
  return [
    `/api/v1/${rest}`,
    `/%61pi/v1/${rest}`,
    `/api/v%31/${rest}`,
    `/%2561pi/v1/${rest}`,
    `/API/v1/${rest}`,
    `//api/v1/${rest}`,
    `/api/v1/./${rest}`,
    `/api/v1/x/../${rest}`,
    `/api/v1/${rest}%2f`,
    `/api/v1/${rest}/`,
  ];
}

interface Answer {
  status: number;
  body: string;
}

function send(
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', reject);
    if (body !== undefined) request.setHeader('content-length', Buffer.byteLength(body));
    else request.removeHeader('content-type');
    request.end(body);
  });
}

/** A JSON body where the method carries one (a DELETE carries none, as the SPA sends it). */
const bodyOf = (method: string) => (['POST', 'PUT', 'PATCH'].includes(method) ? '{}' : undefined);

interface ProtectedRoute {
  method: string;
  url: string;
  permission: string;
}

/** Every (method, path) with a permission, one row per method; the params filled in with 1. */
function protectedRoutes(): ProtectedRoute[] {
  const seen = new Set<string>();
  const routes: ProtectedRoute[] = [];
  for (const route of api.app.routeAccess as RouteAccess[]) {
    if (route.config?.public) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      routes.push({ method, url: route.url, permission: String(route.config?.permission) });
    }
  }
  return routes;
}

const filled = (url: string) =>
  url
    .replace(/^\/api\/v1\/?/, '')
    .replace(/:[A-Za-z]+/g, '1')
    .replace(/\*/g, 'x');

/**
 * Sends every route through every spelling of its path, as the SPA would (CSRF cookie and
 * header, a JSON body on writes) plus `headers`; answers what came back other than `expected`.
 */
async function walk(
  routes: ProtectedRoute[],
  expected: number[],
  tally: keyof typeof sent,
  headers: Record<string, string> = {},
): Promise<string[]> {
  const failures: string[] = [];
  for (const route of routes) {
    for (const variant of pathVariants(filled(route.url))) {
      const answer = await send(
        route.method,
        variant,
        {
          cookie: `XSRF-TOKEN=${CSRF}`,
          'x-xsrf-token': CSRF,
          'content-type': 'application/json',
          ...headers,
        },
        bodyOf(route.method),
      );
      sent[tally] += 1;
      if (!expected.includes(answer.status)) {
        failures.push(`${route.method} ${variant} → ${answer.status} ${answer.body.slice(0, 120)}`);
      }
    }
  }
  return failures;
}

/** How many requests each check sent, for the closing figures. */
const sent = { anonymous: 0, withoutPermission: 0, withoutCsrf: 0 };

describe('access is decided by the matched route', () => {
  it('declares public or a permission on every route, and the API is nearly all protected', () => {
    const routes = api.app.routeAccess as RouteAccess[];
    expect(routes.length).toBeGreaterThan(150);
    for (const route of routes) {
      expect(
        route.config?.public === true || typeof route.config?.permission === 'string',
        `${String(route.method)} ${route.url}`,
      ).toBe(true);
    }
    const publicApi = routes
      .filter((route) => route.config?.public && route.url.startsWith('/api/'))
      .map((route) => `${String(route.method)} ${route.url}`);
    expect(publicApi.sort()).toEqual([
      'GET /api/v1/health',
      'HEAD /api/v1/health',
      'POST /api/v1/account/login',
    ]);
  });

  it('answers 401 or 404, never 2xx, to every protected route without a token, however spelt', async () => {
    const before = await auditCount();
    const failures = await walk(protectedRoutes(), [401, 404], 'anonymous');
    expect(failures).toEqual([]);
    // Nothing was written, by nobody.
    expect(await auditCount()).toBe(before);
  });

  it('answers 403 or 404, never 2xx, to a user whose role lacks the permission, however spelt', async () => {
    const before = await auditCount();
    const needPermission = protectedRoutes().filter((route) => route.permission !== 'signed-in');
    const failures = await walk(needPermission, [403, 404], 'withoutPermission', {
      authorization: `Bearer ${noPermissionToken}`,
    });
    expect(failures).toEqual([]);
    expect(await auditCount()).toBe(before);
  });

  it('refuses every write without the CSRF header with 403, as a cross-site text/plain form sends it', async () => {
    const before = await auditCount();
    const writes = [
      ...protectedRoutes().filter((route) => !['GET', 'HEAD'].includes(route.method)),
      { method: 'POST', url: '/api/v1/account/login', permission: 'public' },
    ];
    expect(writes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const route of writes) {
      for (const variant of pathVariants(filled(route.url))) {
        const answer = await send(
          route.method,
          variant,
          {
            cookie: `XSRF-TOKEN=${CSRF}`,
            authorization: `Bearer ${adminToken}`,
            'content-type': 'text/plain',
          },
          'email=admin@fabril.test&password=x',
        );
        sent.withoutCsrf += 1;
        const code = answer.status === 403 ? JSON.parse(answer.body).error.code : null;
        if (code !== ErrorCode.CSRF)
          failures.push(
            `${route.method} ${variant} → ${answer.status} ${answer.body.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(await auditCount()).toBe(before);
    console.info(
      `route table: ${protectedRoutes().length} protected (method, path) pairs × ` +
        `${pathVariants('x').length} spellings; requests sent: ${JSON.stringify(sent)}`,
    );
  });

  it('serves the SPA’s page for app paths, but JSON 404 for an unknown API path however spelt', async () => {
    expect((await send('GET', '/clients', {})).status).toBe(200);
    for (const variant of pathVariants('nao-existe')) {
      const answer = await send('GET', variant, {});
      expect(answer.status, variant).toBe(404);
      expect(JSON.parse(answer.body).error.code, variant).toBe(ErrorCode.ROUTE_NOT_FOUND);
    }
  });

  it('refuses an audit entry of a request without a user, in the database itself', async () => {
    await expect(
      sql`INSERT INTO audit_log (entity, entity_id, action, changes, request_id)
          VALUES ('clients', '1', 'delete', '{}', 'req-1')`.execute(api.db),
    ).rejects.toThrow(/audit_log_request_has_user/);
    const anonymous = await api.db
      .selectFrom('auditLog')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('userId', 'is', null)
      .where('requestId', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(anonymous.count)).toBe(0);
  });
});

describe('default deny at boot', () => {
  it('does not start with a route that declares neither public nor a permission', async () => {
    for (const url of ['/api/v1/esquecida', '/fora-da-api']) {
      const app = await buildApp({
        db: api.db,
        databaseUrl: api.url,
        jwtSecret: await resolveJwtSecret(api.db, undefined),
        certificateKey: api.certificateKey,
        logLevel: 'silent',
      });
      try {
        app.get(url, async () => ({ ok: true }));
        await expect(app.ready()).rejects.toThrow(/declare neither public nor permission.*/);
      } finally {
        await app.close().catch(() => undefined);
      }
    }
  });
});

async function auditCount(): Promise<number> {
  const row = await api.db
    .selectFrom('auditLog')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
