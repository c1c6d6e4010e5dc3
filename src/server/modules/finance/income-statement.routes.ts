import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportFileName } from '../../../shared/export-file-name.js';
import {
  incomeStatementQuerySchema,
  incomeStatementSchema,
  type IncomeStatement,
} from '../../../shared/resources/finance-reports.js';
import type { Db } from '../../db/connection.js';
import { financeFile, moneyColumn, textColumn, type SheetColumn } from './finance-sheet.js';
import { incomeStatement } from './income-statement.service.js';
import { replyWithFile } from '../../platform/file-reply.js';

const tags = ['income-statement'];
const LABEL = 'DRE gerencial';

const exportQuerySchema = incomeStatementQuerySchema.extend({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});

/** One row of the sheet: a group's heading and total, one of its lines, or a result. */
interface SheetRow {
  label: string;
  months: string[];
  total: string;
}

const monthNames = [
  'Jan',
  'Fev',
  'Mar',
  'Abr',
  'Mai',
  'Jun',
  'Jul',
  'Ago',
  'Set',
  'Out',
  'Nov',
  'Dez',
];

const columns: SheetColumn<SheetRow>[] = [
  textColumn<SheetRow>('Conta', 40, (row) => row.label),
  ...monthNames.map((name, index) => moneyColumn<SheetRow>(name, (row) => row.months[index]!)),
  moneyColumn<SheetRow>('Total', (row) => row.total),
];

/**
 * The statement as a person reads it: each group's total under its name, its lines indented
 * below, and after the groups each result adds, the result ("(=) Receita líquida").
 */
function sheetRows(statement: IncomeStatement): SheetRow[] {
  const rows: SheetRow[] = [];
  const after: Record<string, string> = {
    DEDUCTIONS: 'NET_REVENUE',
    COSTS: 'GROSS_PROFIT',
    OPERATING_EXPENSES: 'OPERATING_RESULT',
    OTHER: 'NET_RESULT',
  };
  for (const group of statement.groups) {
    rows.push({ label: group.label, months: group.months, total: group.total });
    for (const line of group.lines) {
      rows.push({ label: `    ${line.name}`, months: line.months, total: line.total });
    }
    const result = statement.results.find((candidate) => candidate.key === after[group.dreGroup]);
    if (result)
      rows.push({ label: `(=) ${result.label}`, months: result.months, total: result.total });
  }
  return rows;
}

/** DRE gerencial and its export, under `incomeStatement:read`. */
export function incomeStatementRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/income-statement', {
      config: { permission: 'incomeStatement:read' },
      schema: {
        tags,
        querystring: incomeStatementQuerySchema,
        response: { 200: incomeStatementSchema },
      },
      handler: (request) => incomeStatement(db, request.query.year),
    });
    app.get('/income-statement/export', {
      config: { permission: 'incomeStatement:read' },
      schema: {
        tags,
        summary: `Exporta a ${LABEL} do ano`,
        querystring: exportQuerySchema,
        response: { 200: z.any().describe('O arquivo .xlsx ou .csv (anexo)') },
      },
      handler: async (request, reply) => {
        const { format, year } = request.query;
        const statement = await incomeStatement(db, year);
        const file = await financeFile(format, LABEL, columns, sheetRows(statement));
        const name = exportFileName(`${LABEL} ${year}`, format);
        return replyWithFile(reply, {
          ...file,
          fileName: name,
        });
      },
    });
  };
}
