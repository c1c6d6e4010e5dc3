import type { FastifyRequest } from 'fastify';
import type { AuditContext } from './audit.js';
import { currentUser } from './auth.js';

/**
 * Who is acting, for the audit log and the bookkeeping columns: always the signed-in user (401
 * without one), so no request can write anonymously.
 */
export function auditContext(request: FastifyRequest): AuditContext {
  return {
    userId: currentUser(request).id,
    requestId: request.id,
    sessionId: request.sessionId ?? undefined,
  };
}

/** A row with its dates as ISO strings: `Date | null` becomes `string | null`. */
export type IsoDates<T> = {
  [K in keyof T]: Date extends T[K] ? Exclude<T[K], Date> | string : T[K];
};

/** Dates become ISO strings in the API. */
export function isoDates<T extends Record<string, unknown>>(row: T): IsoDates<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out as IsoDates<T>;
}
