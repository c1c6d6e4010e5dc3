import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { ErrorCode } from '../../shared/error-codes.js';
import type { ApiErrorBody } from '../../shared/api-error.js';
import { messages } from '../../shared/messages.js';
import { AppError, ValidationError } from './errors.js';
import { frameworkError } from './framework-errors.js';
import { duplicateError } from './unique-violations.js';

/**
 * One place maps every failure to `{ error: { code, message, fields?, requestId } }` in pt-BR:
 * typed service errors, schema validation (400 with per-field messages), PostgreSQL unique and
 * foreign-key violations (409). A 5xx never shows internals; its log line has the request id.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  /** Answers unknown non-API GETs and HEADs (the SPA's index.html); API paths get JSON 404. */
  spaFallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toAppError(error);
    if (known) {
      if (known.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(known.statusCode).send(body(known, request.id));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send(body(new AppError(500, ErrorCode.INTERNAL, messages.errors.internal), request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    // HEAD too, as for every GET route: an uptime monitor's HEAD / must not call the site down.
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (spaFallback && read && !isApiPath(request.url)) {
      return spaFallback(request, reply);
    }
    return reply
      .status(404)
      .send(
        body(
          new AppError(404, ErrorCode.ROUTE_NOT_FOUND, messages.errors.routeNotFound),
          request.id,
        ),
      );
  });
}

/**
 * Whether an unmatched URL is meant for the API, however it is spelt (`/API/v1/x`, `//api/v1/x`,
 * `/%61pi/v1/x`, `/./api/v1/x`): such a URL gets the JSON 404, never the SPA's page with 200.
 */
function isApiPath(url: string): boolean {
  let pathname = url;
  // Decoded until it no longer changes: a proxy in front may decode once more (`/%2561pi`).
  for (let round = 0; round < 5; round++) {
    let next: string;
    try {
      next = decodeURIComponent(new URL(pathname.replace(/^\/+/, '/'), 'http://fabril').pathname);
    } catch {
      return true;
    }
    if (next === pathname) break;
    pathname = next;
  }
  return /^\/+api(\/|$)/i.test(pathname);
}

/**
 * Fastify's `frameworkErrors`: a URL that does not decode or whose parameter is too long is
 * refused before routing, on a request that does not reach the error handler above.
 */
export function onFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const known =
    frameworkError(error) ?? new AppError(500, ErrorCode.INTERNAL, messages.errors.internal);
  if (known.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  return reply
    .header('x-request-id', request.id)
    .status(known.statusCode)
    .send(body(known, request.id));
}

function body(error: AppError, requestId: string): ApiErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error.details ? { details: error.details } : {}),
      requestId,
    },
  };
}

/** Joins a zod issue path the way the web form names fields: `address.zipCode`, `items.2.quantity`. */
export function issuesToFields(issues: { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

function toAppError(error: FastifyError | Error): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new ValidationError(issuesToFields(error.issues));
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const v of error.validation) {
      const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      fields[key] ??= v.message ?? messages.invalid;
    }
    return new ValidationError(fields);
  }
  const pgCode = (error as { code?: string }).code;
  if (pgCode === '23505') return duplicateError((error as { constraint?: string }).constraint);
  // An insert or update pointing at a row that does not exist. Deleting a referenced row never
  // gets here: the delete answers 409 IN_USE itself (platform/in-use.ts), as the SQLSTATE is the
  // same and the message comes in the database server's language.
  if (pgCode === '23503') return new ValidationError({}, messages.errors.missingReference);
  if (pgCode === '22003' || pgCode === '22P02') return new ValidationError({}, messages.invalid);
  return frameworkError(fastifyError);
}
