import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../../shared/resources/dashboard.js';
import { firstStepsSchema } from '../../../shared/resources/first-steps.js';
import type { Db } from '../../db/connection.js';
import { currentUser } from '../../platform/auth.js';
import { dashboard } from './dashboard.service.js';
import { firstSteps } from './first-steps.service.js';

/**
 * The dashboard's reads. Its cards and charts need `dashboard:read`, and each the read permission
 * of its list (dashboard.service.ts). "Primeiros passos" is for every signed-in user: each one
 * gets the steps their own permissions let them do (first-steps.service.ts).
 */
export function dashboardRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dashboard', {
      config: { permission: 'dashboard:read' },
      schema: { tags: ['dashboard'], response: { 200: dashboardSchema } },
      handler: (request) => dashboard(db, currentUser(request).permissions),
    });
    app.get('/dashboard/first-steps', {
      config: { permission: 'signed-in' },
      schema: { tags: ['dashboard'], response: { 200: firstStepsSchema } },
      handler: (request) => firstSteps(db, currentUser(request).permissions),
    });
  };
}
