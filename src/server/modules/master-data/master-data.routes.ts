import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/connection.js';
import { createCrudService, crudRoutes, type CrudConfig } from '../../platform/crud.js';
import { spreadsheetRoutes } from '../../platform/spreadsheet-routes.js';
import { rolesExportConfig, usersExportConfig } from './access.config.js';
import { financialCategoriesConfig } from './financial-categories.config.js';
import { lookupConfigs } from './lookups.config.js';
import { clientsConfig, suppliersConfig } from './parties.config.js';
import { stockLocationsConfig } from './stock-locations.config.js';

export const masterDataConfigs: CrudConfig[] = [
  ...lookupConfigs,
  stockLocationsConfig,
  financialCategoriesConfig,
  clientsConfig,
  suppliersConfig,
];

/** Resources with their own CRUD routes that get only the generic export here. */
const exportOnlyConfigs = [usersExportConfig, rolesExportConfig];

export function masterDataRoutes(db: Db): FastifyPluginAsyncZod {
  const references = new Map<string, CrudConfig>(
    [...masterDataConfigs, ...exportOnlyConfigs].map((config) => [config.definition.path, config]),
  );
  return async (app) => {
    for (const config of masterDataConfigs) {
      const service = createCrudService(config);
      await app.register(crudRoutes(db, config, service));
      await app.register(spreadsheetRoutes(db, config, service, { references }));
    }
    for (const config of exportOnlyConfigs) {
      await app.register(spreadsheetRoutes(db, config, createCrudService(config), { references }));
    }
  };
}
