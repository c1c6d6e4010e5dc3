import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportFileName } from '../../../shared/export-file-name.js';
import {
  accountEntryOriginLabels,
  accountEntryOutputSchema,
  manualEntryInputSchema,
  statementQuerySchema,
  statementSchema,
  transferInputSchema,
  transferOutputSchema,
  type StatementLine,
} from '../../../shared/resources/account-entries.js';
import type { Db } from '../../db/connection.js';
import { auditContext } from '../../platform/request-context.js';
import { idParams } from '../../platform/route-schemas.js';
import {
  createManualEntry,
  createTransfer,
  statement,
  statementForExport,
} from './account-entries.service.js';
import { dateColumn, financeFile, moneyColumn, textColumn } from './finance-sheet.js';
import { replyWithFile } from '../../platform/file-reply.js';

const tags = ['checking-accounts'];

const statementExportQuerySchema = statementQuerySchema
  .pick({ from: true, to: true })
  .extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

const statementColumns = [
  dateColumn<StatementLine>('Data', (row) => row.date),
  textColumn<StatementLine>('Descrição', 50, (row) => row.description),
  textColumn<StatementLine>('Origem', 18, (row) => accountEntryOriginLabels[row.origin.type]),
  textColumn<StatementLine>('Categoria', 28, (row) => row.categoryName),
  moneyColumn<StatementLine>('Valor', (row) => row.amount),
  moneyColumn<StatementLine>('Saldo', (row) => row.balance),
];

/**
 * A checking account's Extrato (DOMAIN §9): manual entries and transfers under
 * `checkingAccounts:write`, the statement and its export under `checkingAccounts:read`.
 */
export function accountEntriesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/checking-accounts/:id/entries', {
      config: { permission: 'checkingAccounts:write' },
      schema: {
        tags,
        params: idParams,
        body: manualEntryInputSchema,
        response: { 201: accountEntryOutputSchema },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(
            await createManualEntry(db, auditContext(request), request.params.id, request.body),
          ),
    });
    app.post('/checking-accounts/:id/transfers', {
      config: { permission: 'checkingAccounts:write' },
      schema: {
        tags,
        params: idParams,
        body: transferInputSchema,
        response: { 201: transferOutputSchema },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(await createTransfer(db, auditContext(request), request.params.id, request.body)),
    });
    app.get('/checking-accounts/:id/statement', {
      config: { permission: 'checkingAccounts:read' },
      schema: {
        tags,
        params: idParams,
        querystring: statementQuerySchema,
        response: { 200: statementSchema },
      },
      handler: (request) => statement(db, request.params.id, request.query),
    });
    app.get('/checking-accounts/:id/statement/export', {
      config: { permission: 'checkingAccounts:read' },
      schema: {
        tags,
        summary: 'Exporta o extrato do período (todas as linhas, com o saldo)',
        params: idParams,
        querystring: statementExportQuerySchema,
        response: { 200: z.any().describe('O arquivo .xlsx ou .csv (anexo)') },
      },
      handler: async (request, reply) => {
        const { format, ...period } = request.query;
        const data = await statementForExport(db, request.params.id, period);
        const file = await financeFile(format, 'Extrato', statementColumns, data.lines);
        const name = exportFileName(`Extrato ${data.name}`, format);
        return replyWithFile(reply, {
          ...file,
          fileName: name,
        });
      },
    });
  };
}
