/**
 * Dashboard benchmark, against the server as `npm start` runs it: the big datasets of the other
 * benchmarks loaded into one database (bench:stock's ledger, bench:finance's bills and entries,
 * bench:orders' purchase and production orders, bench:sales' sales orders and their issued
 * invoices), then `GET /api/v1/dashboard` as the administrator (every card and chart): one user
 * (one connection) and `--connections` connections, p50/p95, and the EXPLAIN (ANALYZE, BUFFERS)
 * of every query it sends, in bench/dashboard/results/. Target: p95 under 100 ms for one user.
 * Exits with 1 when it is missed. See bench/README.md.
 *
 * Usage: npm run bench:dashboard [-- --movements 1000000 --bills 200000 --entries 500000
 *   --orders 20000 --duration 10 --connections 10 --hold]
 * `--hold` keeps the server and its database after measuring (their URLs printed) until Ctrl+C,
 * to read plans by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateFinance } from '../finance/generate.js';
import { generateOrders } from '../orders/generate.js';
import { generateSales } from '../sales/generate.js';
import { generateStock } from '../stock/generate.js';
import { login, measureRead } from '../support/load.js';
import { startBenchServer } from '../support/server.js';
import { explainDashboard } from './explain.js';
import { generateInvoices } from './generate-invoices.js';

const TARGET_P95 = 100;
const RESULTS = path.join(import.meta.dirname, 'results');
// Each generator's clients get documents of their own (clients_document_key): bench:finance's
// 2,000 from index 0, then bench:orders' 600, then bench:sales' 600.
const ORDERS_FIRST_CLIENT = 2000;
const SALES_FIRST_CLIENT = 2600;

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '5000' },
    movements: { type: 'string', default: '1000000' },
    bills: { type: 'string', default: '200000' },
    entries: { type: 'string', default: '500000' },
    orders: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    hold: { type: 'boolean', default: false },
  },
});

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const server = await startBenchServer('dashboard');
  try {
    const { databaseUrl, url: base } = server;
    const log = (line: string) => console.log(`  ${line}`);
    console.log('Gerando o razão de estoque, as contas, as ordens de produção e os pedidos...');
    await generateStock(databaseUrl, {
      items: Number(args.items),
      movements: Number(args.movements),
      log,
    });
    await generateFinance(databaseUrl, {
      bills: Number(args.bills),
      entries: Number(args.entries),
      log,
    });
    if (Number(args.orders) > 0) {
      await generateOrders(databaseUrl, {
        purchaseOrders: Number(args.orders),
        productionOrders: Number(args.orders),
        firstClientIndex: ORDERS_FIRST_CLIENT,
        log,
      });
      const sales = await generateSales(databaseUrl, {
        orders: Number(args.orders),
        firstClientIndex: SALES_FIRST_CLIENT,
        log,
      });
      const invoices = await generateInvoices(databaseUrl, sales.today);
      log(`  ${invoices.toLocaleString('pt-BR')} notas fiscais emitidas dos pedidos`);
    }

    const token = await login(base);
    const result = await measureRead({
      base,
      token,
      connections: Number(args.connections),
      duration: Number(args.duration),
      nextPath: () => '/api/v1/dashboard',
    });
    console.log(
      `GET /api/v1/dashboard — 1 usuário: p50 ${ms(result.alone.p50)}, p95 ${ms(result.alone.p95)}; ` +
        `${args.connections} conexões: p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, ` +
        `${(result.count / result.seconds).toFixed(0)} req/s; falhas ${result.failures}`,
    );
    const missed = result.failures > 0 || result.alone.p95 >= TARGET_P95;
    if (missed) console.log(`Meta não atingida: p95 de 1 usuário < ${TARGET_P95} ms, sem falhas.`);
    process.exitCode = missed ? 1 : 0;

    const { lines, times } = await explainDashboard(databaseUrl);
    console.log('\nTempo de execução de cada consulta (EXPLAIN ANALYZE, a mais rápida de 7):');
    for (const { sql, ms: time, median } of times) {
      console.log(`  ${ms(time).padStart(10)} (mediana ${ms(median)})  ${sql}`);
    }
    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `dashboard-${server.target}.txt`);
    fs.writeFileSync(file, lines.join('\n'));
    console.log(`Planos em ${path.relative(process.cwd(), file)}`);

    if (args.hold) {
      console.log(`\nMantido: servidor ${base}, banco ${databaseUrl} (Ctrl+C encerra)`);
      await new Promise((resolve) => process.once('SIGINT', resolve));
    }
  } finally {
    await server.stop();
  }
}

await main();
