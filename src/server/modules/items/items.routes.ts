import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  feedstockFiltersSchema,
  feedstockOutputSchema,
  feedstocks,
  feedstockSchema,
  feedstockSummarySchema,
  feedstockUpdateSchema,
} from '../../../shared/resources/feedstocks.js';
import type { ItemKind } from '../../../shared/resources/items.js';
import {
  canProduceOutputSchema,
  productCreateSchema,
  productFiltersSchema,
  productOutputSchema,
  products,
  productSummarySchema,
  productUpdateSchema,
} from '../../../shared/resources/products.js';
import type { Db } from '../../db/connection.js';
import type { CrudConfig } from '../../platform/crud.js';
import { resourceRoutes } from '../../platform/resource-routes.js';
import { idParams } from '../../platform/route-schemas.js';
import { spreadsheetRoutes } from '../../platform/spreadsheet-routes.js';
import {
  canProduce,
  createFeedstock,
  createProduct,
  deleteFeedstock,
  deleteProduct,
  eachBatch,
  existingItemCodes,
  getFeedstock,
  getProduct,
  importItems,
  listFeedstocks,
  listProducts,
  updateFeedstock,
  updateProduct,
} from './items.service.js';

/**
 * `/products` and `/feedstocks`: the five routes of a resource, export and import (the item's
 * own fields; references as ids, which is what the import reads back), and
 * `GET /products/:id/can-produce`.
 */
function spreadsheets(db: Db, kind: ItemKind) {
  const config: CrudConfig = {
    definition: kind === 'PRODUCT' ? products : feedstocks,
    table: 'items',
    // The import refuses a code any item already has (compared ignoring case, as the index does).
    uniqueFields: ['code'],
  };
  return spreadsheetRoutes(db, config, {
    eachBatch: (db, query, onBatch) => eachBatch(kind, db, query, onBatch),
    existing: (db, _field, values) => existingItemCodes(db, values),
    importMany: (db, ctx, inputs) => importItems(kind, db, ctx, inputs),
  });
}

export function itemsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(
      resourceRoutes(
        db,
        {
          path: products.path,
          area: products.area,
          schemas: {
            filters: productFiltersSchema,
            create: productCreateSchema,
            update: productUpdateSchema,
            output: productOutputSchema,
            summary: productSummarySchema,
          },
        },
        {
          list: listProducts,
          get: getProduct,
          create: createProduct,
          update: updateProduct,
          delete: deleteProduct,
        },
      ),
    );
    await app.register(spreadsheets(db, 'PRODUCT'));
    app.get(`/${products.path}/:id/can-produce`, {
      config: { permission: `${products.area}:read` },
      schema: {
        tags: [products.path],
        summary: 'Pode produzir agora: unidades que o estoque de cada local permite',
        params: idParams,
        response: { 200: canProduceOutputSchema },
      },
      handler: (request) => canProduce(db, request.params.id),
    });

    await app.register(
      resourceRoutes(
        db,
        {
          path: feedstocks.path,
          area: feedstocks.area,
          schemas: {
            filters: feedstockFiltersSchema,
            create: feedstockSchema,
            update: feedstockUpdateSchema,
            output: feedstockOutputSchema,
            summary: feedstockSummarySchema,
          },
        },
        {
          list: listFeedstocks,
          get: getFeedstock,
          create: createFeedstock,
          update: updateFeedstock,
          delete: deleteFeedstock,
        },
      ),
    );
    await app.register(spreadsheets(db, 'FEEDSTOCK'));
  };
}
