import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResultSchema } from '../../../shared/resources/search.js';
import type { Db } from '../../db/connection.js';
import { currentUser } from '../../platform/auth.js';
import { search } from './search.service.js';

export function searchRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    // Every signed-in user may search; each kind is searched only with its own read permission.
    app.get('/search', {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['search'],
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema },
      },
      handler: (request) => search(db, currentUser(request).permissions, request.query.q),
    });
  };
}
