/**
 * List benchmark: the server as `npm start` runs it, 100,000 clients in its database, and
 * autocannon (10 connections, 10 s; then 1 connection, 3 s) on three client lists — the first
 * page by name, page 500 by name, and an accent-less search. Prints requests/s, p50/p95/p99
 * (every response timed through autocannon's 'response' event) and non-2xx, writes the
 * EXPLAIN (ANALYZE, BUFFERS) of the SQL the repository generates for each list, then times a
 * 10,000-row import and the full exports. See bench/README.md.
 *
 * Usage: npm run bench:lists [-- --clients 100000 --duration 10 --connections 10]
 * With DATABASE_URL set, the server uses that (empty) database instead of the embedded one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CamelCasePlugin, Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { ROOT } from '../../e2e/support/server.js';
import type { Database } from '../../src/server/db/types.js';
import { masterDataConfigs } from '../../src/server/modules/master-data/master-data.routes.js';
import { createCrudService } from '../../src/server/platform/crud.js';
import { login, measureRead, type ReadMeasurement } from '../support/load.js';
import { startBenchServer } from '../support/server.js';
import { cpfFor, generateClients } from './generate-clients.js';
import { comparePlans, PLAN_RUNS } from './plans.js';

const RESULTS = path.join(import.meta.dirname, 'results');
const P95_TARGET_MS = 30;

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'import-rows': { type: 'string', default: '10000' },
    // The server counts a searched list's total at every request (FABRIL_LIST_COUNT_REUSE=0).
    'count-every-request': { type: 'boolean', default: false },
  },
});
const CLIENTS = Number(args.clients);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const IMPORT_ROWS = Number(args['import-rows']);
const COUNT_EVERY_REQUEST = args['count-every-request'];
const PLAN_RATIO_TARGET = 1.2;

const LISTS = [
  { label: 'primeira página, por nome', query: { page: 1, pageSize: 20, sort: 'name' } },
  // Reported, not judged: nobody jumps to page 500 of a list; it shows what OFFSET costs there.
  {
    label: 'referência: página 500',
    query: { page: 500, pageSize: 20, sort: 'name' },
    reference: true,
  },
  { label: 'busca q=joao', query: { page: 1, pageSize: 20, sort: 'name', q: 'joao' } },
  // A rare term: no client has it, so the page comes from the trigram index alone (issue 22).
  {
    label: 'busca rara q=cardoso mon',
    query: { page: 1, pageSize: 20, sort: 'name', q: 'cardoso mon' },
  },
] as const;

const toQueryString = (query: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

interface Measurement extends ReadMeasurement {
  label: string;
  path: string;
  /** Not a target: a list whose database work is nil, to show what the rest costs. */
  reference: boolean;
}

/**
 * The SQL the repository really sends for each list, captured from Kysely's log while the
 * generic CRUD service runs the list, then explained with the same parameters; and the page
 * query of each searched list, for plans.ts.
 */
async function explainLists(databaseUrl: string) {
  const captured: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  const clients = masterDataConfigs.find((config) => config.definition.path === 'clients')!;
  const service = createCrudService(clients);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sections: string[] = [];
  const searchedPages: { label: string; sql: string; parameters: readonly unknown[] }[] = [];
  try {
    for (const list of LISTS) {
      // Twice: the first read of a list (cold: no count kept yet), then the read every later
      // request makes (a searched count kept while the table's stamp has not moved).
      captured.length = 0;
      await service.list(db, { ...list.query });
      const firstRead = captured.length;
      await service.list(db, { ...list.query });
      // The later reads' first statement is the page (its count is kept, or counted after it).
      if ('q' in list.query) searchedPages.push({ label: list.label, ...captured[firstRead]! });
      for (const [index, query] of captured.entries()) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`,
          query.parameters as unknown[],
        );
        sections.push(
          [
            `-- ${list.label}, ${index < firstRead ? '1ª leitura' : 'leituras seguintes'}: GET /api/v1/clients?${toQueryString(list.query)}`,
            `-- ${query.sql}`,
            `-- parâmetros: ${JSON.stringify(query.parameters)}`,
            ...rows.map((row) => row['QUERY PLAN']),
            '',
          ].join('\n'),
        );
      }
    }
  } finally {
    await client.end();
    await db.destroy();
  }
  return { plans: sections.join('\n'), searchedPages };
}

function importCsv(first: number, count: number) {
  const formatCpf = (d: string) =>
    `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  const lines = [
    'Tipo de pessoa;CPF / CNPJ;Nome / Razão social;E-mail;Celular;CEP;Cidade;UF;Limite de crédito;Ativo',
  ];
  for (let i = 0; i < count; i++) {
    lines.push(
      `Pessoa Física;${formatCpf(cpfFor(first + i))};Importação Conceição ${i};` +
        `importado${i}@exemplo.com.br;(47) 99876-${String(i % 10_000).padStart(4, '0')};` +
        '89010-000;Blumenau;SC;1.500,00;Sim',
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function timeImport(base: string, token: string) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([importCsv(CLIENTS, IMPORT_ROWS)], { type: 'text/csv' }),
    'importacao.csv',
  );
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/clients/import`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      cookie: 'XSRF-TOKEN=bench',
      'x-xsrf-token': 'bench',
    },
    body: form,
  });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`import: ${response.status} ${body.slice(0, 500)}`);
  return ms;
}

async function timeExport(base: string, token: string, format: 'csv' | 'xlsx') {
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/clients/export?format=${format}&sort=name`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`export ${format}: ${response.status}`);
  return { ms: performance.now() - started, megabytes: bytes / 1024 / 1024 };
}

/**
 * The JSON of the first page of clients by name as the list answers it, and the same page with
 * each row the whole record (GET /clients/:id), which is what a list row was before the lists
 * sent their summaries: bytes of both, uncompressed (what the server serializes and the browser
 * parses; on the wire gzip shrinks both).
 */
async function pageBytes(base: string, token: string, pageSize: number) {
  const get = async (url: string) => {
    const response = await fetch(`${base}${url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    return response.text();
  };
  const body = await get(`/api/v1/clients?page=1&pageSize=${pageSize}&sort=name`);
  const page = JSON.parse(body) as { items: { id: number }[] };
  const records = await Promise.all(
    page.items.map(async (row) => JSON.parse(await get(`/api/v1/clients/${row.id}`)) as unknown),
  );
  return {
    pageSize,
    list: Buffer.byteLength(body),
    records: Buffer.byteLength(JSON.stringify({ ...page, items: records })),
  };
}

async function main() {
  const server = await startBenchServer('lists', {
    env: COUNT_EVERY_REQUEST ? { FABRIL_LIST_COUNT_REUSE: '0' } : {},
  });
  const { target, databaseUrl } = server;
  try {
    const base = server.url;
    const pool = new pg.Client({ connectionString: databaseUrl });
    await pool.connect();
    const { rows } = await pool.query<{ n: string; version: string }>(
      'SELECT (SELECT count(*) FROM clients) AS n, version() AS version',
    );
    if (Number(rows[0]!.n) > 0) {
      throw new Error(
        'O banco já tem clientes: use um banco vazio (o gerador cria documentos fixos).',
      );
    }
    const pgVersion = rows[0]!.version.split(',')[0]!;
    console.log(`Gerando ${CLIENTS.toLocaleString('pt-BR')} clientes (${pgVersion})...`);
    const generationMs = await generateClients(databaseUrl, CLIENTS);
    // What autovacuum does within a minute of a bulk load (statistics and the visibility map
    // that index-only scans need), done now so the numbers do not depend on when it wakes up.
    console.log(`  gerados em ${(generationMs / 1000).toFixed(1)} s; VACUUM (ANALYZE)...`);
    await pool.query('VACUUM (ANALYZE) clients');
    await pool.end();

    const token = await login(base);
    const measureList = async (
      label: string,
      listPath: string,
      reference = false,
      nextPath = () => listPath,
    ): Promise<Measurement> => ({
      ...(await measureRead({
        base,
        token,
        connections: CONNECTIONS,
        duration: DURATION,
        nextPath,
      })),
      label,
      path: listPath,
      reference,
    });
    const measurements: Measurement[] = [];
    for (const list of LISTS) {
      measurements.push(
        await measureList(
          list.label,
          `/api/v1/clients?${toQueryString(list.query)}`,
          'reference' in list,
        ),
      );
    }
    // Not a target: pages jumped to at random among all of them (OFFSET over the name index).
    const lastPage = Math.ceil(CLIENTS / 20);
    const randomPage = () =>
      `/api/v1/clients?page=${2 + Math.floor(Math.random() * (lastPage - 1))}&pageSize=20&sort=name`;
    measurements.push(
      await measureList('referência: página aleatória', randomPage(), true, randomPage),
    );
    // The floor of this machine for any signed-in list: an empty table, same plumbing.
    measurements.push(
      await measureList('referência: marcas (vazia)', '/api/v1/brands?page=1&pageSize=20', true),
    );

    const pages = [await pageBytes(base, token, 20), await pageBytes(base, token, 50)];
    const { plans, searchedPages } = await explainLists(databaseUrl);
    const comparisons = await comparePlans(databaseUrl, searchedPages);
    const importMs = await timeImport(base, token);
    const csvExport = await timeExport(base, token, 'csv');
    const xlsxExport = await timeExport(base, token, 'xlsx');

    const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
    const passed = (m: Measurement) => m.p95 < P95_TARGET_MS && m.failures === 0;
    const table = [
      `Fabril bench:lists — ${new Date().toISOString()} — ${os.cpus().length} núcleos, ${pgVersion} (${target})`,
      `${CLIENTS.toLocaleString('pt-BR')} clientes, autocannon ${CONNECTIONS} conexões × ${DURATION} s por URL` +
        (COUNT_EVERY_REQUEST ? '; total da busca contado a cada requisição' : ''),
      '',
      `${'lista'.padEnd(28)}${'req/s'.padStart(8)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'respostas'.padStart(11)}${'não-2xx'.padStart(9)}  meta p95 < ${P95_TARGET_MS} ms   1 conexão: p50 / p95`,
      ...measurements.map(
        (m) =>
          `${m.label.padEnd(28)}${m.perSecond.toFixed(0).padStart(8)} ${ms(m.p50)} ${ms(m.p95)} ${ms(m.p99)}${String(m.count).padStart(11)}${String(m.failures).padStart(9)}  ${(m.reference ? '—' : passed(m) ? 'ok' : 'FALHOU').padEnd(19)}${ms(m.alone.p50)} / ${ms(m.alone.p95).trim()}`,
      ),
      '',
      `Consulta da página buscada, mediana de ${PLAN_RUNS} EXPLAIN ANALYZE (ms), contra o melhor plano (meta ≤ ${PLAN_RATIO_TARGET}×):`,
      ...comparisons.map(
        (c) =>
          `  ${c.label}: ${c.medians.map((m) => `${m.label} ${m.ms.toFixed(3)}`).join(' · ')} → ${c.ratio.toFixed(2)}× ${c.ratio <= PLAN_RATIO_TARGET ? 'ok' : 'FALHOU'}`,
      ),
      '',
      ...pages.map(
        (p) =>
          `JSON da primeira página de ${p.pageSize} clientes: ${p.list.toLocaleString('pt-BR')} bytes; com os registros inteiros: ${p.records.toLocaleString('pt-BR')} bytes (${((100 * p.list) / p.records).toFixed(0)} %)`,
      ),
      `importação de ${IMPORT_ROWS.toLocaleString('pt-BR')} linhas (CSV, uma transação): ${(importMs / 1000).toFixed(2)} s`,
      `exportação de ${(CLIENTS + IMPORT_ROWS).toLocaleString('pt-BR')} clientes: CSV ${(csvExport.ms / 1000).toFixed(2)} s (${csvExport.megabytes.toFixed(1)} MB), XLSX ${(xlsxExport.ms / 1000).toFixed(2)} s (${xlsxExport.megabytes.toFixed(1)} MB)`,
    ].join('\n');
    console.log(`\n${table}\n`);
    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(
      RESULTS,
      `lists-${target}${COUNT_EVERY_REQUEST ? '-contagem-sempre' : ''}.txt`,
    );
    fs.writeFileSync(
      file,
      `${table}\n\nURLs:\n${measurements.map((m) => `  ${m.path}`).join('\n')}\n\n` +
        `Planos de cada variante da página buscada:\n${comparisons
          .flatMap((c) => c.medians.map((m) => `  ${c.label}, ${m.label}: ${m.plan}`))
          .join('\n')}\n\n${plans}`,
    );
    console.log(`Planos (EXPLAIN ANALYZE, BUFFERS) em ${path.relative(ROOT, file)}`);
    if (measurements.some((m) => !m.reference && !passed(m))) process.exitCode = 1;
    if (comparisons.some((c) => c.ratio > PLAN_RATIO_TARGET)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
