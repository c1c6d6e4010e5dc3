import { isUtf8 } from 'node:buffer';
import { messages } from '../../shared/messages.js';
import { yieldEvery } from './event-loop.js';
import { IMPORT_LIMITS, ImportInvalidError } from './import-limits.js';

/**
 * CSV as Excel pt-BR writes and opens it: UTF-8 with a BOM (else Excel guesses Windows-1252),
 * `;` between fields (the comma is the decimal separator), CRLF between records, and a field
 * quoted only when it holds `;`, `"` or a line break.
 */
export const CSV_BOM = '\uFEFF';
const CSV_SEPARATOR = ';';
const CSV_NEWLINE = '\r\n';

export function csvField(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvRecord(values: string[]): string {
  return values.map(csvField).join(CSV_SEPARATOR) + CSV_NEWLINE;
}

/** A whole file: BOM, then one record per row. */
export function toCsv(rows: string[][]): string {
  return CSV_BOM + rows.map(csvRecord).join('');
}

/**
 * The text of an uploaded CSV: UTF-8 (with or without BOM), or Windows-1252 when the bytes are
 * not UTF-8 — what Excel's plain "CSV (separado por vírgulas)" saves.
 */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.startsWith(CSV_BOM) ? text.slice(1) : text;
}

/** The separator of a file: whichever of `;`, `,` and tab its first record (outside quotes) has most. */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = CSV_SEPARATOR;
  for (const [separator, count] of counts) if (count > counts.get(best)!) best = separator;
  return best;
}

/**
 * RFC 4180 records (quotes, doubled quotes, line breaks inside quotes; CRLF, LF or CR), with
 * the separator detected. A final line break does not make an empty record.
 */
export function parseCsv(text: string, separator = detectSeparator(text)): string[][] {
  const records: string[][] = [];
  const parser = new CsvParser((_line, cells) => records.push(cells), separator);
  parser.push(text);
  parser.end();
  return records;
}

const CHUNK_BYTES = 64 * 1024;

/**
 * An uploaded CSV record by record, as `decodeCsv` and `parseCsv` read it, 64 KB at a time with
 * pauses for the event loop, so a large file does not hold up other requests.
 */
export async function readCsv(
  bytes: Uint8Array,
  onRecord: (line: number, cells: string[]) => void,
): Promise<void> {
  // A UTF-8 decoder drops the BOM by itself.
  const decoder = new TextDecoder(isUtf8(bytes) ? 'utf-8' : 'windows-1252');
  const parser = new CsvParser(onRecord);
  const pause = yieldEvery();
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    parser.push(decoder.decode(bytes.subarray(at, at + CHUNK_BYTES), { stream: true }));
    await pause();
  }
  parser.push(decoder.decode());
  parser.end();
}

/**
 * The CSV reader: text goes in chunk by chunk (a field, a quote or a CRLF may be split between
 * two), and each record comes out with its number (1 = the first) as soon as it ends. A record
 * of more than `IMPORT_LIMITS.columns` fields is refused as it grows.
 */
export class CsvParser {
  private field = '';
  private record: string[] = [];
  private line = 1;
  private state: 'field' | 'quoted' | 'quote in quoted' = 'field';
  /** The last chunk ended with CR: an LF starting the next belongs to it. */
  private afterCr = false;

  constructor(
    private readonly onRecord: (line: number, cells: string[]) => void,
    private separator?: string,
  ) {}

  push(text: string): void {
    if (text === '') return;
    const separator = (this.separator ??= detectSeparator(text));
    let i = 0;
    if (this.afterCr && text[0] === '\n') i = 1;
    this.afterCr = false;
    // The field's characters from `start` up to `i` are copied into `field` in one slice.
    let start = i;
    for (; i < text.length; i++) {
      const char = text[i];
      if (this.state === 'quoted') {
        if (char === '"') {
          this.field += text.slice(start, i);
          this.state = 'quote in quoted';
        }
        continue;
      }
      if (this.state === 'quote in quoted') {
        if (char === '"') {
          // A doubled quote is one quote; the field stays quoted.
          this.field += '"';
          this.state = 'quoted';
          start = i + 1;
          continue;
        }
        // The quote closed the quoted part; what follows is read as plain text.
        this.state = 'field';
        start = i;
      }
      if (char === separator) {
        this.endField(text.slice(start, i));
        start = i + 1;
      } else if (char === '\n' || char === '\r') {
        this.endField(text.slice(start, i));
        this.endRecord();
        if (char === '\r') {
          if (i + 1 === text.length) this.afterCr = true;
          else if (text[i + 1] === '\n') i += 1;
        }
        start = i + 1;
      } else if (char === '"' && start === i && this.field === '') {
        this.state = 'quoted';
        start = i + 1;
      }
    }
    if (this.state !== 'quote in quoted') this.field += text.slice(start);
  }

  end(): void {
    if (this.field !== '' || this.record.length > 0) {
      this.endField('');
      this.endRecord();
    }
  }

  private endField(rest: string) {
    if (this.record.length === IMPORT_LIMITS.columns) {
      throw new ImportInvalidError(
        messages.imports.tooManyColumns(this.line, IMPORT_LIMITS.columns),
      );
    }
    this.record.push(this.field + rest);
    this.field = '';
    this.state = 'field';
  }

  private endRecord() {
    const record = this.record;
    this.record = [];
    this.onRecord(this.line++, record);
  }
}
