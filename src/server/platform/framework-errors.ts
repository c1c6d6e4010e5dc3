import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../../shared/api-error.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';
import { AppError, ValidationError } from './errors.js';

/**
 * What Fastify and Node's HTTP parser refuse before a route runs (a body that is not JSON, too
 * large, of another type; a URL that does not decode or is too long), answered like every other
 * error: `{ error: { code, message, requestId } }` with a pt-BR message, never the library's
 * English text.
 */
const errors = messages.errors;
const byFastifyCode: Record<string, [status: number, code: ErrorCode, message: string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, ErrorCode.INVALID_JSON, errors.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, ErrorCode.EMPTY_BODY, errors.emptyBody],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    400,
    ErrorCode.INVALID_CONTENT_LENGTH,
    errors.invalidContentLength,
  ],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, ErrorCode.BODY_TOO_LARGE, errors.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    errors.unsupportedMediaType,
  ],
  FST_ERR_BAD_URL: [400, ErrorCode.BAD_URL, errors.badUrl],
  FST_ERR_MAX_PARAM_LENGTH: [414, ErrorCode.URL_TOO_LONG, errors.urlTooLong],
};

/**
 * A client error raised by Fastify or a plugin, in the API's words; undefined for anything else
 * (a 5xx stays the error handler's "unexpected error").
 */
export function frameworkError(error: FastifyError): AppError | undefined {
  const known = error.code ? byFastifyCode[error.code] : undefined;
  if (known) return new AppError(...known);
  if (error.statusCode === 400) return new ValidationError({}, errors.badRequest);
  if (error.statusCode && error.statusCode > 400 && error.statusCode < 500) {
    return new AppError(error.statusCode, ErrorCode.REQUEST_REFUSED, errors.requestRefused);
  }
  return undefined;
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser rejects (headers or URL over the
 * size limit, a malformed request line, a timeout) never becomes a Fastify request, so the
 * answer is written on the socket here, in the same shape, with a request id of its own.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, ErrorCode.HEADERS_TOO_LARGE, errors.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, ErrorCode.REQUEST_TIMEOUT, errors.requestTimeout]
        : [400, ErrorCode.MALFORMED_REQUEST, errors.malformedRequest];
  const requestId = randomUUID();
  this.log.debug({ err: error, requestId }, 'client error');
  const body = JSON.stringify({ error: { code, message, requestId } } satisfies ApiErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
