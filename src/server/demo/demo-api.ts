import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/connection.js';
import { createSession, endSession } from '../platform/sessions.js';
import { createTokenService } from '../platform/tokens.js';

/**
 * The demo's way into the product: requests to the app's own routes (app.inject, no socket), as
 * the administrator's signed-in browser sends them — bearer token, CSRF cookie and header — so
 * every permission, validation and rule of the screens applies. The session is opened in-process
 * (the demo does not know the administrator's password when the database already had one) and
 * ended when the demo is done.
 */
const CSRF = 'demo-csrf-token';
const BASE = '/api/v1';

/** A request the demo expected to succeed did not: the route, the status and the answer. */
export class DemoRequestError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly statusCode: number,
    readonly body: string,
  ) {
    super(`${method} ${url}: ${statusCode} ${body.slice(0, 2000)}`);
  }
  /** The API's error code (`code` of the error body), when it has one. */
  get code(): string | undefined {
    try {
      return (JSON.parse(this.body) as { error?: { code?: string } }).error?.code;
    } catch {
      return undefined;
    }
  }
}

export interface DemoApi {
  get: <T = unknown>(path: string) => Promise<T>;
  post: <T = unknown>(path: string, payload?: unknown) => Promise<T>;
  put: <T = unknown>(path: string, payload: unknown) => Promise<T>;
  /** Any request (multipart), answered as it came. */
  raw: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

export async function openDemoApi(
  app: FastifyInstance,
  db: Db,
  options: { userId: number; jwtSecret: string },
): Promise<DemoApi> {
  const session = await createSession(db, options.userId, 24);
  const token = await createTokenService(options.jwtSecret).sign(session.id, session.expiresAt);
  const headers = {
    cookie: `XSRF-TOKEN=${CSRF}`,
    'x-xsrf-token': CSRF,
    authorization: `Bearer ${token}`,
  };
  const raw = (request: InjectOptions): Promise<LightMyRequestResponse> =>
    app.inject({ ...request, headers: { ...headers, ...request.headers } });
  const send = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) => {
    const url = `${BASE}${path}`;
    const response = await raw({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    if (response.statusCode >= 300) {
      throw new DemoRequestError(method, url, response.statusCode, response.body);
    }
    return (response.body ? response.json() : undefined) as T;
  };
  return {
    get: (path) => send('GET', path),
    post: (path, payload) => send('POST', path, payload),
    put: (path, payload) => send('PUT', path, payload),
    raw,
    close: () => endSession(db, session.id),
  };
}
