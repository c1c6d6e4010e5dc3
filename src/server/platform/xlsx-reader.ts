import { SaxesParser } from 'saxes';
import { messages } from '../../shared/messages.js';
import { yieldEvery } from './event-loop.js';
import { IMPORT_LIMITS, ImportInvalidError, ImportTooLargeError } from './import-limits.js';
import { entryChunks, readZipDirectory, type ZipEntry } from './zip.js';

/** How much of an inflated sheet is parsed between two chances to pause. */
const PARSE_BYTES = 16 * 1024;

/**
 * The first sheet of an uploaded XLSX, row by row, read straight out of the zip by a streaming
 * XML parser, with pauses for the event loop. exceljs's reader inflated every part into memory
 * and modelled the whole workbook in one go: 4.6 s with the event loop blocked and 430 MB for
 * 50,000 rows; this one keeps only the rows. Before anything is inflated the zip's directory
 * must declare at most `IMPORT_LIMITS.unpackedBytes` and no zip-bomb ratio, and no entry may
 * inflate beyond what it declared.
 *
 * Cells come out as exceljs gave them: numbers, dates (a number in a date format), booleans,
 * texts (rich text joined), a formula's last result; errors and empty cells are left out.
 */
export type SheetRowHandler = (line: number, cells: unknown[]) => void;

export async function readXlsxRows(bytes: Buffer, onRow: SheetRowHandler): Promise<void> {
  const zip = openZip(bytes);
  const workbook = await readWorkbook(zip);
  if (!workbook.sheet) return;
  const dateStyles = workbook.styles
    ? await readDateStyles(zip, workbook.styles)
    : new Set<number>();
  const strings = workbook.sharedStrings
    ? await readSharedStrings(zip, workbook.sharedStrings)
    : [];
  await readSheet(zip, workbook.sheet, { strings, dateStyles, date1904: workbook.date1904 }, onRow);
}

interface Zip {
  bytes: Buffer;
  entries: Map<string, ZipEntry>;
}

/** Only entries over 1 MB are held to the ratio: small XML parts pack tighter than sheets. */
const RATIO_FROM_BYTES = 1024 * 1024;

function openZip(bytes: Buffer): Zip {
  const entries = readZipDirectory(bytes);
  const unpacked = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (unpacked > IMPORT_LIMITS.unpackedBytes) throw ImportTooLargeError.unpacked();
  for (const entry of entries) {
    const { compressedSize, uncompressedSize } = entry;
    if (
      uncompressedSize > RATIO_FROM_BYTES &&
      uncompressedSize > compressedSize * IMPORT_LIMITS.compressionRatio
    ) {
      throw new ImportTooLargeError(messages.imports.suspiciousCompression);
    }
  }
  return { bytes, entries: new Map(entries.map((entry) => [entry.name, entry])) };
}

interface XmlHandlers {
  /** An element opens, its name without a namespace prefix. */
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

/** Streams one XML part of the zip through saxes (which expands no DTD entities). */
async function parsePart(zip: Zip, path: string, handlers: XmlHandlers): Promise<void> {
  const entry = zip.entries.get(path);
  if (!entry) throw new Error(`XLSX without ${path}`);
  const parser = new SaxesParser<{ xmlns: false; position: false }>({
    xmlns: false,
    position: false,
  });
  const { open, close, text } = handlers;
  if (open) parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes));
  if (close) parser.on('closetag', (tag) => close(localName(tag.name)));
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  const decoder = new TextDecoder('utf-8');
  const pause = yieldEvery();
  for await (const chunk of entryChunks(zip.bytes, entry)) {
    // An inflated chunk (64 KB) of a sheet took up to ~30 ms to parse on a slow 2-core machine:
    // parsed a quarter at a time, with a pause between, a request waiting meanwhile waits for one
    // quarter. The decoder keeps a character split between two pieces for the next.
    for (let at = 0; at < chunk.length; at += PARSE_BYTES) {
      parser.write(decoder.decode(chunk.subarray(at, at + PARSE_BYTES), { stream: true }));
      await pause();
    }
  }
  parser.write(decoder.decode());
  parser.close();
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

interface Workbook {
  /** The parts' paths in the zip. */
  sheet?: string;
  sharedStrings?: string;
  styles?: string;
  /** Dates count from 1904 (old Mac Excel) rather than 1900. */
  date1904: boolean;
}

async function readWorkbook(zip: Zip): Promise<Workbook> {
  const workbook: Workbook = { date1904: false };
  let firstSheet: string | undefined;
  await parsePart(zip, 'xl/workbook.xml', {
    open: (name, attributes) => {
      if (name === 'workbookPr') {
        workbook.date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      } else if (name === 'sheet' && firstSheet === undefined) {
        // r:id, whatever the prefix of the relationships namespace.
        firstSheet = Object.entries(attributes).find(([key]) => key.endsWith(':id'))?.[1] ?? '';
      }
    },
  });
  await parsePart(zip, 'xl/_rels/workbook.xml.rels', {
    open: (name, { Id, Type = '', Target }) => {
      if (name !== 'Relationship' || !Target) return;
      const path = partPath(Target);
      if (Id === firstSheet) workbook.sheet = path;
      if (Type.endsWith('/sharedStrings')) workbook.sharedStrings = path;
      if (Type.endsWith('/styles')) workbook.styles = path;
    },
  });
  return workbook;
}

/** A relationship's target (relative to xl/, or absolute) → the entry's name in the zip. */
function partPath(target: string): string {
  const path: string[] = [];
  const relative = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  for (const part of relative.split('/')) {
    if (part === '..') path.pop();
    else if (part !== '.' && part !== '') path.push(part);
  }
  return path.join('/');
}

/** Excel's built-in number formats that show a date or a time. */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);

/** exceljs's rule: a format with y, m, d, h, s or b outside quotes and brackets shows a date. */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** The cell styles (indexes of cellXfs, a cell's `s`) whose number format is a date. */
async function readDateStyles(zip: Zip, path: string): Promise<Set<number>> {
  const formats = new Map<number, string>();
  const styleFormats: number[] = [];
  let inCellXfs = false;
  await parsePart(zip, path, {
    open: (name, attributes) => {
      if (name === 'numFmt') formats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) styleFormats.push(Number(attributes.numFmtId ?? 0));
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  const dates = new Set<number>();
  styleFormats.forEach((id, style) => {
    const code = formats.get(id);
    if (code === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(code)) dates.add(style);
  });
  return dates;
}

/** Excel's escapes of characters XML cannot hold: `_x000D_` is a carriage return. */
function unescapeText(text: string): string {
  return text.replace(/_x([0-9A-F]{4})_/g, (_, code: string) =>
    String.fromCharCode(parseInt(code, 16)),
  );
}

/**
 * The text of a string item (a shared string, or an inline string's `<is>`): its `<t>`, or its
 * rich-text runs' `<t>` joined, without phonetic guides (`<rPh>`).
 */
class StringItem {
  private parts = '';
  private inText = false;
  private phonetic = 0;

  open(name: string) {
    if (name === 't') this.inText = true;
    else if (name === 'rPh') this.phonetic += 1;
  }

  close(name: string) {
    if (name === 't') this.inText = false;
    else if (name === 'rPh') this.phonetic -= 1;
  }

  text(text: string) {
    if (this.inText && this.phonetic === 0) this.parts += text;
  }

  take(): string {
    const text = unescapeText(this.parts);
    this.reset();
    return text;
  }

  reset() {
    this.parts = '';
    this.inText = false;
    this.phonetic = 0;
  }
}

async function readSharedStrings(zip: Zip, path: string): Promise<string[]> {
  const strings: string[] = [];
  const item = new StringItem();
  await parsePart(zip, path, {
    open: (name) => item.open(name),
    close: (name) => {
      if (name === 'si') strings.push(item.take());
      else item.close(name);
    },
    text: (text) => item.text(text),
  });
  return strings;
}

interface SheetContext {
  strings: string[];
  dateStyles: Set<number>;
  date1904: boolean;
}

async function readSheet(
  zip: Zip,
  path: string,
  context: SheetContext,
  onRow: SheetRowHandler,
): Promise<void> {
  let line = 0;
  let cells: unknown[] = [];
  // The cell being read: its column (0-based), type, style, and the text of its <v> or <is>.
  let column = -1;
  let type = 'n';
  let style = 0;
  let value = '';
  let hasValue = false;
  let inValue = false;
  const inline = new StringItem();
  await parsePart(zip, path, {
    open: (name, attributes) => {
      switch (name) {
        case 'row': {
          const number = Number(attributes.r);
          line = Number.isInteger(number) && number > 0 ? number : line + 1;
          cells = [];
          column = -1;
          break;
        }
        case 'c': {
          const index = attributes.r ? columnIndex(attributes.r) : -1;
          column = index >= 0 ? index : column + 1;
          if (column >= IMPORT_LIMITS.columns) {
            throw new ImportInvalidError(
              messages.imports.tooManyColumns(line, IMPORT_LIMITS.columns),
            );
          }
          type = attributes.t ?? 'n';
          style = Number(attributes.s ?? 0);
          value = '';
          hasValue = false;
          inline.reset();
          break;
        }
        case 'v':
          inValue = true;
          hasValue = true;
          break;
        case 'is':
          hasValue = true;
          break;
        default:
          inline.open(name);
      }
    },
    close: (name) => {
      switch (name) {
        case 'v':
          inValue = false;
          break;
        case 'c': {
          const cell = hasValue
            ? cellValue(type, type === 'inlineStr' ? inline.take() : value)
            : null;
          if (cell !== null) cells[column] = cell;
          break;
        }
        case 'row':
          onRow(line, cells);
          break;
        default:
          inline.close(name);
      }
    },
    text: (text) => {
      if (inValue) value += text;
      else inline.text(text);
    },
  });

  function cellValue(cellType: string, text: string): unknown {
    switch (cellType) {
      case 's':
        return context.strings[Number(text)] ?? null;
      case 'inlineStr':
      case 'str':
        return text;
      case 'b':
        return Number(text) !== 0;
      case 'e':
        return null;
      case 'd': {
        const date = new Date(text);
        return Number.isNaN(date.getTime()) ? null : date;
      }
      default: {
        const number = parseFloat(text);
        if (Number.isNaN(number)) return null;
        return context.dateStyles.has(style) ? excelDate(number, context.date1904) : number;
      }
    }
  }
}

/** "AB12" → 27; -1 when the reference has no column letters. */
function columnIndex(reference: string): number {
  let index = 0;
  for (let i = 0; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code < 65 || code > 90) break;
    index = index * 26 + code - 64;
  }
  return index - 1;
}

/** A date serial (days since 1899-12-30, or 1904-01-01) → the Date exceljs gave: UTC wall clock. */
function excelDate(serial: number, date1904: boolean): Date {
  const days = serial - 25569 + (date1904 ? 1462 : 0);
  return new Date(Math.round(days * 24 * 3600 * 1000));
}
