/**
 * Search benchmark ("Buscar", issue 21): the server as `npm start` runs it, 100,000 clients and
 * some thousands of every other kind searched (generate.ts), and one user searching — one request
 * at a time, as a person types — for a common name, a rare name, a CNPJ with punctuation, a sales
 * order's number and an invoice's access key. Prints p50/p95 of each and exits 1 when a p95 is
 * over the target. See bench/README.md.
 *
 * Usage: npm run bench:search [-- --clients 100000 --others 5000 --requests 300]
 * With DATABASE_URL set, the server uses that (empty) database instead of the embedded one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cnpj } from '../../src/shared/br/documents.js';
import { login, percentile, timeGet } from '../support/load.js';
import { startBenchServer } from '../support/server.js';
import { explainSearch } from './explain.js';
import { accessKeyOf, generateSearchData } from './generate.js';

const P95_TARGET_MS = 50;
const RESULTS = path.join(import.meta.dirname, 'results');

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '100000' },
    others: { type: 'string', default: '5000' },
    requests: { type: 'string', default: '300' },
  },
});
const REQUESTS = Number(args.requests);

const server = await startBenchServer('search');
let failed = false;
try {
  console.log('Gerando os dados...');
  const ms = await generateSearchData(server.databaseUrl, {
    clients: Number(args.clients),
    others: Number(args.others),
    log: console.log,
  });
  console.log(`  em ${(ms / 1000).toFixed(1)} s`);

  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  // A rare name: one client's whole name. A company's CNPJ, typed as printed.
  const rare = (await db.query<{ name: string }>('SELECT name FROM clients WHERE id = 77777'))
    .rows[0]!.name;
  const company = (
    await db.query<{ document: string }>(
      "SELECT document FROM clients WHERE person_type = 'J' ORDER BY id OFFSET 5000 LIMIT 1",
    )
  ).rows[0]!.document;
  await db.end();

  const queries = [
    { label: 'nome comum "joao"', q: 'joao' },
    { label: `nome raro "${rare}"`, q: rare },
    { label: 'CNPJ com pontuação', q: cnpj.format(company) },
    { label: 'pedido "PV-004242"', q: 'PV-004242' },
    { label: 'chave de acesso (em grupos de 4)', q: accessKeyOf(4242).replace(/(\d{4})/g, '$1 ') },
    { label: 'referência: duas letras "ma"', q: 'ma', reference: true },
  ];

  const token = await login(server.url);
  const rows: string[] = [];
  const plans: string[] = [];
  for (const { label, q, reference } of queries) {
    const path = `/api/v1/search?q=${encodeURIComponent(q)}`;
    const first = await fetch(`${server.url}${path}`, {
      headers: {
        authorization: `Bearer ${token}`,
        cookie: 'XSRF-TOKEN=bench',
        'x-xsrf-token': 'bench',
      },
    });
    const answer = (await first.json()) as { groups: { kind: string; items: unknown[] }[] };
    const found = answer.groups.map((g) => `${g.kind} ${g.items.length}`).join(', ');
    for (let i = 0; i < 20; i++) await timeGet(server.url, token, path); // warm-up
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push(await timeGet(server.url, token, path));
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 0.5);
    const p95 = percentile(times, 0.95);
    plans.push(`==== ${label}: q=${q}`, ...(await explainSearch(server.databaseUrl, q)));
    const miss = !reference && p95 >= P95_TARGET_MS;
    failed ||= miss;
    rows.push(
      `| ${label.padEnd(44)} | ${p50.toFixed(1).padStart(6)} | ${p95.toFixed(1).padStart(6)} | ${reference ? '—' : miss ? 'NÃO' : 'ok'} | ${found || 'nada'}`,
    );
  }
  console.log(`\nUm usuário, ${REQUESTS} buscas seguidas por consulta (ms):\n`);
  console.log(
    `| ${'consulta'.padEnd(44)} |    p50 |    p95 | alvo p95 < ${P95_TARGET_MS} | encontrado`,
  );
  for (const row of rows) console.log(row);
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `search-${server.target}.txt`);
  fs.writeFileSync(file, [...rows, '', ...plans].join('\n'));
  console.log(`\nPlanos (EXPLAIN ANALYZE de cada tipo) em ${path.relative(process.cwd(), file)}`);
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
