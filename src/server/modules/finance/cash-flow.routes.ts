import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportFileName } from '../../../shared/export-file-name.js';
import {
  cashFlowQuerySchema,
  cashFlowSchema,
  type CashFlowPeriod,
} from '../../../shared/resources/finance-reports.js';
import type { Db } from '../../db/connection.js';
import { cashFlow } from './cash-flow.service.js';
import { dateColumn, financeFile, moneyColumn } from './finance-sheet.js';
import { replyWithFile } from '../../platform/file-reply.js';

const tags = ['cash-flow'];
const LABEL = 'Fluxo de Caixa';

const exportQuerySchema = cashFlowQuerySchema.extend({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});

const columns = [
  dateColumn<CashFlowPeriod>('Início', (row) => row.start),
  dateColumn<CashFlowPeriod>('Fim', (row) => row.end),
  moneyColumn<CashFlowPeriod>('Entradas realizadas', (row) => row.realizedIn),
  moneyColumn<CashFlowPeriod>('Saídas realizadas', (row) => row.realizedOut),
  moneyColumn<CashFlowPeriod>('Entradas previstas', (row) => row.projectedIn),
  moneyColumn<CashFlowPeriod>('Saídas previstas', (row) => row.projectedOut),
  moneyColumn<CashFlowPeriod>('Resultado do período', (row) => row.net),
  moneyColumn<CashFlowPeriod>('Saldo', (row) => row.balance),
];

/** Fluxo de Caixa and its export, under `cashFlow:read`. */
export function cashFlowRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/cash-flow', {
      config: { permission: 'cashFlow:read' },
      schema: { tags, querystring: cashFlowQuerySchema, response: { 200: cashFlowSchema } },
      handler: (request) => cashFlow(db, request.query),
    });
    app.get('/cash-flow/export', {
      config: { permission: 'cashFlow:read' },
      schema: {
        tags,
        summary: `Exporta o ${LABEL} (um período por linha)`,
        querystring: exportQuerySchema,
        response: { 200: z.any().describe('O arquivo .xlsx ou .csv (anexo)') },
      },
      handler: async (request, reply) => {
        const { format, ...query } = request.query;
        const report = await cashFlow(db, query);
        const file = await financeFile(format, LABEL, columns, report.periods);
        return replyWithFile(reply, {
          ...file,
          fileName: exportFileName(LABEL, format),
        });
      },
    });
  };
}
