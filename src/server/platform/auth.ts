import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserToken } from '../../shared/resources/account.js';
import type { Permission } from '../../shared/permissions.js';
import { ForbiddenError, UnauthorizedError } from './errors.js';
import type { SignedInUsers } from './signed-in-users.js';
import type { TokenService } from './tokens.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without signing in (login, health). */
    public?: boolean;
    /** The permission the route needs; `'signed-in'` for the user's own account. */
    permission?: Permission | 'signed-in';
  }
  interface FastifyRequest {
    user: UserToken | null;
  }
}

export type RoutePermission = Permission | 'signed-in';

/**
 * Auth is applied once to all of /api/v1: every route there must say whether it is public or
 * which permission it needs (a route that says neither fails at start-up), and every request is
 * checked against the user as the database has it now (kept in memory while unchanged, see
 * signed-in-users.ts), so deactivating a user or changing a role takes effect on the next request.
 */
export function registerAuth(app: FastifyInstance, users: SignedInUsers, tokens: TokenService) {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1') || route.url.startsWith('/api/v1/docs')) return;
    const config = route.config as { public?: boolean; permission?: string } | undefined;
    if (!config?.public && !config?.permission) {
      throw new Error(`Route ${route.method} ${route.url} declares neither public nor permission`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.url.startsWith('/api/v1') || config.public || !config.permission) return;
    request.user = await authenticate(request, users, tokens);
    const needed = config.permission;
    if (needed !== 'signed-in' && !request.user.permissions.includes(needed)) {
      throw new ForbiddenError();
    }
  });

  // A write to users or roles (or to one's own account) has committed by the time its response
  // is sent: this process forgets the users it keeps right then, so the very next request sees
  // the change; other processes learn of it from PostgreSQL's notification.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && changesAccess(request.routeOptions.config.permission)) {
      users.forget();
    }
    return payload;
  });
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
  const userId = token ? await tokens.verify(token) : null;
  if (!userId) throw new UnauthorizedError();
  const user = await users.load(userId);
  if (!user) throw new UnauthorizedError();
  return user;
}

/** The signed-in user of a route that requires one. */
export function currentUser(request: FastifyRequest): UserToken {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
