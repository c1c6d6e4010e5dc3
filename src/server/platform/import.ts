import { ErrorCode } from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import { issuesToFields } from './error-handler.js';
import { AppError } from './errors.js';
import { isBlankRow, matchHeader, parseRow, sheetFields, valueAt } from './spreadsheet-format.js';

/**
 * Checks a whole spreadsheet before anything is written: every row against the resource's
 * schema, and the unique fields (the document) against each other and the database. One bad
 * row and nothing is imported; the answer names each problem as `<line>.<field>`, the line as
 * the spreadsheet shows it (the header is line 1).
 */
export class ImportInvalidError extends AppError {
  constructor(message: string, fields: Record<string, string> = {}) {
    super(400, ErrorCode.IMPORT_INVALID, message, fields);
  }
}

/** At most this many problems are listed; the message still counts every bad line. */
export const MAX_REPORTED_PROBLEMS = 1000;

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
  rows: unknown[][],
  options: ImportCheckOptions,
): Promise<ImportRow[]> {
  const [header = [], ...data] = rows;
  const columns = matchHeader(sheetFields(definition), header);
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
  data.forEach((cells, index) => {
    const line = index + 2;
    if (isBlankRow(cells)) return;
    const parsed = definition.schema.safeParse(parseRow(columns, cells));
    if (parsed.success) {
      valid.push({ line, value: parsed.data as Record<string, unknown> });
    } else {
      for (const [field, message] of Object.entries(issuesToFields(parsed.error.issues))) {
        report(line, field, message);
      }
    }
  });
  if (valid.length === 0 && problems.size === 0) {
    throw new ImportInvalidError('Nenhum registro importado: o arquivo não tem linhas de dados.');
  }

  for (const field of options.uniqueFields) {
    const firstLine = new Map<string, number>();
    for (const { line, value } of valid) {
      const key = valueAt(value, field);
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
