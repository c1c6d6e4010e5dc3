/**
 * Dashboard benchmark, against the server as `npm start` runs it: the big datasets of the other
 * benchmarks loaded into one database (bench:stock's ledger, bench:finance's bills and entries,
 * bench:orders' production orders; not yet bench:sales' orders, see below), then `GET /api/v1/dashboard` as
 * the administrator (every card and chart): one user (one connection) and `--connections`
 * connections, p50/p95. Target: p95 under 100 ms for one user. Exits with 1 when it is missed.
 * See bench/README.md.
 *
 * Usage: npm run bench:dashboard [-- --movements 1000000 --bills 200000 --entries 500000
 *   --orders 20000 --duration 10 --connections 10]
 */
import { parseArgs } from 'node:util';
import { generateFinance } from '../finance/generate.js';
import { generateOrders } from '../orders/generate.js';
import { generateStock } from '../stock/generate.js';
import { login, measureRead } from '../support/load.js';
import { startBenchServer } from '../support/server.js';

const TARGET_P95 = 100;

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '5000' },
    movements: { type: 'string', default: '1000000' },
    bills: { type: 'string', default: '200000' },
    entries: { type: 'string', default: '500000' },
    orders: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
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
    // bench:orders' and bench:sales' generators each insert clients numbered from the first
    // CPF, so the second in one database collides with the first (clients_document_key): until
    // generate-clients takes an offset, `--orders` adds only one of them (production orders).
    if (Number(args.orders) > 0) {
      await generateOrders(databaseUrl, {
        purchaseOrders: Number(args.orders),
        productionOrders: Number(args.orders),
        log,
      });
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
  } finally {
    await server.stop();
  }
}

await main();
