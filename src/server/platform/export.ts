import type { ExportFormat } from '../../shared/export-file-name.js';
import type { FieldSpec } from '../../shared/resource.js';
import { csvRecord, CSV_BOM } from './csv.js';
import {
  columnFormat,
  columnWidth,
  formatCell,
  guardFormula,
  sheetCell,
  valueAt,
} from './spreadsheet-format.js';
import { createXlsxWriter, XLSX_CONTENT_TYPE } from './spreadsheet.js';

/** For each reference field, the names of the rows it points at (a user's profile). */
export type ReferenceNames = ReadonlyMap<string, ReadonlyMap<number, string>>;

export interface ExportFile {
  addRow: (row: Record<string, unknown>, names: ReferenceNames) => void;
  finish: () => Promise<Buffer>;
  contentType: string;
}

/**
 * A list export being written: the header from the fields' labels, then one row per record,
 * as CSV (Excel pt-BR dialect: every value as formatted text) or XLSX (numbers, dates and
 * texts, each with its number format).
 */
export async function createExportFile(
  format: ExportFormat,
  sheetName: string,
  fields: FieldSpec[],
): Promise<ExportFile> {
  if (format === 'xlsx') {
    const writer = await createXlsxWriter(
      sheetName,
      fields.map((field) => ({
        label: field.label,
        width: columnWidth(field),
        numFmt: columnFormat(field),
      })),
    );
    return {
      addRow: (row, names) =>
        writer.addRow(
          fields.map((field) => sheetCell(field, valueAt(row, field.key), names.get(field.key))),
        ),
      finish: writer.finish,
      contentType: XLSX_CONTENT_TYPE,
    };
  }
  const parts = [CSV_BOM, csvRecord(fields.map((field) => field.label))];
  return {
    addRow: (row, names) =>
      parts.push(
        csvRecord(
          fields.map((field) =>
            guardFormula(formatCell(field, valueAt(row, field.key), names.get(field.key))),
          ),
        ),
      ),
    finish: async () => Buffer.from(parts.join(''), 'utf8'),
    contentType: 'text/csv; charset=utf-8',
  };
}
