import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { clients } from '../../shared/resources/clients.js';
import { useTestApi } from '../testing/api-app.js';
import { cpfFrom } from '../testing/documents.js';
import { multipart } from '../testing/multipart.js';
import { deflateRepeated, SHEET_END, SHEET_START, xlsxParts, zipOf } from '../testing/zip.js';
import { csvRecord, CSV_BOM } from './csv.js';
import { createExportFile } from './export.js';
import { sheetFields } from './spreadsheet-format.js';

/**
 * An import must not stop the server for everyone (issue 15 §2): while the largest accepted file
 * imports, and while oversized ones are refused, /health — over a real socket — answers in under
 * 200 ms and the process's memory stays bounded.
 *
 * Memory is what the process holds live: the JS heap plus buffers right after a full collection
 * (this project runs with --expose-gc). The resident size would measure when V8 chooses to
 * collect, which differs between machines: the same 50,000-row import grew it by 200 MB here
 * and 540 MB on another machine while holding under 100 MB live.
 */
const api = useTestApi();
const MB = 1024 * 1024;
const MAX_HEALTH_MS = 200;
let healthUrl: string;

beforeAll(async () => {
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  healthUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}/api/v1/health`;
});

/** An import request, ready to send: its multipart body is built now, outside what is timed. */
async function importRequest(fileName: string, content: Buffer | string) {
  const body = multipart(fileName, content);
  const token = await api.adminToken();
  return () => api.request({ method: 'POST', url: '/api/v1/clients/import', token, ...body });
}

async function importFile(fileName: string, content: Buffer | string) {
  return (await importRequest(fileName, content))();
}

interface Watched<T> {
  result: T;
  ms: number;
  /** The slowest /health answer while the work ran, and how many were asked. */
  maxHealthMs: number;
  healthChecks: number;
  /** The live memory at its highest while the work ran, over what it was before. */
  liveGrowthMb: number;
}

/**
 * The /health client, in a thread of its own as a user's browser would be: a client on the
 * server's thread would count its own work (its fetch takes several turns of the event loop, each
 * behind a slice of the import) as the server's. It asks, reports the time, and waits for the word
 * to ask again, so the memory measured between two probes never lands inside one.
 */
const PROBE = `
  const { parentPort, workerData } = require('node:worker_threads');
  parentPort.on('message', async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const asked = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    parentPort.postMessage({ status: response.status, ms: performance.now() - asked });
  });
`;

/** Runs `work` while asking /health over and over, timing each answer and watching the memory. */
async function watched<T>(label: string, work: () => Promise<T>): Promise<Watched<T>> {
  const probe = new Worker(PROBE, { eval: true, workerData: { url: healthUrl } });
  try {
    return await watchedWith(label, work, probe);
  } finally {
    await probe.terminate();
  }
}

async function watchedWith<T>(
  label: string,
  work: () => Promise<T>,
  probe: Worker,
): Promise<Watched<T>> {
  // A fetch that fails in the thread ends it with an 'error': the probe's answer is then that.
  const asked = (): Promise<{ status: number; ms: number }> =>
    new Promise((resolve, reject) => {
      const answered = (answer: { status: number; ms: number }) => {
        probe.off('error', failed);
        resolve(answer);
      };
      const failed = (error: Error) => {
        probe.off('message', answered);
        reject(error);
      };
      probe.once('message', answered);
      probe.once('error', failed);
      probe.postMessage('probe');
    });
  // The client's first fetch loads and compiles its HTTP parser: done before the work starts.
  await asked();

  const before = liveMemory();
  let peak = before;
  let collected = -Infinity; // the first probe measures, however short the work
  const latencies: number[] = [];
  let done = false;
  const started = performance.now();
  const running = work().finally(() => (done = true));
  const probing = (async () => {
    while (!done) {
      const answer = await asked();
      expect(answer.status).toBe(200);
      latencies.push(answer.ms);
      // A full collection holds the thread 100 ms or more: measure twice a second, between probes.
      if (performance.now() - collected > 500) {
        peak = Math.max(peak, liveMemory());
        collected = performance.now();
      }
    }
  })();
  const result = await running;
  const ms = performance.now() - started;
  await probing;
  const watch = {
    result,
    ms,
    maxHealthMs: Math.max(...latencies),
    healthChecks: latencies.length,
    liveGrowthMb: (peak - before) / MB,
  };
  const median = latencies.sort((a, b) => a - b)[Math.floor(latencies.length / 2)] ?? 0;
  console.info(
    `${label}: ${(ms / 1000).toFixed(1)} s; /health slowest ${watch.maxHealthMs.toFixed(0)} ms, ` +
      `median ${median.toFixed(0)} ms over ${watch.healthChecks}; live memory +${watch.liveGrowthMb.toFixed(0)} MB`,
  );
  return watch;
}

/** The JS heap and buffers still referenced: what a full collection leaves. */
function liveMemory(): number {
  if (typeof global.gc !== 'function') throw new Error('api-timed runs with --expose-gc');
  global.gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

async function clientCount() {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM clients`.execute(api.db);
  return Number(rows[0]!.n);
}

const HEADER = ['Tipo de pessoa', 'CPF / CNPJ', 'Nome / Razão social', 'Cidade', 'UF', 'Ativo'];

/** A CSV of `count` valid clients, CPFs from `first` on. */
function clientsCsv(count: number, first: number): string {
  const lines = [CSV_BOM, csvRecord(HEADER)];
  for (let i = 0; i < count; i++) {
    const cpf = cpfFrom(String(first + i));
    lines.push(csvRecord(['Pessoa Física', cpf, `Cliente ${first + i}`, 'São Paulo', 'SP', 'Sim']));
  }
  return lines.join('');
}

/** An XLSX of `count` clients with every column, as the clients' own export writes it. */
async function clientsXlsx(count: number, first: number): Promise<Buffer> {
  const file = await createExportFile('xlsx', clients.label, sheetFields(clients));
  for (let i = 0; i < count; i++) {
    file.addRow(
      {
        personType: 'F',
        document: cpfFrom(String(first + i)),
        name: `Cliente em planilha ${first + i}`,
        tradeName: `Fantasia ${i}`,
        email: `cliente${first + i}@exemplo.com.br`,
        phone: '11934567890',
        address: {
          zipCode: '01310100',
          street: 'Rua Augusta',
          number: String(i),
          district: 'Consolação',
          city: 'São Paulo',
          state: 'SP',
        },
        creditLimit: '2500.00',
        notes: 'Cliente importado de planilha',
        active: true,
      },
      new Map(),
    );
  }
  return file.finish();
}

describe('the largest accepted imports', () => {
  it('imports 50,000 CSV rows while /health keeps answering, in bounded memory', async () => {
    const csv = clientsCsv(50_000, 300_000_000);
    const before = await clientCount();
    const watch = await watched('50,000-row CSV import', await importRequest('clientes.csv', csv));
    expect(watch.result.statusCode, watch.result.body.slice(0, 300)).toBe(200);
    expect(watch.result.json()).toEqual({ imported: 50_000 });
    expect(await clientCount()).toBe(before + 50_000);
    expect(watch.maxHealthMs).toBeLessThan(MAX_HEALTH_MS);
    expect(watch.liveGrowthMb).toBeLessThan(150);
  }, 180_000);

  it('imports a 50,000-row XLSX of every column (42 MB of XML) likewise', async () => {
    const xlsx = await clientsXlsx(50_000, 400_000_000);
    const before = await clientCount();
    const watch = await watched(
      '50,000-row XLSX import',
      await importRequest('clientes.xlsx', xlsx),
    );
    expect(watch.result.statusCode, watch.result.body.slice(0, 300)).toBe(200);
    expect(watch.result.json()).toEqual({ imported: 50_000 });
    expect(await clientCount()).toBe(before + 50_000);
    expect(watch.maxHealthMs).toBeLessThan(MAX_HEALTH_MS);
    expect(watch.liveGrowthMb).toBeLessThan(150);
  }, 180_000);
});

describe('oversized imports, refused without stopping the server', () => {
  it('refuses a CSV of a million rows (20 MB) at its 50,001st row', async () => {
    const csv = 'Tipo de pessoa;CPF / CNPJ;Nome\r\n' + 'F;52998224725;Ana\r\n'.repeat(1_000_000);
    const before = await clientCount();
    const watch = await watched(
      '1,000,000-row CSV refused',
      await importRequest('milhao.csv', csv),
    );
    expect(watch.maxHealthMs).toBeLessThan(MAX_HEALTH_MS);
    expect(watch.liveGrowthMb).toBeLessThan(150);
    expect(watch.result.statusCode).toBe(413);
    expect(watch.result.json().error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: messages.imports.tooManyRows(50_000),
    });
    expect(await clientCount()).toBe(before);
  }, 60_000);

  it('refuses an XLSX whose zip directory declares 300 MB, before inflating it', async () => {
    const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
    const rows = await deflateRepeated(row, 6e6, SHEET_START, SHEET_END);
    const bomb = zipOf(xlsxParts({ deflated: rows }));
    expect(bomb.length).toBeLessThan(MB);
    const watch = await watched(
      `${bomb.length} B XLSX declaring 300 MB refused`,
      await importRequest('bomba.xlsx', bomb),
    );
    expect(watch.maxHealthMs).toBeLessThan(MAX_HEALTH_MS);
    expect(watch.result.statusCode).toBe(413);
    expect(watch.result.json().error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: messages.imports.unpackedTooLarge(100),
    });
  }, 60_000);

  it('refuses an XLSX that packs 90 MB into a few hundred kilobytes (a zip bomb)', async () => {
    const rows = await deflateRepeated('<row><c><v>1</v></c></row>', 3.5e6, SHEET_START, SHEET_END);
    const bomb = zipOf(xlsxParts({ deflated: rows }));
    const response = await importFile('bomba.xlsx', bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(messages.imports.suspiciousCompression);
  });

  it('stops an XLSX whose directory lies about its size where the lie shows', async () => {
    const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
    const rows = await deflateRepeated(row, 6e6, SHEET_START, SHEET_END);
    // The sheet says it unpacks to 1 MB (some 20,000 rows); it inflates to 300 MB, 6 million.
    const bomb = zipOf(xlsxParts({ deflated: rows, declaredSize: 1_000_000 }));
    const watch = await watched(
      'XLSX lying about 300 MB refused',
      await importRequest('bomba.xlsx', bomb),
    );
    expect(watch.maxHealthMs).toBeLessThan(MAX_HEALTH_MS);
    expect(watch.liveGrowthMb).toBeLessThan(150);
    expect(watch.result.statusCode).toBe(400);
    expect(watch.result.json().error).toMatchObject({
      code: 'IMPORT_INVALID',
      message: messages.imports.unreadable,
    });
  }, 60_000);

  it('refuses an XLSX of honest sizes but a million rows at its 50,001st row', async () => {
    const row = (n: number) => `<row r="${n}"><c r="A${n}"><v>${n}</v></c></row>`;
    let sheet = SHEET_START + row(1);
    for (let n = 2; n <= 1_000_000; n++) sheet += row(n);
    const xlsx = zipOf(xlsxParts({ data: sheet + SHEET_END }));
    const watch = await watched(
      '1,000,000-row XLSX refused',
      await importRequest('milhao.xlsx', xlsx),
    );
    expect(watch.maxHealthMs).toBeLessThan(MAX_HEALTH_MS);
    expect(watch.liveGrowthMb).toBeLessThan(150);
    expect(watch.result.statusCode).toBe(413);
    expect(watch.result.json().error.message).toBe(messages.imports.tooManyRows(50_000));
  }, 60_000);

  it('refuses a cell over 10,000 characters and a row over 1,000 columns, naming the line', async () => {
    const long = await importFile(
      'longo.csv',
      CSV_BOM +
        csvRecord(['Tipo de pessoa', 'CPF / CNPJ', 'Nome / Razão social']) +
        csvRecord(['F', cpfFrom('123123123'), 'Ana']) +
        csvRecord(['F', cpfFrom('123123124'), 'x'.repeat(10_001)]),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      code: 'IMPORT_INVALID',
      message: messages.imports.cellTooLongAt(3, 'Nome / Razão social', 10_000),
      fields: { '3.Nome / Razão social': messages.imports.cellTooLong(10_000) },
    });

    const wide = await importFile('largo.csv', 'Nome;CPF\r\n' + ';'.repeat(1_000) + '\r\n');
    expect(wide.statusCode).toBe(400);
    expect(wide.json().error.message).toBe(messages.imports.tooManyColumns(2, 1_000));

    const wideXlsx = zipOf(
      xlsxParts({ data: `${SHEET_START}<row r="1"><c r="ALM1"><v>1</v></c></row>${SHEET_END}` }),
    );
    const refused = await importFile('largo.xlsx', wideXlsx);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(messages.imports.tooManyColumns(1, 1_000));
  });
});

describe('imports at once', () => {
  it('runs two at a time per process; a third answers 429 with Retry-After', async () => {
    const files = [0, 1, 2].map((n) => clientsCsv(5_000, 600_000_000 + n * 10_000));
    const responses = await Promise.all(files.map((csv, n) => importFile(`lote-${n}.csv`, csv)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const busy = responses.find((response) => response.statusCode === 429)!;
    expect(busy.headers['retry-after']).toBe('10');
    expect(busy.json().error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: messages.imports.busy,
    });
    // The slots are given back: the next import runs.
    const after = await importFile('depois.csv', clientsCsv(10, 700_000_000));
    expect(after.statusCode).toBe(200);
  }, 60_000);
});
