import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';

// exceljs takes about 0.4 s to load; only exports use it, so it loads on first use
// instead of delaying every start of the server.
let excel: Promise<typeof ExcelJS> | undefined;
const loadExcel = () => (excel ??= import('exceljs').then((module) => module.default));
import { readCsv } from './csv.js';
import type { SheetCell } from './spreadsheet-format.js';
import { readXlsxRows } from './xlsx-reader.js';

/**
 * XLSX through exceljs: a streaming writer for exports (rows go out batch by batch, the header
 * is bold and frozen, each cell a number, a date or a text with its number format, so sums and
 * sorts work and CPFs and CEPs keep their leading zeros). Uploads are read by xlsx-reader.ts,
 * row by row, into plain cell values (numbers and dates included), like a CSV's.
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

/**
 * The first sheet's rows, row n of the sheet at index n - 1 (empty rows kept as []), each cell
 * a number, date, boolean or text, or null where the row has none.
 */
export async function readXlsx(bytes: Buffer): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  await readXlsxRows(bytes, (line, cells) => {
    rows[line - 1] = Array.from(cells, (cell) => cell ?? null);
  });
  return Array.from(rows, (row) => row ?? []);
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
  if (kind === 'xlsx') return readXlsx(bytes);
  const rows: string[][] = [];
  await readCsv(bytes, (_line, cells) => rows.push(cells));
  return rows;
}

/**
 * Each row of an uploaded CSV or XLSX as it is read, with its line (1 = the first), pausing for
 * the event loop as it goes; an XLSX's empty rows are skipped, a CSV's come as [''].
 */
export async function eachSpreadsheetRow(
  kind: UploadKind,
  bytes: Buffer,
  onRow: (line: number, cells: unknown[]) => void,
): Promise<void> {
  await (kind === 'xlsx' ? readXlsxRows(bytes, onRow) : readCsv(bytes, onRow));
}
