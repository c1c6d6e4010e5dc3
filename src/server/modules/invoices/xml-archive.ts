import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Decimal } from 'decimal.js';
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import { cnpj, cpf } from '../../../shared/br/documents.js';
import { CSV_BOM, csvRecord } from '../../platform/csv.js';
import { guardFormula } from '../../platform/spreadsheet-format.js';

/**
 * The accountant's archive: a ZIP with each NF-e's XML as it was stored (`NFe<key>.xml`, byte
 * for byte) and `indice.csv`, one row per document (Excel pt-BR CSV: UTF-8 with BOM, `;`).
 * Written as a stream: each XML is deflated and handed to the output as it comes, so only the
 * index's rows are held until the end.
 */
export interface ArchiveEntry {
  accessKey: string;
  number: number;
  series: number;
  /** "2026-11-26" or a date-time starting so ("2026-11-26T09:30:00-03:00"). */
  issueDate: string;
  status: 'ISSUED' | 'CANCELLED';
  recipientName: string;
  /** CNPJ or CPF, unformatted. */
  recipientDocument: string;
  /** vNF, a decimal string ("1234.56"). */
  total: string;
  /** The stored XML (the signed NFe, or the nfeProc once authorized). */
  xml: string;
}

export const XML_ARCHIVE_INDEX = 'indice.csv';

const HEADER = [
  'Número',
  'Série',
  'Data de emissão',
  'Chave de acesso',
  'Destinatário',
  'CPF/CNPJ',
  'Valor total',
  'Situação',
];
const STATUS = { ISSUED: 'Emitida', CANCELLED: 'Cancelada' } as const;

/** The file name of a document in the archive; the key is checked so it cannot name a path. */
export function archiveFileName(accessKey: string): string {
  if (!/^[0-9A-Z]{44}$/.test(accessKey)) throw new Error(`Archive: invalid access key.`);
  return `NFe${accessKey}.xml`;
}

function indexRow(entry: ArchiveEntry): string {
  const date = entry.issueDate.slice(0, 10);
  const document = entry.recipientDocument;
  return csvRecord([
    String(entry.number),
    String(entry.series),
    /^\d{4}-\d{2}-\d{2}$/.test(date)
      ? `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`
      : '',
    entry.accessKey,
    guardFormula(entry.recipientName),
    document.length === 11 ? cpf.format(document) : document ? cnpj.format(document) : '',
    new Decimal(entry.total).toFixed(2).replace('.', ','),
    STATUS[entry.status],
  ]);
}

/**
 * Writes the archive of these entries to `out`, waiting for it to drain when it asks to, and
 * resolves once the ZIP is complete (`out` is not ended: the caller owns it). A key that appears
 * twice is archived once.
 */
export async function writeXmlArchive(
  entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>,
  out: NodeJS.WritableStream,
): Promise<void> {
  let failure: Error | null = null;
  let full = false;
  let finished!: () => void;
  const complete = new Promise<void>((resolve) => (finished = resolve));
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure ??= error;
      finished();
      return;
    }
    if (chunk.length > 0 && !out.write(chunk)) full = true;
    if (final) finished();
  });
  const add = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  };
  const drained = async () => {
    if (failure) throw failure;
    if (full) {
      full = false;
      await once(out as NodeJS.EventEmitter, 'drain');
    }
  };

  const rows = [CSV_BOM, csvRecord(HEADER)];
  const seen = new Set<string>();
  try {
    for await (const entry of entries) {
      const name = archiveFileName(entry.accessKey);
      if (seen.has(name)) continue;
      seen.add(name);
      add(name, entry.xml);
      rows.push(indexRow(entry));
      await drained();
    }
    add(XML_ARCHIVE_INDEX, rows.join(''));
    zip.end();
  } catch (error) {
    zip.terminate();
    throw error;
  }
  await complete;
  if (failure) throw failure;
}

/** The archive as a readable stream (for a reply); an error destroys the stream with it. */
export function xmlArchiveStream(
  entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>,
): Readable {
  const stream = new PassThrough();
  writeXmlArchive(entries, stream).then(
    () => stream.end(),
    (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stream;
}
