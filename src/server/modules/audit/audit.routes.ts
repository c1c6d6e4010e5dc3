import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { currentUser } from '../../platform/auth.js';
import { ForbiddenError } from '../../platform/errors.js';
import { auditedAreas } from './audited-areas.js';

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

const auditedEntities = Object.keys(auditedAreas) as [string, ...string[]];

/**
 * A record's history ("Histórico"), newest first. Besides `audit:read` it needs read permission on
 * the record's own area: the history shows the record's values, so it must not reveal more than
 * the record itself would.
 */
export function auditRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/audit', {
      config: { permission: 'audit:read' },
      schema: {
        tags: ['audit'],
        querystring: z.object({
          entity: z.enum(auditedEntities),
          entityId: z.string().min(1).max(60),
        }),
        response: { 200: z.object({ items: z.array(auditEntrySchema) }) },
      },
      handler: async (request) => {
        const area = auditedAreas[request.query.entity]!;
        if (!currentUser(request).permissions.includes(`${area}:read`)) throw new ForbiddenError();
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
