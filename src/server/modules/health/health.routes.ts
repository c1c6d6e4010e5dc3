import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { APP_VERSION } from '../../version.js';

export function healthRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', {
      config: { public: true },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({
            status: z.literal('ok'),
            version: z.string(),
            database: z.literal('ok'),
          }),
        },
      },
      handler: async () => {
        await sql`SELECT 1`.execute(db);
        return { status: 'ok' as const, version: APP_VERSION, database: 'ok' as const };
      },
    });
  };
}
