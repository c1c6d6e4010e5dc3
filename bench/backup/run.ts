/**
 * Backup benchmark: the server as `npm start` runs it, with the stock benchmark's data (5,000
 * items, 1,000,000 movements) and the finance benchmark's (200,000 bills, 500,000 account entries)
 * in its database, then
 *   (a) a backup of the running server's database (what `npm run backup` does once it has found
 *       the database), while one client keeps reading (the health check and the clients list's
 *       first page, one request after another): their latencies during the backup are reported;
 *   (b) a restore of that file into a new embedded PostgreSQL (what `npm run restore` does into a
 *       new FABRIL_DATA_DIR; the initdb is timed apart);
 *   (c) every table of the restored database compared with the source (row count and a hash of
 *       its rows).
 * Prints a table and writes it to bench/backup/results/. See bench/README.md.
 *
 * Usage: npm run bench:backup [-- --movements 1000000 --bills 200000 --entries 500000]
 * With DATABASE_URL set, the server uses that database (empty) and the restore goes into a new
 * database beside it on the same server (its user needs CREATEDB).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { backupDatabase } from '../../src/server/backup/backup.js';
import { restoreDatabase } from '../../src/server/backup/restore.js';
import { createDatabaseIfMissing } from '../../src/server/db/database-url.js';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres.js';
import { generateFinance } from '../finance/generate.js';
import { headersFor, login, percentile } from '../support/load.js';
import { startBenchServer } from '../support/server.js';
import { generateStock } from '../stock/generate.js';

const RESULTS = path.join(import.meta.dirname, 'results');

const { values: args } = parseArgs({
  options: {
    movements: { type: 'string', default: '1000000' },
    items: { type: 'string', default: '5000' },
    bills: { type: 'string', default: '200000' },
    entries: { type: 'string', default: '500000' },
  },
});

const n = (value: number) => value.toLocaleString('pt-BR');
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

/** Each table's row count and an order-free hash of its rows. */
async function fingerprint(url: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(`
      SELECT relname AS name FROM pg_class
       WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname`);
    const result = new Map<string, string>();
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: string; h: string }>(
        `SELECT count(*) AS n, coalesce(sum(hashtextextended(t::text, 0)::numeric), 0) AS h
           FROM public."${name}" t`,
      );
      result.set(name, `${rows[0]!.n} ${rows[0]!.h}`);
    }
    return result;
  } finally {
    await client.end();
  }
}

async function sizeOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ bytes: string; version: string }>(
      `SELECT pg_database_size(current_database()) AS bytes, version() AS version`,
    );
    return { bytes: Number(rows[0]!.bytes), version: rows[0]!.version.split(',')[0]! };
  } finally {
    await client.end();
  }
}

/** One reader, request after request, until stopped: each response's time. */
function readWhile(base: string, token: string) {
  let running = true;
  const times: number[] = [];
  const paths = ['/api/v1/health', '/api/v1/clients?page=1&pageSize=20&sort=name'];
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      const response = await fetch(`${base}${paths[i % 2]}`, { headers: headersFor(token) });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${paths[i % 2]}: ${response.status}`);
      times.push(performance.now() - started);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return times.sort((a, b) => a - b);
    },
  };
}

async function main() {
  const server = await startBenchServer('backup');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fabril-bench-restore-'));
  fs.chmodSync(work, 0o755);
  const lines: string[] = [];
  const say = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  let stopRestored = async () => undefined as void;
  try {
    const { databaseUrl } = server;
    console.log('Gerando os dados de bench:stock e bench:finance...');
    const stock = await generateStock(databaseUrl, {
      items: Number(args.items),
      movements: Number(args.movements),
    });
    const finance = await generateFinance(databaseUrl, {
      bills: Number(args.bills),
      entries: Number(args.entries),
    });
    const source = await sizeOf(databaseUrl);
    say(
      `Fabril bench:backup — ${new Date().toISOString()} — ${os.cpus().length} núcleos, ` +
        `${source.version} (${server.target})`,
    );
    say(
      `Dados: ${n(stock.items)} itens, ${n(stock.movements)} movimentos de estoque, ` +
        `${n(finance.bills)} contas, ${n(finance.entries)} lançamentos; banco de ` +
        `${mb(source.bytes)} (pg_database_size, com índices)`,
    );

    // (a) the backup, with a reader on the running server.
    const token = await login(server.url);
    const file = path.join(work, 'fabril.sql.gz');
    const reader = readWhile(server.url, token);
    const backup = await backupDatabase(databaseUrl, file);
    const during = await reader.stop();
    say(
      `(a) backup: ${s(backup.ms)} — ${n(backup.rows)} linhas de ${backup.tables} tabelas, ` +
        `arquivo de ${mb(backup.bytes)}`,
    );
    say(
      `    leituras durante o backup (${n(during.length)}, uma após a outra): ` +
        `p50 ${percentile(during, 0.5).toFixed(1)} ms, p95 ${percentile(during, 0.95).toFixed(1)} ms, ` +
        `máx. ${during.at(-1)!.toFixed(1)} ms`,
    );

    // (b) the restore, into a database of its own.
    let restoredUrl: string;
    const initStarted = performance.now();
    if (server.target === 'embutido') {
      const embedded = await startEmbeddedPostgres({ dir: path.join(work, 'data'), log: () => {} });
      stopRestored = embedded.stop;
      await createDatabaseIfMissing(embedded.url('postgres'), 'fabril');
      restoredUrl = embedded.url('fabril');
    } else {
      const url = new URL(databaseUrl);
      const name = `${url.pathname.slice(1)}_restore`;
      url.pathname = '/postgres';
      await createDatabaseIfMissing(url.toString(), name);
      url.pathname = `/${name}`;
      restoredUrl = url.toString();
    }
    const init = performance.now() - initStarted;
    const restore = await restoreDatabase(restoredUrl, file);
    say(
      `(b) restore: ${s(restore.ms)} (${n(restore.rows)} linhas, chaves estrangeiras verificadas, ` +
        `ANALYZE incluído); novo PostgreSQL (initdb e início) à parte: ${s(init)}`,
    );

    // (c) the copy is the source.
    const [before, after] = [await fingerprint(databaseUrl), await fingerprint(restoredUrl)];
    const differing = [...before.keys()].filter((table) => before.get(table) !== after.get(table));
    say(
      differing.length === 0 && before.size === after.size
        ? `(c) as ${before.size} tabelas restauradas são iguais às de origem (linhas e hash)`
        : `(c) DIFERENTES: ${differing.join(', ')}`,
    );
    fs.mkdirSync(RESULTS, { recursive: true });
    fs.writeFileSync(path.join(RESULTS, `backup-${server.target}.txt`), `${lines.join('\n')}\n`);
    if (differing.length) process.exitCode = 1;
  } finally {
    await stopRestored();
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
