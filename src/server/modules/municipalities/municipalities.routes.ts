import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  municipalitiesQuerySchema,
  municipalityListSchema,
} from '../../../shared/resources/municipalities.js';
import type { Db } from '../../db/connection.js';
import { searchMunicipalities } from './municipalities.service.js';

export function municipalitiesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    // Reference data every address form needs, whatever else the user may read.
    app.get('/municipalities', {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['municipalities'],
        querystring: municipalitiesQuerySchema,
        response: { 200: municipalityListSchema },
      },
      handler: async (request) => ({
        items: await searchMunicipalities(db, request.query.uf, request.query.q),
      }),
    });
  };
}
