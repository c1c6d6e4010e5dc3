import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection.js';

const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});

/** A record's history ("Histórico"), newest first. */
export function auditRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/audit', {
      config: { permission: 'audit:read' },
      schema: {
        tags: ['audit'],
        querystring: z.object({
          entity: z.string().min(1).max(60),
          entityId: z.string().min(1).max(60),
        }),
        response: { 200: z.object({ items: z.array(auditEntrySchema) }) },
      },
      handler: async (request) => {
        const rows = await db
          .selectFrom('auditLog')
          .leftJoin('users', 'users.id', 'auditLog.userId')
          .select([
            'auditLog.id',
            'auditLog.at',
            'auditLog.userId',
            'users.name as userName',
            'auditLog.entity',
            'auditLog.entityId',
            'auditLog.action',
            'auditLog.changes',
          ])
          .where('auditLog.entity', '=', request.query.entity)
          .where('auditLog.entityId', '=', request.query.entityId)
          .orderBy('auditLog.id', 'desc')
          .limit(500)
          .execute();
        return {
          items: rows.map((r) => ({ ...r, id: Number(r.id), at: r.at.toISOString() })),
        };
      },
    });
  };
}
