import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';
import { ForbiddenError } from './errors.js';

const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF protection: every response without the cookie sets a random `XSRF-TOKEN`
 * (readable by the SPA), and every mutating request must echo it in `X-XSRF-TOKEN`. A page on
 * another site can make the browser send the cookie, but cannot read it to set the header. The
 * check does not look at the URL: every route that changes anything is a non-GET, however its
 * path is spelt (`/%61pi/v1/…` reaches the same route as `/api/v1/…`). The cookie is `Secure`
 * when the request came over HTTPS (directly, or through a proxy trusted by TRUST_PROXY).
 */
export function registerCsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    }
    if (SAFE_METHODS.has(request.method)) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || header !== cookie) {
      throw new ForbiddenError(messages.errors.csrf, ErrorCode.CSRF);
    }
  });
}
