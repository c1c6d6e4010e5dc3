import type { ExportFormat } from '../../../shared/export-file-name.js';
import { formatDecimal } from '../../../shared/money.js';
import { CSV_BOM, csvRecord } from '../../platform/csv.js';
import {
  formatDate,
  guardFormula,
  NUMBER_FORMATS,
  type SheetCell,
} from '../../platform/spreadsheet-format.js';
import { createXlsxWriter, XLSX_CONTENT_TYPE } from '../../platform/spreadsheet.js';

/**
 * The exports of the finance screens (Extrato, Fluxo de Caixa, DRE): their rows are not a
 * resource definition's, so the columns are written here, as Consulta de Estoque does: XLSX cells
 * are numbers and dates with their format (sums and sorts work), CSV cells the same values as
 * Excel pt-BR writes them.
 */
export interface SheetColumn<R> {
  label: string;
  width: number;
  cell: (row: R) => SheetCell & { text: string };
}

export const textColumn = <R>(
  label: string,
  width: number,
  of: (row: R) => string | null,
): SheetColumn<R> => ({
  label,
  width,
  cell: (row) => {
    const value = of(row) ?? '';
    return { value: value === '' ? null : value, numFmt: NUMBER_FORMATS.text, text: value };
  },
});

export const dateColumn = <R>(label: string, of: (row: R) => string): SheetColumn<R> => ({
  label,
  width: 12,
  cell: (row) => {
    const [year, month, day] = of(row).split('-').map(Number) as [number, number, number];
    return {
      value: new Date(Date.UTC(year, month - 1, day)),
      numFmt: NUMBER_FORMATS.date,
      text: formatDate(of(row)),
    };
  },
});

/** A money amount (decimal string, possibly negative). */
export const moneyColumn = <R>(label: string, of: (row: R) => string): SheetColumn<R> => ({
  label,
  width: 16,
  cell: (row) => ({
    value: Number(of(row)),
    numFmt: NUMBER_FORMATS.money,
    text: formatDecimal(of(row), 2),
  }),
});

export async function financeFile<R>(
  format: ExportFormat,
  sheetName: string,
  columns: SheetColumn<R>[],
  rows: R[],
): Promise<{ body: Buffer; contentType: string }> {
  if (format === 'xlsx') {
    const writer = await createXlsxWriter(
      sheetName,
      columns.map((column) => ({ label: column.label, width: column.width, numFmt: '@' })),
    );
    for (const row of rows) writer.addRow(columns.map((column) => column.cell(row)));
    return { body: await writer.finish(), contentType: XLSX_CONTENT_TYPE };
  }
  const parts = [CSV_BOM, csvRecord(columns.map((column) => column.label))];
  for (const row of rows) {
    parts.push(csvRecord(columns.map((column) => guardFormula(column.cell(row).text))));
  }
  return { body: Buffer.from(parts.join(''), 'utf8'), contentType: 'text/csv; charset=utf-8' };
}
