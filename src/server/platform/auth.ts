import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserToken } from '../../shared/resources/account.js';
import { isPermission, type Permission } from '../../shared/permissions.js';
import type { Db } from '../db/connection.js';
import { ForbiddenError, UnauthorizedError } from './errors.js';
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
 * checked against the user as the database has it now, so deactivating a user or changing a
 * role takes effect on the next request.
 */
export function registerAuth(app: FastifyInstance, db: Db, tokens: TokenService) {
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
    request.user = await authenticate(request, db, tokens);
    const needed = config.permission;
    if (needed !== 'signed-in' && !request.user.permissions.includes(needed)) {
      throw new ForbiddenError();
    }
  });
}

async function authenticate(request: FastifyRequest, db: Db, tokens: TokenService) {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  const userId = token ? await tokens.verify(token) : null;
  if (!userId) throw new UnauthorizedError();
  const user = await loadUserToken(db, userId);
  if (!user) throw new UnauthorizedError();
  return user;
}

/** The signed-in user as the browser keeps it; null when missing or inactive. */
export async function loadUserToken(db: Db, userId: number): Promise<UserToken | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'roles.name as roleName',
      'roles.permissions',
    ])
    .where('users.id', '=', userId)
    .where('users.active', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, permissions: row.permissions.filter(isPermission) };
}

/** The signed-in user of a route that requires one. */
export function currentUser(request: FastifyRequest): UserToken {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
