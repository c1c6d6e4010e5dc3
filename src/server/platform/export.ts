import type { FieldSpec } from '../../shared/resource.js';
import { csvRecord, CSV_BOM } from './csv.js';
import { columnWidth, guardFormula } from './spreadsheet-format.js';
import { createXlsxWriter, XLSX_CONTENT_TYPE } from './spreadsheet.js';

/**
 * A list export being written: the header from the fields' labels, then rows of already
 * formatted text, as CSV (Excel pt-BR dialect) or XLSX.
 */
export type ExportFormat = 'xlsx' | 'csv';

export interface ExportFile {
  addRow: (values: string[]) => void;
  finish: () => Promise<Buffer>;
  contentType: string;
}

export async function createExportFile(
  format: ExportFormat,
  sheetName: string,
  fields: FieldSpec[],
): Promise<ExportFile> {
  if (format === 'xlsx') {
    const writer = await createXlsxWriter(
      sheetName,
      fields.map((field) => ({ label: field.label, width: columnWidth(field) })),
    );
    return { ...writer, contentType: XLSX_CONTENT_TYPE };
  }
  const parts = [CSV_BOM, csvRecord(fields.map((field) => field.label))];
  return {
    addRow: (values) => parts.push(csvRecord(values.map(guardFormula))),
    finish: async () => Buffer.from(parts.join(''), 'utf8'),
    contentType: 'text/csv; charset=utf-8',
  };
}

/** `clients-2025-12-31.csv`. */
export function exportFileName(path: string, format: ExportFormat, today: string): string {
  return `${path}-${today}.${format}`;
}
