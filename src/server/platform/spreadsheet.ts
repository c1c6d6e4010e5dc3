import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';

// exceljs takes about 0.4 s to load; only exports and imports use it, so it loads on first use
// instead of delaying every start of the server.
let excel: Promise<typeof ExcelJS> | undefined;
const loadExcel = () => (excel ??= import('exceljs').then((module) => module.default));
import { decodeCsv, parseCsv } from './csv.js';
import type { SheetCell } from './spreadsheet-format.js';

/**
 * XLSX through exceljs: a streaming writer for exports (rows go out batch by batch, the header
 * is bold and frozen, each cell a number, a date or a text with its number format, so sums and
 * sorts work and CPFs and CEPs keep their leading zeros), and a reader that turns the first
 * sheet of an upload into plain cell values (numbers and dates included), like a CSV's.
 */
export interface XlsxColumn {
  label: string;
  width: number;
  /** What a value typed into the column later shows as: "@" (text), a money or date format. */
  numFmt: string;
}

export interface XlsxWriter {
  addRow: (cells: SheetCell[]) => void;
  finish: () => Promise<Buffer>;
}

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function createXlsxWriter(
  sheetName: string,
  columns: XlsxColumn[],
): Promise<XlsxWriter> {
  const ExcelJS = await loadExcel();
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  // Excel forbids : \ / ? * [ ] in sheet names and allows at most 31 characters.
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => ({
    width: column.width,
    style: { numFmt: column.numFmt },
  }));
  const header = sheet.addRow(columns.map((column) => column.label));
  header.font = { bold: true };
  header.commit();
  return {
    addRow: (cells) => {
      const row = sheet.addRow(cells.map((cell) => cell.value));
      cells.forEach((cell, i) => {
        row.getCell(i + 1).numFmt = cell.numFmt;
      });
      row.commit();
    },
    finish: async () => {
      sheet.commit();
      await workbook.commit();
      await ended;
      return Buffer.concat(chunks);
    },
  };
}

/** The first sheet's rows, row n of the sheet at index n - 1 (empty rows kept as []). */
export async function readXlsx(bytes: Buffer): Promise<unknown[][]> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  if (!sheet) return rows;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values: unknown[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      values[column - 1] = plainValue(cell.value);
    });
    rows[rowNumber - 1] = Array.from(values, (v) => v ?? null);
  });
  return Array.from(rows, (row) => row ?? []);
}

/** Rich text, hyperlinks (Excel turns typed e-mails into links) and formulas → their value. */
function plainValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return plainValue(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) {
    return plainValue((value as { result?: ExcelJS.CellValue }).result ?? null);
  }
  return null;
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

export type UploadKind = 'xlsx' | 'csv';

/** What an upload is: an XLSX is a zip (whatever its name says); a .xls or other binary is neither. */
export function uploadKind(fileName: string, bytes: Uint8Array): UploadKind | null {
  if (ZIP_SIGNATURE.every((byte, i) => bytes[i] === byte)) return 'xlsx';
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'xls' || extension === 'xlsx' || extension === 'ods') return null;
  // A text file has no NUL bytes in its first kilobytes.
  if (bytes.subarray(0, 4096).includes(0)) return null;
  return 'csv';
}

/** The rows of an uploaded CSV or XLSX, line n of the file at index n - 1. */
export async function readSpreadsheet(kind: UploadKind, bytes: Buffer): Promise<unknown[][]> {
  return kind === 'xlsx' ? readXlsx(bytes) : parseCsv(decodeCsv(bytes));
}
