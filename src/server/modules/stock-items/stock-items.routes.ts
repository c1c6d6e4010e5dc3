import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportFileName } from '../../../shared/export-file-name.js';
import {
  kardexSchema,
  stockItemExportQuerySchema,
  stockItemListQuerySchema,
  stockItemListSchema,
  stockItemMovementsQuerySchema,
} from '../../../shared/resources/stock-items.js';
import { id } from '../../../shared/fields.js';
import type { Db } from '../../db/connection.js';
import { stockItemsFile } from './stock-items.export.js';
import { allStockItems, itemMovements, listStockItems } from './stock-items.service.js';
import { replyWithFile } from '../../platform/file-reply.js';

const tags = ['stock-items'];
const LABEL = 'Consulta de Estoque';

/**
 * Consulta de Estoque: the balances per item and location (now or at the end of a day), their
 * export, and an item's kardex. All under `stockItems:read`: the kardex is the item's screen of
 * this area, and shows of the ledger only that item's movements.
 */
export function stockItemsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/stock-items', {
      config: { permission: 'stockItems:read' },
      schema: {
        tags,
        querystring: stockItemListQuerySchema,
        response: { 200: stockItemListSchema },
      },
      handler: (request) => listStockItems(db, request.query),
    });
    app.get('/stock-items/export', {
      config: { permission: 'stockItems:read' },
      schema: {
        tags,
        summary: `Exporta ${LABEL} (todas as linhas da lista filtrada)`,
        querystring: stockItemExportQuerySchema,
        response: { 200: z.any().describe('O arquivo .xlsx ou .csv (anexo)') },
      },
      handler: async (request, reply) => {
        const { format, ...query } = request.query;
        const file = await stockItemsFile(format, LABEL, await allStockItems(db, query));
        return replyWithFile(reply, {
          ...file,
          fileName: exportFileName(LABEL, format),
        });
      },
    });
    app.get('/stock-items/:itemId/movements', {
      config: { permission: 'stockItems:read' },
      schema: {
        tags,
        params: z.object({ itemId: id() }),
        querystring: stockItemMovementsQuerySchema,
        response: { 200: kardexSchema },
      },
      handler: (request) => itemMovements(db, request.params.itemId, request.query),
    });
  };
}
