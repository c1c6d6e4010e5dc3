import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginSchema,
  passwordChangeSchema,
  profileSchema,
} from '../../../shared/resources/account.js';
import type { Db } from '../../db/connection.js';
import { currentSessionId, currentUser } from '../../platform/auth.js';
import { auditContext } from '../../platform/request-context.js';
import type { TokenService } from '../../platform/tokens.js';
import { changePassword, login, logout, updateProfile } from './account.service.js';

const userTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  roleName: z.string(),
  permissions: z.array(z.string()),
});

export function accountRoutes(
  db: Db,
  tokens: TokenService,
  sessionHours: number,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/account/login', {
      config: { public: true },
      schema: {
        tags: ['account'],
        body: loginSchema,
        response: { 200: z.object({ accessToken: z.string(), userToken: userTokenSchema }) },
      },
      handler: (request) => login(db, tokens, sessionHours, request.body, request.ip),
    });
    app.post('/account/logout', {
      config: { permission: 'signed-in' },
      schema: { tags: ['account'], response: { 204: z.null() } },
      handler: async (request, reply) => {
        await logout(db, currentSessionId(request));
        return reply.status(204).send(null);
      },
    });
    app.get('/account/me', {
      config: { permission: 'signed-in' },
      schema: { tags: ['account'], response: { 200: userTokenSchema } },
      handler: (request) => currentUser(request),
    });
    app.put('/account/profile', {
      config: { permission: 'signed-in' },
      schema: { tags: ['account'], body: profileSchema, response: { 200: userTokenSchema } },
      handler: (request) =>
        updateProfile(db, auditContext(request), currentUser(request).id, request.body),
    });
    app.put('/account/password', {
      config: { permission: 'signed-in' },
      schema: { tags: ['account'], body: passwordChangeSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await changePassword(db, auditContext(request), currentUser(request).id, request.body);
        return reply.status(204).send(null);
      },
    });
  };
}
