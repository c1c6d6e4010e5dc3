/**
 * Sales orders (Pedidos Recebidos) benchmark, against the server as `npm start` runs it:
 *   - set-up as bench:invoices does it: the company made ready to issue NF-e (CNPJ, IE, São Paulo
 *     address with its IBGE code, a test A1 certificate uploaded), a client with a full address
 *     and IE, 50 products with NCM put in stock through the API; then 20,000 orders generated
 *     straight into the database (generate.ts), every 50th of that client;
 *   - (a) "Aprovar" of a 50-line order (50 distinct products, every line reserving) and "Faturar"
 *     of the same order (`POST /:id/invoice` with `{}`: the credit gate, the NF-e built, signed and
 *     validated, 50 OUT movements, the reservations consumed, the bills): each run creates a new
 *     order through the API (not timed), then times its approval and its invoicing, `--runs`
 *     after `--warmup`, one at a time;
 *   - (b) the orders list filtered by "Aprovado" + "Faturado parcialmente" and, as a reference,
 *     unfiltered, first page: one user (one connection, requests one after another) and
 *     `--connections` connections (autocannon), p50/p95 and requests per second.
 * Prints a table and writes it to bench/sales/results/. Exits with 1 when a target is missed.
 * See bench/README.md.
 *
 * Usage: npm run bench:sales [-- --orders 20000 --runs 10 --warmup 2 --duration 10
 *   --connections 10]
 * With DATABASE_URL set, the server uses that database (without orders or invoices) instead of
 * the embedded one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ROOT } from '../../e2e/support/server.js';
import {
  benchCertificate,
  createTaxpayerClient,
  readyCompany,
  send,
  stockedProducts,
} from '../support/fiscal-setup.js';
import { load, login, percentile, type LoadResult } from '../support/load.js';
import { startBenchServer } from '../support/server.js';
import { generateSales } from './generate.js';

const RESULTS = path.join(import.meta.dirname, 'results');
const TARGET = { approveP95: 300, invoiceP95: 800, listP95: 50 };
const LINES = 50;

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const ORDERS = Number(args.orders);
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);

const n = (value: number) => value.toLocaleString('pt-BR');
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

interface Setup {
  productIds: number[];
  clientId: number;
}

/** The company ready to issue, the client, 50 products with NCM and 1,000,000 units in stock. */
async function setUp(db: pg.Client, base: string, token: string, pfx: Buffer): Promise<Setup> {
  await readyCompany(base, token, pfx);
  // A taxpayer with a credit limit, so the gate does its arithmetic.
  const clientId = await createTaxpayerClient(base, token, { creditLimit: '50000000.00' });
  const { productIds } = await stockedProducts(db, base, token, LINES);
  return { productIds, clientId };
}

interface OrderLineOut {
  id: number;
  quantity: string;
  reservedQuantity: string;
  invoicedQuantity: string;
}
interface OrderOut {
  id: number;
  number: string;
  status: string;
  total: string;
  items: OrderLineOut[];
}

interface Row {
  label: string;
  p50: number;
  p95: number;
  count: number;
  /** The target p95, when there is one. */
  target?: number;
}

const summarize = (label: string, times: number[], target?: number): Row => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    label,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    count: times.length,
    target,
  };
};

interface ListMeasurement {
  label: string;
  path: string;
  loaded: LoadResult;
  alone: LoadResult;
  target?: number;
}

async function main() {
  const load1 = os.loadavg();
  console.log('Gerando o certificado A1 de teste...');
  const pfx = benchCertificate();

  const server = await startBenchServer('sales', { sefaz: true });
  const { target, databaseUrl } = server;
  const db = new pg.Client({ connectionString: databaseUrl, application_name: 'fabril-bench' });
  try {
    await db.connect();
    const base = server.url;
    const pgVersion = (
      await db.query<{ version: string }>('SELECT version()')
    ).rows[0]!.version.split(',')[0]!;
    const token = await login(base);

    console.log(`  empresa, certificado, cliente, ${LINES} produtos com estoque...`);
    const setup = await setUp(db, base, token, pfx);

    console.log(`Gerando ${n(ORDERS)} pedidos recebidos...`);
    const data = await generateSales(databaseUrl, {
      orders: ORDERS,
      heavyClientId: setup.clientId,
      log: console.log,
    });
    const generation = [
      `${n(data.orders)} pedidos (${Object.entries(data.statuses)
        .map(([status, count]) => `${status} ${n(count)}`)
        .join(', ')}), gerados em ${(data.ms / 1000).toFixed(1)} s`,
      `o cliente do benchmark tem ${n(data.heavyClientOrders)} deles (${n(data.heavyClientOpen)} aprovados ou faturados parcialmente) e limite de crédito R$ 50.000.000,00`,
    ].join('\n');
    console.log(generation);

    // (a) A new 50-line order each time: created (not timed), approved, invoiced.
    console.log(`  (a) aprovar e faturar pedido de ${LINES} linhas...`);
    const creates: number[] = [];
    const approvals: number[] = [];
    const invoicings: number[] = [];
    const ours: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const created = await send<OrderOut>(base, token, 'POST', '/api/v1/requested-orders', {
        clientId: setup.clientId,
        orderDate: data.today,
        locationId: data.locationId,
        paymentMethodId: data.paymentMethodId,
        categoryId: data.categoryId,
        installments: 2,
        freight: '35.00',
        discount: '20.00',
        items: setup.productIds.map((productId, i) => ({
          productId,
          quantity: String(1 + (i % 5)),
          discountPercent: ['0', '5', '10'][i % 3],
        })),
      });
      const id = created.body.id;
      ours.push(id);
      if (created.body.items.length !== LINES) {
        throw new Error(`O pedido ${id} tem ${created.body.items.length} linhas.`);
      }
      const approved = await send<OrderOut>(
        base,
        token,
        'POST',
        `/api/v1/requested-orders/${id}/approve`,
        {},
      );
      if (
        approved.body.status !== 'APPROVED' ||
        approved.body.items.some((line) => line.reservedQuantity !== line.quantity)
      ) {
        throw new Error(`O pedido ${id} não ficou aprovado e todo reservado.`);
      }
      const invoiced = await send<OrderOut>(
        base,
        token,
        'POST',
        `/api/v1/requested-orders/${id}/invoice`,
        {},
      );
      if (
        invoiced.body.status !== 'INVOICED' ||
        invoiced.body.items.some(
          (line) => line.invoicedQuantity !== line.quantity || line.reservedQuantity !== '0.000',
        )
      ) {
        throw new Error(`O pedido ${id} ficou ${invoiced.body.status} após faturar.`);
      }
      if (run >= WARMUP) {
        creates.push(created.ms);
        approvals.push(approved.ms);
        invoicings.push(invoiced.ms);
      }
    }

    // What was written: one issued NF-e per order adding up to it, 50 outflows each, the
    // reservations gone, two bills each.
    const written = (
      await db.query<{
        invoices: number;
        matching: number;
        movements: number;
        reservations: number;
        bills: number;
      }>(
        `SELECT count(*)::int AS invoices,
           count(*) FILTER (WHERE n.total = o.total)::int AS matching,
           (SELECT count(*)::int FROM stock_movements m
            WHERE m.origin_type = 'INVOICE' AND m.type = 'OUT'
              AND m.origin_id IN (SELECT id FROM invoices WHERE requested_order_id = ANY($1))) AS movements,
           (SELECT count(*)::int FROM stock_reservations r
            JOIN requested_order_items l ON l.id = r.requested_order_item_id
            WHERE l.requested_order_id = ANY($1)) AS reservations,
           (SELECT count(*)::int FROM bills b
            WHERE b.origin_type = 'INVOICE'
              AND b.origin_id IN (SELECT id FROM invoices WHERE requested_order_id = ANY($1))) AS bills
         FROM invoices n JOIN requested_orders o ON o.id = n.requested_order_id
         WHERE n.status = 'ISSUED' AND o.id = ANY($1)`,
        [ours],
      )
    ).rows[0]!;
    const count = ours.length;
    if (
      written.invoices !== count ||
      written.matching !== count ||
      written.movements !== count * LINES ||
      written.reservations !== 0 ||
      written.bills !== count * 2
    ) {
      throw new Error(`Gravado não confere: ${JSON.stringify(written)}`);
    }
    const writtenLine = `${written.invoices} NF-e emitidas (totais iguais aos dos pedidos), ${written.movements} saídas de estoque, nenhuma reserva restante, ${written.bills} parcelas a receber`;
    console.log(`  ${writtenLine}`);

    // (b) The list: one user, then CONNECTIONS connections.
    const reads: [string, string, number | undefined][] = [
      [
        'Aprovado + Fat. parcialmente, pág. 1',
        '/api/v1/requested-orders?status=APPROVED&status=PARTIALLY_INVOICED&page=1&pageSize=20',
        TARGET.listP95,
      ],
      ['referência: sem filtro, pág. 1', '/api/v1/requested-orders?page=1&pageSize=20', undefined],
    ];
    const lists: ListMeasurement[] = [];
    for (const [label, url, listTarget] of reads) {
      console.log(`  (b) ${label}...`);
      const next = () => ({ path: url });
      // Warm-up: JIT, caches, the pool.
      await load({ base, token, connections: CONNECTIONS, duration: 2, next });
      const alone = await load({ base, token, connections: 1, duration: DURATION, next });
      const loaded = await load({
        base,
        token,
        connections: CONNECTIONS,
        duration: DURATION,
        next,
      });
      lists.push({ label, path: url, loaded, alone, target: listTarget });
    }
    const filtered = await send<{ total: number }>(base, token, 'GET', reads[0]![1]);

    const actions = [
      summarize(`aprovar pedido de ${LINES} linhas`, approvals, TARGET.approveP95),
      summarize(`faturar o mesmo pedido (NF-e)`, invoicings, TARGET.invoiceP95),
      summarize(`referência: criar o pedido`, creates),
    ];
    const failures = (result: LoadResult) =>
      result.errors +
      [...result.statuses].reduce(
        (sum, [status, c]) => sum + (status < 200 || status > 299 ? c : 0),
        0,
      );
    const actionPassed = (row: Row) => row.target === undefined || row.p95 < row.target;
    const listPassed = (m: ListMeasurement) =>
      failures(m.loaded) + failures(m.alone) === 0 &&
      (m.target === undefined || m.loaded.p95 < m.target);
    const verdict = (passed: boolean, hasTarget: boolean) =>
      !hasTarget ? '—' : passed ? 'ok' : 'FALHOU';
    const load2 = os.loadavg();
    const table = [
      `Fabril bench:sales — ${new Date().toISOString()} — ${os.cpus().length} núcleos, ${pgVersion} (${target})`,
      `carga média (1/5/15 min): ${load1.map((v) => v.toFixed(2)).join(' / ')} no início, ${load2.map((v) => v.toFixed(2)).join(' / ')} no fim`,
      generation,
      '',
      `(a) ações, 1 conexão, ${RUNS} vezes após ${WARMUP} de aquecimento (p95 de ${RUNS} = o maior)`,
      `  ${''.padEnd(34)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'vezes'.padStart(7)}  meta`,
      ...actions.map(
        (row) =>
          `  ${row.label.padEnd(34)} ${ms(row.p50)} ${ms(row.p95)}${String(row.count).padStart(7)}  ${verdict(actionPassed(row), row.target !== undefined)}${row.target === undefined ? '' : ` (p95 < ${row.target} ms)`}`,
      ),
      `  ${writtenLine}`,
      '',
      `(b) lista, 1 usuário (1 conexão) e ${CONNECTIONS} conexões, ${DURATION} s cada; o filtro acha ${n(filtered.body.total)} pedidos`,
      `  ${''.padEnd(38)}${'1 usuário: req/s'.padStart(17)}${'p50'.padStart(10)}${'p95'.padStart(10)}  ${`${CONNECTIONS} conexões: req/s`.padStart(20)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'não-2xx'.padStart(8)}  meta`,
      ...lists.map(
        (m) =>
          `  ${m.label.padEnd(38)}${m.alone.perSecond.toFixed(0).padStart(17)}${ms(m.alone.p50)} ${ms(m.alone.p95)}  ${m.loaded.perSecond.toFixed(0).padStart(20)}${ms(m.loaded.p50)} ${ms(m.loaded.p95)}${String(failures(m.loaded) + failures(m.alone)).padStart(8)}  ${verdict(listPassed(m), m.target !== undefined)}${m.target === undefined ? '' : ` (p95 < ${m.target} ms a ${CONNECTIONS} conexões)`}`,
      ),
    ].join('\n');
    console.log(`\n${table}\n`);

    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `sales-${target}.txt`);
    fs.writeFileSync(
      file,
      [
        table,
        '',
        'URLs:',
        '  POST /api/v1/requested-orders/:id/approve {}',
        '  POST /api/v1/requested-orders/:id/invoice {}',
        ...lists.map((m) => `  GET ${m.path}`),
      ].join('\n') + '\n',
    );
    console.log(`Resultados em ${path.relative(ROOT, file)}`);
    if (!actions.every(actionPassed) || !lists.every(listPassed)) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    await server.stop();
  }
}

await main();
