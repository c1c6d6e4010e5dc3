import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserToken } from '../../shared/resources/account.js';
import type { Permission } from '../../shared/permissions.js';
import { ForbiddenError, UnauthorizedError } from './errors.js';
import type { SignedInUsers } from './signed-in-users.js';
import type { TokenService } from './tokens.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without signing in (login, health, the SPA's files). */
    public?: boolean;
    /** The permission the route needs; `'signed-in'` for the user's own account. */
    permission?: Permission | 'signed-in';
  }
  interface FastifyRequest {
    user: UserToken | null;
    /** The session the request's token names, once authenticated. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Every route with what it declares about access, for the boot check and its tests. */
    routeAccess: RouteAccess[];
  }
}

export type RoutePermission = Permission | 'signed-in';

export interface RouteAccess {
  method: string | string[];
  url: string;
  config?: { public?: boolean; permission?: RoutePermission };
}

/**
 * Authentication and authorisation are decided by the route the router matched, never by the
 * URL's text: the router decodes `/%61pi/v1/users` into `/api/v1/users`, so a check on the raw
 * URL would let it through. Every route, wherever it is registered, declares that it is public or
 * the permission it needs; one that declares neither stops the server from starting (checked when
 * the app gets ready) and, should one ever be served, is refused (default deny). A request the
 * router matched to no route reaches only the not-found handler (JSON 404, or the SPA's page).
 *
 * Each request is checked against its session and user as the database has them now (kept in
 * memory while unchanged, see signed-in-users.ts), so signing out, a new password, deactivating a
 * user or changing a role takes effect on the next request.
 */
export function registerAuth(app: FastifyInstance, users: SignedInUsers, tokens: TokenService) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  const routes: RouteAccess[] = [];
  app.decorate('routeAccess', routes);

  // Kept by reference: a plugin's own onRoute hook (declareAccess) may still fill the config in.
  app.addHook('onRoute', (route) => {
    routes.push(route as RouteAccess);
  });
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((route) => !declares(route.config));
    if (undeclared.length > 0) {
      const names = undeclared.map((route) => `${String(route.method)} ${route.url}`);
      throw new Error(`Routes that declare neither public nor permission: ${names.join(', ')}`);
    }
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (config.public === true) return;
    if (!config.permission) throw new ForbiddenError();
    const session = await authenticate(request, users, tokens);
    request.user = session.user;
    request.sessionId = session.sessionId;
    const needed = config.permission;
    if (needed !== 'signed-in' && !request.user.permissions.includes(needed)) {
      throw new ForbiddenError();
    }
  });

  // A write to users, roles or sessions (or to one's own account) has committed by the time its
  // response is sent: this process forgets the users it keeps right then, so the very next
  // request sees the change; other processes learn of it from PostgreSQL's notification.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && changesAccess(request.routeOptions.config.permission)) {
      users.forget();
    }
    return payload;
  });
}

/**
 * For routes that a library registers (static files, the API docs) and that cannot be given a
 * config: every route registered in `scope` (an encapsulated plugin) gets this access.
 */
export function declareAccess(
  scope: FastifyInstance,
  access: { public: true } | { permission: RoutePermission },
) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, ...access };
  });
}

function declares(config: RouteAccess['config']) {
  return config?.public === true || typeof config?.permission === 'string';
}

function changesAccess(permission: RoutePermission | undefined) {
  return (
    permission === 'signed-in' ||
    permission?.startsWith('users:') === true ||
    permission?.startsWith('roles:') === true
  );
}

async function authenticate(request: FastifyRequest, users: SignedInUsers, tokens: TokenService) {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  const sessionId = token ? await tokens.verify(token) : null;
  if (!sessionId) throw new UnauthorizedError();
  const user = await users.load(sessionId);
  if (!user) throw new UnauthorizedError();
  return { user, sessionId };
}

/** The session of a route that requires a signed-in user. */
export function currentSessionId(request: FastifyRequest): string {
  if (!request.sessionId) throw new UnauthorizedError();
  return request.sessionId;
}

/** The signed-in user of a route that requires one. */
export function currentUser(request: FastifyRequest): UserToken {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
