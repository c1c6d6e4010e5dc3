/**
 * Stock benchmark: the server as `npm start` runs it, 5,000 items with 1,000,000 movements over two
 * years in its database (generate.ts, checked against the ledger), then
 *   (a) Consulta de Estoque — first page, one location, below minimum — at 10 connections;
 *   (c) an item's kardex page — the busiest item's first and last page, a random item's first;
 *   (d) the stock at the end of a day a year ago, a few times in a row, read back from today's
 *       balances; then, once the stock is closed at every month end through the API
 *       (closings.ts), from the nearest snapshot, and the snapshot reads checked against the
 *       ledger on every month end and every 15th;
 *   (b) posting: 16 concurrent writers POSTing manual entries, outflows and transfers over random
 *       items → movements/s, 422s apart, deadlocks; the ledger checked again; and the same SQL
 *       run by pgbench straight against PostgreSQL with 16 clients, the floor our figure is
 *       compared with.
 * Prints a table and writes it, with the EXPLAIN (ANALYZE, BUFFERS) of the main queries, to
 * bench/stock/results/. Exits with 1 when a target is missed. See bench/README.md.
 *
 * Usage: npm run bench:stock [-- --items 5000 --movements 1000000 --duration 10 --connections 10]
 * With DATABASE_URL set, the server uses that database (with no items or movements) instead of
 * the embedded one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { ROOT } from '../../e2e/support/server.js';
import {
  countOf,
  load,
  login,
  measureRead as measureLoad,
  median,
  timeGet,
  type ReadMeasurement as LoadMeasurement,
} from '../support/load.js';
import { startBenchServer } from '../support/server.js';
import { itemLocations, LOCATIONS } from './catalog.js';
import { capturePosting, explainStock } from './explain.js';
import { describeTimings, generateStock, type GeneratedStock } from './generate.js';
import { checkClosings, closeMonthly, formatClosingsCheck, monthEnds } from './closings.js';
import { checkLedger, formatLedgerCheck, ledgerConsistent } from './ledger-check.js';
import { MIX, findPgbench, runPgbench, type PgbenchResult } from './pgbench.js';

const RESULTS = path.join(import.meta.dirname, 'results');
const TARGET = {
  listP95: 50,
  kardexP95: 50,
  atMs: 200,
  /** Issue 22: a year ago, with monthly closings. */
  atClosedMs: 100,
  postingRate: 1000,
  /** Issue 22: the server within 0.8× of pgbench running its statements. */
  pgbenchRatio: 0.8,
};
const AT_RUNS = 5;
const PAGE_SIZE = 20;

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '5000' },
    movements: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    writers: { type: 'string', default: '16' },
    seed: { type: 'string', default: '20260101' },
  },
});
const ITEMS = Number(args.items);
const MOVEMENTS = Number(args.movements);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const WRITERS = Number(args.writers);

const n = (value: number) => value.toLocaleString('pt-BR');
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

/** 'YYYY-MM-DD' `days` before `date`. */
function daysBefore(date: string, days: number) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

interface ReadMeasurement extends LoadMeasurement {
  label: string;
  path: string;
  target: number;
}

/** A read at CONNECTIONS connections for DURATION s (after a warm-up), then alone. */
async function measureRead(
  base: string,
  token: string,
  label: string,
  target: number,
  nextPath: () => string,
): Promise<ReadMeasurement> {
  const result = await measureLoad({
    base,
    token,
    connections: CONNECTIONS,
    duration: DURATION,
    nextPath,
  });
  return { ...result, label, path: nextPath(), target };
}

/** A manual movement as the form sends it: 40 % entries, 40 % outflows of 1, 20 % transfers of 1. */
function writerRequest(stock: GeneratedStock) {
  const item = stock.catalog[Math.floor(Math.random() * stock.items)]!;
  const locations = itemLocations(item.n, stock.locations);
  const k = Math.floor(Math.random() * locations.length);
  const from = stock.firstLocationId + locations[k]!;
  const itemId = stock.firstItemId + item.n - 1;
  const roll = Math.random() * 100;
  let movement: object;
  if (roll < MIX.entry) {
    const cost = Number(item.cost) * 1.2 * (0.95 + Math.random() * 0.1);
    movement = {
      type: 'IN',
      itemId,
      toLocationId: from,
      quantity: String(1 + Math.floor(Math.random() * 20)),
      unitCost: cost.toFixed(2),
    };
  } else if (roll < MIX.entry + MIX.outflow) {
    movement = { type: 'OUT', itemId, fromLocationId: from, quantity: '1' };
  } else {
    const j = 1 + Math.floor(Math.random() * (locations.length - 1));
    const to = stock.firstLocationId + locations[(k + j) % locations.length]!;
    movement = { type: 'TRANSFER', itemId, fromLocationId: from, toLocationId: to, quantity: '1' };
  }
  return { method: 'POST', path: '/api/v1/stock-movements', body: JSON.stringify(movement) };
}

async function counters(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ movements: string; deadlocks: string }>(
      `SELECT (SELECT count(*) FROM stock_movements) AS movements,
         (SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()) AS deadlocks`,
    );
    return { movements: Number(rows[0]!.movements), deadlocks: Number(rows[0]!.deadlocks) };
  } finally {
    await client.end();
  }
}

const DEADLOCK = /40P01|deadlock detected/g;

async function main() {
  const server = await startBenchServer('stock');
  const { target, databaseUrl } = server;
  try {
    const base = server.url;
    const versionClient = new pg.Client({ connectionString: databaseUrl });
    await versionClient.connect();
    const { rows: versionRows } = await versionClient.query<{ version: string }>(
      'SELECT version()',
    );
    await versionClient.end();
    const pgVersion = versionRows[0]!.version.split(',')[0]!;

    console.log(
      `Gerando ${n(ITEMS)} itens, ${LOCATIONS.length} locais e ${n(MOVEMENTS)} movimentos (${pgVersion})...`,
    );
    const stock = await generateStock(databaseUrl, {
      items: ITEMS,
      movements: MOVEMENTS,
      seed: Number(args.seed),
      log: console.log,
    });
    const generation = `gerados em ${describeTimings(stock.ms)}`;
    console.log(`  ${generation}`);
    console.log(`  ${stock.replay.summary}`);
    const generatedCheck = await checkLedger(databaseUrl);
    console.log(formatLedgerCheck(generatedCheck));
    if (!ledgerConsistent(generatedCheck) || stock.replay.mismatches > 0) {
      throw new Error('O estoque gerado não confere com o razão.');
    }

    const token = await login(base);
    const firstLocation = stock.firstLocationId;
    const list = (query: string) => `/api/v1/stock-items?page=1&pageSize=${PAGE_SIZE}${query}`;

    console.log('(a) Consulta de Estoque...');
    const reads: ReadMeasurement[] = [];
    for (const [label, query] of [
      ['primeira página', ''],
      [`local: ${LOCATIONS[0]}`, `&locationId=${firstLocation}`],
      ['abaixo do mínimo', '&belowMinimum=true'],
    ] as const) {
      reads.push(await measureRead(base, token, label, TARGET.listP95, () => list(query)));
    }

    console.log('(c) kardex...');
    const busiestClient = new pg.Client({ connectionString: databaseUrl });
    await busiestClient.connect();
    const { rows: busiestRows } = await busiestClient.query<{ itemId: number; count: string }>(
      `SELECT item_id AS "itemId", count(*) FROM stock_movements
       GROUP BY item_id ORDER BY count(*) DESC, item_id LIMIT 1`,
    );
    await busiestClient.end();
    const busiest = { itemId: busiestRows[0]!.itemId, movements: Number(busiestRows[0]!.count) };
    const lastPage = Math.ceil(busiest.movements / PAGE_SIZE);
    const kardex = (itemId: number, page: number) =>
      `/api/v1/stock-items/${itemId}/movements?page=${page}&pageSize=${PAGE_SIZE}`;
    reads.push(
      await measureRead(
        base,
        token,
        `item mais movimentado (${n(busiest.movements)} mov.), pág. 1`,
        TARGET.kardexP95,
        () => kardex(busiest.itemId, 1),
      ),
      await measureRead(
        base,
        token,
        `o mesmo, última página (${n(lastPage)})`,
        TARGET.kardexP95,
        () => kardex(busiest.itemId, lastPage),
      ),
      await measureRead(base, token, 'item ao acaso, pág. 1', TARGET.kardexP95, () =>
        kardex(stock.firstItemId + Math.floor(Math.random() * stock.items), 1),
      ),
    );

    console.log('(d) estoque numa data...');
    const yearAgo = daysBefore(stock.today, 365);
    const monthEnd = daysBefore(`${stock.today.slice(0, 8)}01`, 1);
    const timeAt = async (at: string) => {
      await timeGet(base, token, list(`&at=${at}`)); // warm-up
      const runs: number[] = [];
      for (let i = 0; i < AT_RUNS; i++) runs.push(await timeGet(base, token, list(`&at=${at}`)));
      return { at, median: median(runs), max: Math.max(...runs), runs };
    };
    const atYearAgo = await timeAt(yearAgo);
    const atMonthEnd = await timeAt(monthEnd);

    console.log('(d) fechamento mensal do estoque (PUT /api/v1/company) em cada fim de mês...');
    const closingDays = monthEnds(daysBefore(stock.today, 730), daysBefore(stock.today, 1));
    const closingMs = await closeMonthly(base, token, closingDays);
    const closedYearAgo = await timeAt(yearAgo);
    const closedMonthEnd = await timeAt(monthEnd);
    console.log('(d) conferindo os fechamentos com o razão...');
    const fifteenths = closingDays
      .map((day) => daysBefore(day, -15))
      .filter((day) => day < stock.today);
    const closingsCheck = await checkClosings(databaseUrl, [...closingDays, ...fifteenths].sort());
    console.log(formatClosingsCheck(closingsCheck));

    console.log('Planos (EXPLAIN ANALYZE)...');
    const samplePosting = (kind: 'IN' | 'OUT' | 'TRANSFER') => {
      const [from, to] = itemLocations(1, stock.locations).map((l) => l + firstLocation);
      const itemId = stock.firstItemId;
      return kind === 'IN'
        ? {
            type: 'IN',
            itemId,
            toLocationId: from,
            quantity: '5',
            unitCost: stock.catalog[0]!.cost,
          }
        : kind === 'OUT'
          ? { type: 'OUT', itemId, fromLocationId: from, quantity: '1' }
          : { type: 'TRANSFER', itemId, fromLocationId: from, toLocationId: to, quantity: '1' };
    };
    const plans = await explainStock(databaseUrl, {
      locationId: firstLocation,
      at: yearAgo,
      busiestItemId: busiest.itemId,
      busiestLastPage: lastPage,
      userId: stock.userId,
      postings: [
        { label: 'lançamento: entrada com custo', input: samplePosting('IN') },
        { label: 'lançamento: saída', input: samplePosting('OUT') },
        { label: 'lançamento: transferência', input: samplePosting('TRANSFER') },
      ],
    });
    const postingSql: CompiledQuery[] = await capturePosting(
      databaseUrl,
      stock.userId,
      samplePosting('OUT'),
    );

    console.log(`(b) lançamentos: ${WRITERS} escritores...`);
    const next = () => writerRequest(stock);
    await load({ base, token, connections: WRITERS, duration: 2, next }); // warm-up
    const before = await counters(databaseUrl);
    const logBefore = server.output().match(DEADLOCK)?.length ?? 0;
    const posting = await load({ base, token, connections: WRITERS, duration: DURATION, next });
    // Deadlock statistics reach pg_stat_database within a second of the transaction's end.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await counters(databaseUrl);
    const created = countOf(posting, (status) => status === 201);
    const shortages = countOf(posting, (status) => status === 422);
    const failed = countOf(posting, (status) => status !== 201 && status !== 422) + posting.errors;
    const serverErrors = countOf(posting, (status) => status >= 500);
    const deadlocks = {
      database: after.deadlocks - before.deadlocks,
      log: (server.output().match(DEADLOCK)?.length ?? 0) - logBefore,
    };
    const rate = created / posting.seconds;
    const postedCheck = await checkLedger(databaseUrl);
    console.log(formatLedgerCheck(postedCheck));

    const pgbenchBinary = findPgbench();
    let floor: PgbenchResult | null = null;
    let floorCheck = '';
    let floorSkipped = '';
    if (!pgbenchBinary) {
      floorSkipped =
        'pgbench não encontrado: a comparação não foi feita. Instale o PostgreSQL do Debian (apt-get install -y postgresql) ou aponte PGBENCH para o binário.';
      console.log(floorSkipped);
    } else {
      console.log(`pgbench (${pgbenchBinary}), ${WRITERS} clientes...`);
      floor = await runPgbench({
        binary: pgbenchBinary,
        databaseUrl,
        clients: WRITERS,
        seconds: DURATION,
        firstItemId: stock.firstItemId,
        items: stock.items,
        firstLocationId: stock.firstLocationId,
        locations: stock.locations,
        userId: stock.userId,
        today: stock.today,
      });
      floorCheck = formatLedgerCheck(await checkLedger(databaseUrl));
    }
    const ratio = floor && floor.movementsPerSecond > 0 ? rate / floor.movementsPerSecond : NaN;

    const readPassed = (m: ReadMeasurement) => m.p95 < m.target && m.failures === 0;
    const atPassed =
      closedYearAgo.median < TARGET.atClosedMs && closingsCheck.differences.length === 0;
    const postingPassed =
      rate >= TARGET.postingRate &&
      deadlocks.database + deadlocks.log === 0 &&
      failed === 0 &&
      ledgerConsistent(postedCheck);
    const floorPassed = floor ? ratio >= TARGET.pgbenchRatio && floor.aborted === 0 : false;
    const verdict = (passed: boolean) => (passed ? 'ok' : 'FALHOU');
    const readRow = (m: ReadMeasurement) =>
      `  ${m.label.padEnd(44)}${m.perSecond.toFixed(0).padStart(7)} ${ms(m.p50)} ${ms(m.p95)} ${ms(m.p99)}${String(m.count).padStart(10)}${String(m.failures).padStart(8)}  ${verdict(readPassed(m)).padEnd(8)}${ms(m.alone.p50)} / ${ms(m.alone.p95).trim()}`;
    const header = `  ${''.padEnd(44)}${'req/s'.padStart(7)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'respostas'.padStart(10)}${'não-2xx'.padStart(8)}  ${'meta'.padEnd(8)}1 conexão: p50 / p95`;
    const floorLines = floor
      ? [
          `  pgbench, o mesmo SQL (${floor.clients} clientes × ${floor.seconds} s): ${floor.movementsPerSecond.toFixed(0)} movimentos/s (${floor.tps.toFixed(0)} execuções/s com as saídas desfeitas); clientes abortados: ${floor.aborted}; deadlocks: ${floor.deadlocks}`,
          `  razão servidor / pgbench: ${ratio.toFixed(2)}   meta ≥ ${TARGET.pgbenchRatio}: ${verdict(floorPassed)}`,
          ...(floor.errors ? [`  erros do pgbench:\n${floor.errors}`] : []),
        ]
      : [`  ${floorSkipped}`];
    const table = [
      `Fabril bench:stock — ${new Date().toISOString()} — ${os.cpus().length} núcleos, ${pgVersion} (${target})`,
      `${n(ITEMS)} itens, ${LOCATIONS.length} locais, ${n(MOVEMENTS)} movimentos em 2 anos; ${generation}`,
      stock.replay.summary,
      formatLedgerCheck(generatedCheck),
      '',
      `(a) Consulta de Estoque e (c) kardex: ${CONNECTIONS} conexões × ${DURATION} s por URL, meta p95 < ${TARGET.listP95} ms`,
      header,
      ...reads.slice(0, 3).map(readRow),
      `  kardex, ${PAGE_SIZE} movimentos por página:`,
      ...reads.slice(3).map(readRow),
      '',
      `(d) estoque no fim de um dia (1 conexão, ${AT_RUNS} vezes após 1 de aquecimento)`,
      `  sem fechamentos, do saldo de hoje para trás (antes era a meta: mediana < ${TARGET.atMs} ms):`,
      `    há um ano (${atYearAgo.at}): mediana ${atYearAgo.median.toFixed(1)} ms, máx. ${atYearAgo.max.toFixed(1)} ms`,
      `    fim do mês passado (${atMonthEnd.at}): mediana ${atMonthEnd.median.toFixed(1)} ms, máx. ${atMonthEnd.max.toFixed(1)} ms`,
      `  com ${closingDays.length} fechamentos mensais (${closingDays[0]} a ${closingDays.at(-1)}; cada PUT /company: mediana ${median(closingMs).toFixed(1)} ms, máx. ${Math.max(...closingMs).toFixed(1)} ms), a partir do fechamento mais próximo (ou do saldo de hoje, se mais perto), meta mediana < ${TARGET.atClosedMs} ms:`,
      `    há um ano (${closedYearAgo.at}): mediana ${closedYearAgo.median.toFixed(1)} ms, máx. ${closedYearAgo.max.toFixed(1)} ms   ${verdict(atPassed)}`,
      `    fim do mês passado (${closedMonthEnd.at}): mediana ${closedMonthEnd.median.toFixed(1)} ms, máx. ${closedMonthEnd.max.toFixed(1)} ms`,
      `  ${formatClosingsCheck(closingsCheck).split('\n').join('\n  ')}`,
      '',
      `(b) lançamentos: ${WRITERS} escritores × ${DURATION} s (${MIX.entry} % entradas com custo, ${MIX.outflow} % saídas de 1, ${MIX.transfer} % transferências de 1, itens e locais ao acaso)`,
      `  ${rate.toFixed(0)} movimentos/s (${n(created)} respostas 201; banco: +${n(after.movements - before.movements)} movimentos); 422 estoque insuficiente: ${n(shortages)}; outras respostas e erros: ${failed} (5xx: ${serverErrors})`,
      `  latência p50 / p95 / p99: ${posting.p50.toFixed(1)} / ${posting.p95.toFixed(1)} / ${posting.p99.toFixed(1)} ms`,
      `  deadlocks: ${deadlocks.database} em pg_stat_database, ${deadlocks.log} no log do servidor (40P01)`,
      `  meta ≥ ${n(TARGET.postingRate)} movimentos/s, 0 deadlocks, 0 erros, razão conferida: ${verdict(postingPassed)}`,
      `  ${formatLedgerCheck(postedCheck).split('\n').join('\n  ')}`,
      ...floorLines,
    ].join('\n');
    console.log(`\n${table}\n`);

    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `stock-${target}.txt`);
    fs.writeFileSync(
      file,
      [
        table,
        '',
        'URLs:',
        ...reads.map((m) => `  ${m.path}`),
        `  ${list(`&at=${yearAgo}`)}`,
        '',
        `Um lançamento manual (saída) envia, entre BEGIN e COMMIT, ${postingSql.length} comandos:`,
        ...postingSql.map((q) => `  ${q.sql.replace(/\s+/g, ' ').trim()}`),
        '',
        floor ? `pgbench: ${floor.version}\n  ${floor.command}` : floorSkipped,
        ...(floorCheck ? [`Depois do pgbench: ${floorCheck}`] : []),
        '',
        plans,
      ].join('\n'),
    );
    console.log(`Resultados e planos (EXPLAIN ANALYZE, BUFFERS) em ${path.relative(ROOT, file)}`);
    const passed =
      reads.every(readPassed) && atPassed && postingPassed && (floor === null || floorPassed);
    if (!passed) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
