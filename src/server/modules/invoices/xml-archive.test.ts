import { once } from 'node:events';
import { Writable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildNfeXml } from '../nfe/index.js';
import { crt1Sale, crt3Sale } from '../nfe/testing/sample-documents.js';
import {
  type ArchiveEntry,
  writeXmlArchive,
  xmlArchiveStream,
  XML_ARCHIVE_INDEX,
} from './xml-archive.js';

/** A writable that keeps what it is given, answering "full" after every chunk to test drains. */
function sink() {
  const chunks: Buffer[] = [];
  let writes = 0;
  const stream = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      writes += 1;
      setImmediate(done);
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks), writes: () => writes };
}

const first = buildNfeXml(crt1Sale);
const second = buildNfeXml({ ...crt1Sale, number: 1533, randomCode: '51234987' });
const third = buildNfeXml(crt3Sale);
const entries: ArchiveEntry[] = [
  {
    accessKey: first.accessKey,
    number: 1532,
    series: 1,
    issueDate: '2026-11-26T09:30:00-03:00',
    status: 'ISSUED',
    recipientName: 'Comércio de Ferragens Silva & Filhos; Ltda',
    recipientDocument: '11222333000181',
    total: '337.74',
    xml: `<?xml version="1.0" encoding="UTF-8"?>${first.xml}`,
  },
  {
    accessKey: second.accessKey,
    number: 1533,
    series: 1,
    issueDate: '2026-11-27',
    status: 'CANCELLED',
    recipientName: '=HYPERLINK("x")',
    recipientDocument: '12345678909',
    total: '5',
    xml: second.xml,
  },
  {
    accessKey: third.accessKey,
    number: 88,
    series: 1,
    issueDate: '2026-12-01',
    status: 'ISSUED',
    recipientName: 'Montadora Paranaense de Máquinas Ltda',
    recipientDocument: '12ABC34501DE35',
    total: '3038.47',
    xml: third.xml,
  },
];

async function* slowly(list: ArchiveEntry[]) {
  for (const entry of list) {
    await new Promise((resolve) => setImmediate(resolve));
    yield entry;
  }
}

describe('the XML archive', () => {
  it('holds every XML byte for byte and an index of them, from an async source', async () => {
    const out = sink();
    await writeXmlArchive(slowly(entries), out.stream);
    out.stream.end();
    await once(out.stream, 'finish');
    expect(out.writes()).toBeGreaterThan(1);
    const files = unzipSync(out.bytes());
    expect(Object.keys(files).sort()).toEqual(
      [...entries.map((entry) => `NFe${entry.accessKey}.xml`), XML_ARCHIVE_INDEX].sort(),
    );
    for (const entry of entries) {
      expect(Buffer.from(files[`NFe${entry.accessKey}.xml`]!)).toEqual(
        Buffer.from(entry.xml, 'utf8'),
      );
    }
    const indexBytes = Buffer.from(files[XML_ARCHIVE_INDEX]!);
    // The BOM's bytes (a TextDecoder would drop them unseen).
    expect(indexBytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const index = indexBytes.toString('utf8');
    expect(index.slice(1).split('\r\n')).toEqual([
      'Número;Série;Data de emissão;Chave de acesso;Destinatário;CPF/CNPJ;Valor total;Situação',
      `1532;1;26/11/2026;${first.accessKey};"Comércio de Ferragens Silva & Filhos; Ltda";11.222.333/0001-81;337,74;Emitida`,
      `1533;1;27/11/2026;${second.accessKey};"'=HYPERLINK(""x"")";123.456.789-09;5,00;Cancelada`,
      `88;1;01/12/2026;${third.accessKey};Montadora Paranaense de Máquinas Ltda;12.ABC.345/01DE-35;3038,47;Emitida`,
      '',
    ]);
  });

  it('streams from a plain list, archiving a repeated key once', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of xmlArchiveStream([...entries, entries[0]!])) {
      chunks.push(chunk as Buffer);
    }
    const files = unzipSync(Buffer.concat(chunks));
    expect(Object.keys(files)).toHaveLength(4);
    expect(strFromU8(files[XML_ARCHIVE_INDEX]!).split('\r\n')).toHaveLength(5);
  });

  it('fails on a key that is not one, rather than writing a path of it', async () => {
    const stream = xmlArchiveStream([{ ...entries[0]!, accessKey: '../../etc/passwd' }]);
    await expect(async () => {
      for await (const chunk of stream) expect(chunk).toBeDefined();
    }).rejects.toThrow('invalid access key');
  });
});
