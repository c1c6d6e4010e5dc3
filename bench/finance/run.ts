/**
 * Finance benchmark: the server as `npm start` runs it, 200,000 bills and 500,000 account entries
 * in its database (generate.ts), then
 *   (a) the bills lists filtered by "Vencida" (to pay and to receive), at 10 connections;
 *   (b) one account's statement for the last year, first and last page, at 10 connections;
 *   (c) the 12-month cash flow (5 months back, the current one and 6 ahead, by month) and the DRE
 *       of this year and of last year, each alone, 5 times after a warm-up.
 * Prints a table and writes it to bench/finance/results/. Exits with 1 when a target is missed.
 * See bench/README.md.
 *
 * Usage: npm run bench:finance [-- --bills 200000 --entries 500000 --duration 10 --connections 10]
 * With DATABASE_URL set, the server uses that database (with no bills or entries) instead of the
 * embedded one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ROOT } from '../../e2e/support/server.js';
import { login, measureRead, median, timeGet, type ReadMeasurement } from '../support/load.js';
import { startBenchServer } from '../support/server.js';
import { generateFinance } from './generate.js';

const RESULTS = path.join(import.meta.dirname, 'results');
const TARGET = { listP95: 50, reportMs: 200 };
const REPORT_RUNS = 5;

const { values: args } = parseArgs({
  options: {
    bills: { type: 'string', default: '200000' },
    entries: { type: 'string', default: '500000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);

const n = (value: number) => value.toLocaleString('pt-BR');
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

/** 'YYYY-MM-DD' of the first day of the month `months` away from `date`'s. */
function monthStart(date: string, months: number) {
  const d = new Date(`${date.slice(0, 7)}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}
function daysBefore(date: string, days: number) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

interface Measured extends ReadMeasurement {
  label: string;
  path: string;
}

interface Timed {
  label: string;
  path: string;
  median: number;
  max: number;
}

async function main() {
  const server = await startBenchServer('finance');
  const { target, databaseUrl } = server;
  try {
    const base = server.url;
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const pgVersion = (
      await db.query<{ version: string }>('SELECT version()')
    ).rows[0]!.version.split(',')[0]!;
    await db.end();

    console.log(
      `Gerando ${n(Number(args.bills))} contas e ${n(Number(args.entries))} lançamentos...`,
    );
    const data = await generateFinance(databaseUrl, {
      bills: Number(args.bills),
      entries: Number(args.entries),
      log: console.log,
    });
    const generation = `${n(data.bills)} contas, ${n(data.entries)} lançamentos (${n(data.payments)} de baixas) gerados em ${(data.ms / 1000).toFixed(1)} s`;
    console.log(`  ${generation}`);

    const token = await login(base);
    const today = data.today;
    const account = data.accountIds[0]!;
    const yearAgo = daysBefore(today, 365);

    const statementTotal = (
      (await (
        await fetch(
          `${base}/api/v1/checking-accounts/${account}/statement?from=${yearAgo}&to=${today}&pageSize=50`,
          { headers: { authorization: `Bearer ${token}` } },
        )
      ).json()) as { total: number }
    ).total;
    const lastPage = Math.max(1, Math.ceil(statementTotal / 50));

    const reads: [string, string][] = [
      ['Contas a Pagar, Vencida, pág. 1', '/api/v1/bills-to-pay?status=OVERDUE&page=1&pageSize=20'],
      [
        'Contas a Receber, Vencida, pág. 1',
        '/api/v1/bills-to-receive?status=OVERDUE&page=1&pageSize=20',
      ],
      ['referência: Contas a Pagar, sem filtro', '/api/v1/bills-to-pay?page=1&pageSize=20'],
      [
        `extrato de 1 ano (${n(statementTotal)} lanç.), pág. 1`,
        `/api/v1/checking-accounts/${account}/statement?from=${yearAgo}&to=${today}&page=1&pageSize=50`,
      ],
      [
        `o mesmo, última página (${lastPage})`,
        `/api/v1/checking-accounts/${account}/statement?from=${yearAgo}&to=${today}&page=${lastPage}&pageSize=50`,
      ],
    ];
    const measured: Measured[] = [];
    for (const [label, url] of reads) {
      console.log(`  ${label}...`);
      const result = await measureRead({
        base,
        token,
        connections: CONNECTIONS,
        duration: DURATION,
        nextPath: () => url,
      });
      measured.push({ ...result, label, path: url });
    }

    const year = Number(today.slice(0, 4));
    const reports: [string, string][] = [
      [
        'fluxo de caixa, 12 meses por mês',
        `/api/v1/cash-flow?from=${monthStart(today, -5)}&to=${daysBefore(monthStart(today, 7), 1)}&granularity=month`,
      ],
      [
        'fluxo de caixa, 12 meses por semana',
        `/api/v1/cash-flow?from=${monthStart(today, -5)}&to=${daysBefore(monthStart(today, 7), 1)}&granularity=week`,
      ],
      [`DRE ${year}`, `/api/v1/income-statement?year=${year}`],
      [`DRE ${year - 1}`, `/api/v1/income-statement?year=${year - 1}`],
    ];
    const timed: Timed[] = [];
    for (const [label, url] of reports) {
      await timeGet(base, token, url); // warm-up
      const runs: number[] = [];
      for (let i = 0; i < REPORT_RUNS; i++) runs.push(await timeGet(base, token, url));
      timed.push({ label, path: url, median: median(runs), max: Math.max(...runs) });
    }

    const readPassed = (m: Measured) =>
      m.label.startsWith('referência') || (m.p95 < TARGET.listP95 && m.failures === 0);
    const reportPassed = (t: Timed) => t.median < TARGET.reportMs;
    const verdict = (passed: boolean) => (passed ? 'ok' : 'FALHOU');
    const header = `  ${''.padEnd(44)}${'req/s'.padStart(7)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'respostas'.padStart(10)}${'não-2xx'.padStart(8)}  ${'meta'.padEnd(8)}1 conexão: p50 / p95`;
    const readRow = (m: Measured) =>
      `  ${m.label.padEnd(44)}${m.perSecond.toFixed(0).padStart(7)} ${ms(m.p50)} ${ms(m.p95)} ${ms(m.p99)}${String(m.count).padStart(10)}${String(m.failures).padStart(8)}  ${verdict(readPassed(m)).padEnd(8)}${ms(m.alone.p50)} / ${ms(m.alone.p95).trim()}`;
    const table = [
      `Fabril bench:finance — ${new Date().toISOString()} — ${os.cpus().length} núcleos, ${pgVersion} (${target})`,
      generation,
      '',
      `(a) listas e (b) extrato: ${CONNECTIONS} conexões × ${DURATION} s por URL, meta p95 < ${TARGET.listP95} ms`,
      header,
      ...measured.map(readRow),
      '',
      `(c) relatórios (1 conexão, ${REPORT_RUNS} vezes após 1 de aquecimento), meta mediana < ${TARGET.reportMs} ms`,
      ...timed.map(
        (t) =>
          `  ${t.label.padEnd(44)} mediana ${t.median.toFixed(1)} ms, máx. ${t.max.toFixed(1)} ms   ${verdict(reportPassed(t))}`,
      ),
    ].join('\n');
    console.log(`\n${table}\n`);

    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `finance-${target}.txt`);
    fs.writeFileSync(
      file,
      [table, '', 'URLs:', ...[...measured, ...timed].map((m) => `  ${m.path}`)].join('\n') + '\n',
    );
    console.log(`Resultados em ${path.relative(ROOT, file)}`);
    if (!measured.every(readPassed) || !timed.every(reportPassed)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
