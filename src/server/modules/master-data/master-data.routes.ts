import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connection.js';
import { crudRoutes } from '../../platform/crud.js';
import { lookupConfigs } from './lookups.config.js';
import { clientsConfig, suppliersConfig } from './parties.config.js';
import { stockLocationsConfig } from './stock-locations.config.js';

export const masterDataConfigs = [
  ...lookupConfigs,
  stockLocationsConfig,
  clientsConfig,
  suppliersConfig,
];

export function masterDataRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    for (const config of masterDataConfigs) await app.register(crudRoutes(db, config));
  };
}
