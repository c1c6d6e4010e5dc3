import { Decimal } from 'decimal.js';
import { cep, cnpj, cpf, phone } from '../../shared/br/documents.js';
import { MIN_DATE_YEAR } from '../../shared/fields.js';
import { formatDecimal } from '../../shared/money.js';
import type { FieldSpec, ResourceDefinition } from '../../shared/resource.js';

/**
 * How a master-data value looks in a spreadsheet and back: the Brazilian way, as a person reads
 * and types it in Excel pt-BR ("1.234,50", "Sim", "Pessoa Física", "123.456.789-09",
 * "31/12/2025"). Exports format with `formatCell`; imports read the same text with `parseCell`.
 */

/** The columns of an export (and of an import): every stored field, in the definition's order. */
export function sheetFields(definition: ResourceDefinition): FieldSpec[] {
  return definition.fields.filter(
    (field) => !field.formOnly && field.kind !== 'password' && field.kind !== 'permissions',
  );
}

/** `address.city` of a row. */
export function valueAt(row: Record<string, unknown>, key: string): unknown {
  let value: unknown = row;
  for (const part of key.split('.')) {
    if (value == null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Sets `address.city` of a row being built. */
export function setValueAt(row: Record<string, unknown>, key: string, value: unknown) {
  const parts = key.split('.');
  let target = row;
  for (const part of parts.slice(0, -1)) {
    target[part] ??= {};
    target = target[part] as Record<string, unknown>;
  }
  target[parts.at(-1)!] = value;
}

/** Accent-, case- and spacing-insensitive form of a header or label: "Razão  Social" → "razao social". */
export function normalizeLabel(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const TIME_ZONE = 'America/Sao_Paulo';
const dateTimeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An instant's calendar date and time on a São Paulo wall clock, as two-digit strings. */
function saoPauloParts(
  instant: Date,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  return Object.fromEntries(
    dateTimeParts.formatToParts(instant).map((p) => [p.type, p.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
}

/** `2025-12-31` → "31/12/2025"; an instant → "31/12/2025 14:05" in São Paulo time. */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string') {
    const match = ISO_DATE.exec(value);
    if (match) return `${match[3]}/${match[2]}/${match[1]}`;
  }
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return String(value);
  const part = saoPauloParts(instant);
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/** CPF when 11 characters, CNPJ otherwise (DOMAIN §1: stored without punctuation). */
export function formatDocument(value: string): string {
  return value.length === 11 ? cpf.format(value) : cnpj.format(value);
}

/**
 * One value as the spreadsheet shows it. `names` turns a reference's id into the referenced
 * row's name (a user's profile).
 */
export function formatCell(
  field: Pick<FieldSpec, 'kind' | 'options'>,
  value: unknown,
  names?: ReadonlyMap<number, string>,
): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'boolean':
      return value ? 'Sim' : 'Não';
    case 'enum':
      return field.options?.[String(value)] ?? String(value);
    case 'money':
      return formatDecimal(value as string, 2);
    case 'quantity':
      return formatDecimal(value as string, 3);
    case 'unitCost':
      return formatDecimal(value as string, 4);
    case 'percent':
      return `${formatDecimal(value as string, 2)}%`;
    case 'date':
      return formatDate(value as string | Date);
    case 'document':
      return formatDocument(String(value));
    case 'cep':
      return cep.format(String(value));
    case 'phone':
      return phone.format(String(value));
    case 'reference':
      return names?.get(Number(value)) ?? String(value);
    default:
      return String(value);
  }
}

/**
 * Excel number formats. The codes are locale-neutral: Excel pt-BR shows them as "R$ 1.234,50",
 * "1.234,500", "10,50%" and "31/12/2025", and sums, sorts and filters the values as numbers and
 * dates. A quantity has the 3 places any unit allows (a column holds items of every unit).
 */
export const NUMBER_FORMATS = {
  text: '@',
  money: '[$R$-416] #,##0.00;-[$R$-416] #,##0.00',
  unitCost: '[$R$-416] #,##0.0000;-[$R$-416] #,##0.0000',
  quantity: '#,##0.000',
  percent: '0.00%',
  integer: '0',
  date: 'dd/mm/yyyy',
  dateTime: 'dd/mm/yyyy hh:mm',
} as const;

export interface SheetCell {
  value: string | number | Date | null;
  numFmt: string;
}

/** A column's format, which a value typed into it later takes too (read-only dates are instants). */
export function columnFormat(field: Pick<FieldSpec, 'kind' | 'readOnly'>): string {
  switch (field.kind) {
    case 'money':
    case 'unitCost':
    case 'quantity':
    case 'percent':
    case 'integer':
      return NUMBER_FORMATS[field.kind];
    case 'date':
      return field.readOnly ? NUMBER_FORMATS.dateTime : NUMBER_FORMATS.date;
    default:
      return NUMBER_FORMATS.text;
  }
}

/** The kinds an XLSX cell holds as a number. */
const NUMBER_KINDS = new Set<FieldSpec['kind']>([
  'money',
  'unitCost',
  'quantity',
  'percent',
  'integer',
]);

/** A percentage is stored as 10.50 for 10,5%; Excel's percent format holds it as 0.105. */
const PERCENT = 100;

/**
 * One value as an XLSX cell: money, unit costs, quantities, percentages and integers as numbers,
 * dates as dates (an instant at its São Paulo wall-clock time, as Excel has no time zones),
 * everything else as the text `formatCell` gives, so documents, CEPs, phones and codes keep
 * their zeros and punctuation. A decimal string has at most 15 digits, which a double holds
 * exactly.
 */
export function sheetCell(
  field: Pick<FieldSpec, 'kind' | 'options' | 'readOnly'>,
  value: unknown,
  names?: ReadonlyMap<number, string>,
): SheetCell {
  if (value === null || value === undefined || value === '') {
    return { value: null, numFmt: columnFormat(field) };
  }
  if (NUMBER_KINDS.has(field.kind)) {
    const number =
      field.kind === 'percent' ? percentFraction(value as string | number) : Number(value);
    if (Number.isFinite(number)) return { value: number, numFmt: columnFormat(field) };
  }
  if (field.kind === 'date') {
    const cell = dateCell(value as string | Date);
    if (cell) return cell;
  }
  return { value: formatCell(field, value, names), numFmt: NUMBER_FORMATS.text };
}

/** 10.50 → 0.105, divided exactly before it becomes a double; NaN for what is no number. */
function percentFraction(value: string | number): number {
  try {
    return new Decimal(value).dividedBy(PERCENT).toNumber();
  } catch {
    return Number.NaN;
  }
}

/** A date or instant as an Excel date, or null for what Excel cannot show as one (before 1900). */
function dateCell(value: string | Date): SheetCell | null {
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  let cell: SheetCell;
  if (match) {
    const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
    cell = { value: new Date(Date.UTC(year, month - 1, day)), numFmt: NUMBER_FORMATS.date };
  } else {
    const instant = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(instant.getTime())) return null;
    const p = saoPauloParts(instant);
    const wallClock = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute);
    cell = { value: new Date(wallClock), numFmt: NUMBER_FORMATS.dateTime };
  }
  return (cell.value as Date).getUTCFullYear() >= MIN_DATE_YEAR ? cell : null;
}

/** A sensible column width (in characters) for a field, known before any row is written. */
export function columnWidth(field: FieldSpec): number {
  const byKind: Partial<Record<FieldSpec['kind'], number>> = {
    boolean: 7,
    enum: 18,
    money: 16,
    unitCost: 18,
    quantity: 14,
    percent: 10,
    integer: 10,
    date: field.readOnly ? 17 : 12,
    document: 20,
    cep: 11,
    phone: 16,
    uf: 5,
    email: 32,
    color: 10,
    reference: 24,
    textarea: 50,
  };
  const content = byKind[field.kind] ?? Math.min(field.maxLength ?? 30, 45);
  return Math.max(content, field.label.length + 2);
}

/**
 * A leading `=`, `+`, `@` or `-` (not a negative number) would make Excel read a cell of a CSV as
 * a formula; exports prefix such a text with an apostrophe and imports drop it again.
 */
const FORMULA_LIKE = /^(?:[=+@\t\r]|-(?![\d,.]))/;

export function guardFormula(text: string): string {
  return FORMULA_LIKE.test(text) ? `'${text}` : text;
}

function unguardFormula(text: string): string {
  return text.startsWith("'") && FORMULA_LIKE.test(text.slice(1)) ? text.slice(1) : text;
}

const TRUE_WORDS = new Set(['sim', 's', 'true', 'verdadeiro', 'v', '1', 'x', 'yes', 'y']);
const FALSE_WORDS = new Set(['nao', 'n', 'false', 'falso', 'f', '0', 'no']);

/** "1.234" in a pt-BR sheet is one thousand two hundred and thirty-four, not 1.234. */
const THOUSANDS_ONLY = /^-?\d{1,3}(\.\d{3})+$/;

function isoDate(date: Date): string {
  // exceljs reads a date cell as midnight UTC of that calendar day.
  return date.toISOString().slice(0, 10);
}

/**
 * One spreadsheet value back into what the API takes; `undefined` when the cell is empty, so
 * the schema's default applies or its "Preenchimento obrigatório" shows. A value that does not
 * parse is handed over unchanged, and the schema's message says what is wrong with it.
 * XLSX cells may arrive as numbers, booleans or dates; CSV cells are always text.
 */
export function parseCell(
  field: Pick<FieldSpec, 'kind' | 'options'>,
  raw: unknown,
  context: { personType?: unknown } = {},
): unknown {
  if (raw === null || raw === undefined) return undefined;
  if (raw instanceof Date) return isoDate(raw);
  if (typeof raw === 'boolean') {
    return field.kind === 'boolean' ? raw : raw ? 'Sim' : 'Não';
  }
  if (typeof raw === 'number') return parseNumberCell(field, raw, context);
  const text = unguardFormula(String(raw).trim());
  if (text === '') return undefined;
  switch (field.kind) {
    case 'boolean': {
      const word = normalizeLabel(text);
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      return text;
    }
    case 'enum':
      return enumCode(field.options ?? {}, text);
    case 'money':
    case 'unitCost':
    case 'quantity':
    case 'percent':
    case 'integer': {
      const plain = text
        .replace(/^R\$\s*/, '')
        .replace(/%$/, '')
        .replace(/\s/g, '');
      return THOUSANDS_ONLY.test(plain) ? plain.replace(/\./g, '') : plain;
    }
    case 'date': {
      const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
      return match
        ? `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`
        : text;
    }
    case 'reference': {
      return /^\d+$/.test(text) ? Number(text) : text;
    }
    default:
      return text;
  }
}

/** A number typed into an XLSX cell: Excel drops leading zeros of documents and CEPs. */
function parseNumberCell(
  field: Pick<FieldSpec, 'kind' | 'options'>,
  raw: number,
  context: { personType?: unknown },
): unknown {
  const digits = Number.isInteger(raw) ? raw.toFixed(0) : String(raw);
  switch (field.kind) {
    case 'boolean':
      return raw !== 0;
    case 'percent':
      // Excel holds 10% as 0.1 (the export's percent format, or "10%" typed into any cell).
      return new Decimal(raw).times(PERCENT).toFixed();
    case 'money':
    case 'unitCost':
    case 'quantity':
    case 'integer':
    case 'reference':
      return raw;
    case 'document': {
      const length =
        context.personType === 'F'
          ? 11
          : context.personType === 'J'
            ? 14
            : digits.length <= 11
              ? 11
              : 14;
      return digits.padStart(length, '0');
    }
    case 'cep':
      return digits.padStart(8, '0');
    case 'enum':
      return enumCode(field.options ?? {}, digits);
    default:
      return digits;
  }
}

/** A label ("Pessoa Física", "pessoa fisica") or a code ("F", "f") → the code. */
function enumCode(options: Record<string, string>, text: string): string {
  const wanted = normalizeLabel(text);
  for (const [code, label] of Object.entries(options)) {
    if (normalizeLabel(label) === wanted || code.toLowerCase() === wanted) return code;
  }
  return text;
}

export interface SheetColumnMatch {
  field: FieldSpec;
  /** Position of the column in the file's rows (0-based). */
  index: number;
}

/**
 * The file's header → which field each column holds, by label or API key, ignoring accents,
 * case and spacing. Unknown columns are ignored; read-only fields (computed) are not imported.
 */
export function matchHeader(fields: FieldSpec[], header: unknown[]): SheetColumnMatch[] {
  const byName = new Map<string, FieldSpec>();
  for (const field of fields) {
    if (field.readOnly) continue;
    byName.set(normalizeLabel(field.label), field);
    byName.set(normalizeLabel(field.key), field);
  }
  const matches: SheetColumnMatch[] = [];
  const seen = new Set<string>();
  header.forEach((cell, index) => {
    const field = typeof cell === 'string' ? byName.get(normalizeLabel(cell)) : undefined;
    if (!field || seen.has(field.key)) return;
    seen.add(field.key);
    matches.push({ field, index });
  });
  return matches;
}

/** One data row of the file → the API's input object (nested keys such as `address.city`). */
export function parseRow(columns: SheetColumnMatch[], cells: unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  // The person type decides how many digits a document typed as a number had.
  const personTypeColumn = columns.find((c) => c.field.key === 'personType');
  const personType = personTypeColumn
    ? parseCell(personTypeColumn.field, cells[personTypeColumn.index])
    : undefined;
  for (const { field, index } of columns) {
    const value = parseCell(field, cells[index], { personType });
    if (value !== undefined) setValueAt(row, field.key, value);
  }
  return row;
}

/** A row whose every cell is empty is skipped, as a person leaves blank lines in a sheet. */
export function isBlankRow(cells: unknown[]): boolean {
  return cells.every((cell) => cell === null || cell === undefined || String(cell).trim() === '');
}
