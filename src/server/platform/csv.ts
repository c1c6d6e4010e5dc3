/**
 * CSV as Excel pt-BR writes and opens it: UTF-8 with a BOM (else Excel guesses Windows-1252),
 * `;` between fields (the comma is the decimal separator), CRLF between records, and a field
 * quoted only when it holds `;`, `"` or a line break.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_NEWLINE = '\r\n';

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
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += char;
      }
      i += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
    } else if (char === separator) {
      endField();
    } else if (char === '\r' || char === '\n') {
      endRecord();
      if (char === '\r' && text[i + 1] === '\n') i += 1;
    } else {
      field += char;
    }
    i += 1;
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}
