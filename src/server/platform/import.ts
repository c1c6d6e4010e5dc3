import { messages } from '../../shared/messages.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import { issuesToFields } from './error-handler.js';
import { yieldEvery } from './event-loop.js';
import { IMPORT_LIMITS, ImportInvalidError, ImportTooLargeError } from './import-limits.js';
import { isBlankRow, matchHeader, parseRow, sheetFields, valueAt } from './spreadsheet-format.js';
import { eachSpreadsheetRow, type UploadKind } from './spreadsheet.js';

export { ImportInvalidError } from './import-limits.js';

/**
 * An import in two steps, both pausing for the event loop as they go: `readImportSheet` reads
 * the upload within IMPORT_LIMITS, then `checkImport` checks the whole sheet before anything is
 * written: every row against the resource's schema, and the unique fields (the document)
 * against each other and the database. One bad row and nothing is imported; the answer names
 * each problem as `<line>.<field>`, the line as the spreadsheet shows it (the header is line 1).
 */
export interface SheetRow {
  line: number;
  cells: unknown[];
}

/** An upload as an import sees it: its first line (the header) and the non-blank lines after. */
export interface ImportSheet {
  header: unknown[];
  rows: SheetRow[];
}

/**
 * Refuses, as soon as the reading gets there, a row beyond `IMPORT_LIMITS.rows` (413) and a
 * cell longer than `IMPORT_LIMITS.cellLength` (400, naming its line and column); the readers
 * refuse a row of too many columns. An XLSX's own limits are the reader's (xlsx-reader.ts).
 */
export async function readImportSheet(kind: UploadKind, bytes: Buffer): Promise<ImportSheet> {
  const sheet: ImportSheet = { header: [], rows: [] };
  await eachSpreadsheetRow(kind, bytes, (line, cells) => {
    refuseLongCells(sheet.header, line, cells);
    if (line === 1) {
      sheet.header = cells;
    } else if (!isBlankRow(cells)) {
      if (sheet.rows.length === IMPORT_LIMITS.rows) {
        throw new ImportTooLargeError(messages.imports.tooManyRows(IMPORT_LIMITS.rows));
      }
      sheet.rows.push({ line, cells });
    }
  });
  return sheet;
}

function refuseLongCells(header: unknown[], line: number, cells: unknown[]) {
  const max = IMPORT_LIMITS.cellLength;
  cells.forEach((cell, index) => {
    if (typeof cell !== 'string' || cell.length <= max) return;
    const label = header[index];
    const column =
      typeof label === 'string' && label.trim() !== '' && line > 1
        ? label.trim().slice(0, 60)
        : `Coluna ${index + 1}`;
    throw new ImportInvalidError(messages.imports.cellTooLongAt(line, column, max), {
      [`${line}.${column}`]: messages.imports.cellTooLong(max),
    });
  });
}

/** At most this many problems are listed; the message still counts every bad line. */
const MAX_REPORTED_PROBLEMS = 1000;

export interface ImportCheckOptions {
  /** Fields that must be unique (in the file and in the table). */
  uniqueFields: string[];
  /** Which of these values of a unique field the table already has. */
  existing: (field: string, values: string[]) => Promise<Set<string>>;
}

export interface ImportRow {
  line: number;
  value: Record<string, unknown>;
}

export async function checkImport(
  definition: ResourceDefinition,
  sheet: ImportSheet,
  options: ImportCheckOptions,
): Promise<ImportRow[]> {
  const columns = matchHeader(sheetFields(definition), sheet.header);
  const missing: Record<string, string> = {};
  for (const field of sheetFields(definition)) {
    if (field.required && !field.readOnly && !columns.some((c) => c.field.key === field.key)) {
      missing[`1.${field.key}`] = `Coluna "${field.label}" não encontrada no cabeçalho.`;
    }
  }
  if (Object.keys(missing).length > 0) {
    throw new ImportInvalidError(
      'Nenhum registro importado: faltam colunas obrigatórias no cabeçalho (linha 1).',
      missing,
    );
  }

  const problems = new Map<number, Record<string, string>>();
  const report = (line: number, field: string, message: string) => {
    const ofLine = problems.get(line) ?? {};
    ofLine[field] ??= message;
    problems.set(line, ofLine);
  };

  const valid: ImportRow[] = [];
  const pause = yieldEvery();
  for (const { line, cells } of sheet.rows) {
    if (isBlankRow(cells)) continue;
    const parsed = definition.schema.safeParse(parseRow(columns, cells));
    if (parsed.success) {
      valid.push({ line, value: parsed.data as Record<string, unknown> });
    } else {
      for (const [field, message] of Object.entries(issuesToFields(parsed.error.issues))) {
        report(line, field, message);
      }
    }
    await pause();
  }
  if (valid.length === 0 && problems.size === 0) {
    throw new ImportInvalidError('Nenhum registro importado: o arquivo não tem linhas de dados.');
  }

  for (const field of options.uniqueFields) {
    const firstLine = new Map<string, number>();
    for (const { line, value } of valid) {
      const key = valueAt(value, field);
      await pause();
      if (typeof key !== 'string' || key === '') continue;
      const first = firstLine.get(key);
      if (first === undefined) firstLine.set(key, line);
      else report(line, field, `Repetido no arquivo (linha ${first}).`);
    }
    const existing = await options.existing(field, [...firstLine.keys()]);
    for (const { line, value } of valid) {
      if (existing.has(valueAt(value, field) as string)) {
        report(line, field, messages.errors.duplicate);
      }
      await pause();
    }
  }

  if (problems.size > 0) {
    const fields: Record<string, string> = {};
    let reported = 0;
    for (const [line, ofLine] of [...problems].sort(([a], [b]) => a - b)) {
      for (const [field, message] of Object.entries(ofLine)) {
        if (reported++ < MAX_REPORTED_PROBLEMS) fields[`${line}.${field}`] = message;
      }
    }
    const count = problems.size;
    throw new ImportInvalidError(
      `Nenhum registro importado: ${count} ${count === 1 ? 'linha' : 'linhas'} com erro.`,
      fields,
    );
  }
  return valid;
}
