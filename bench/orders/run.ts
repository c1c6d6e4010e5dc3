/**
 * Orders benchmark: the server as `npm start` runs it, 20,000 purchase orders and 20,000
 * production orders with their lines in its database (generate.ts), then
 *   (a) the purchase orders list filtered by "Aprovada" and "Recebida parcialmente" and the
 *       production orders list filtered by "Em produção" (the unfiltered first pages as
 *       references), at 10 connections;
 *   (b) "Receber" of a 50-line purchase order (50 distinct feedstocks), all lines at once: each
 *       time a new order is created and approved through the API, then the receipt is timed;
 *   (c) "Concluir" of a production order whose product has 30 feedstocks: the feedstocks are put
 *       in stock through the API (entries), then each time an order is created and started
 *       ("Iniciar produção", timed as a reference) and its completion timed;
 * (b) and (c) 5 times after a warm-up, one at a time. Prints a table and writes it to
 * bench/orders/results/. Exits with 1 when a target is missed. See bench/README.md.
 *
 * Usage: npm run bench:orders [-- --purchase-orders 20000 --production-orders 20000
 *   --duration 10 --connections 10]
 * With DATABASE_URL set, the server uses that database (with no orders) instead of the embedded
 * one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ROOT } from '../../e2e/support/server.js';
import { headersFor, login, measureRead, median, type ReadMeasurement } from '../support/load.js';
import { startBenchServer } from '../support/server.js';
import { generateOrders } from './generate.js';

const RESULTS = path.join(import.meta.dirname, 'results');
const TARGET = { listP95: 50, actionMs: 200 };
const ACTION_RUNS = 5;
const RECEIPT_LINES = 50;
const PRODUCED = 10;

const { values: args } = parseArgs({
  options: {
    'purchase-orders': { type: 'string', default: '20000' },
    'production-orders': { type: 'string', default: '20000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);

const n = (value: number) => value.toLocaleString('pt-BR');
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

interface Measured extends ReadMeasurement {
  label: string;
  path: string;
}

interface Timed {
  label: string;
  path: string;
  median: number;
  max: number;
  /** A reference only: no target. */
  reference?: boolean;
}

/** A JSON POST as the SPA sends it, timed from the request to the last byte; 2xx or throws. */
async function post<T>(base: string, token: string, requestPath: string, body: unknown = {}) {
  const started = performance.now();
  const response = await fetch(`${base}${requestPath}`, {
    method: 'POST',
    headers: { ...headersFor(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status < 200 || response.status > 299) {
    throw new Error(`POST ${requestPath}: ${response.status} ${text.slice(0, 500)}`);
  }
  return { ms: elapsed, body: JSON.parse(text) as T };
}

const summarize = (label: string, requestPath: string, runs: number[], reference = false) => ({
  label,
  path: requestPath,
  median: median(runs),
  max: Math.max(...runs),
  reference,
});

async function main() {
  const server = await startBenchServer('orders');
  const { target, databaseUrl } = server;
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    await db.connect();
    const base = server.url;
    const pgVersion = (
      await db.query<{ version: string }>('SELECT version()')
    ).rows[0]!.version.split(',')[0]!;

    console.log(
      `Gerando ${n(Number(args['purchase-orders']))} ordens de compra e ${n(Number(args['production-orders']))} ordens de produção...`,
    );
    const data = await generateOrders(databaseUrl, {
      purchaseOrders: Number(args['purchase-orders']),
      productionOrders: Number(args['production-orders']),
      log: console.log,
    });
    const describe = (counts: Record<string, number>) =>
      Object.entries(counts)
        .map(([status, count]) => `${status} ${n(count)}`)
        .join(', ');
    const generation = [
      `${n(data.purchaseOrders)} ordens de compra (${n(data.purchaseLines)} linhas; ${describe(data.purchaseStatuses)})`,
      `${n(data.productionOrders)} ordens de produção (${n(data.materials)} materiais; ${describe(data.productionStatuses)})`,
      `gerados em ${(data.ms / 1000).toFixed(1)} s`,
    ].join('\n');
    console.log(generation);

    const token = await login(base);

    const reads: [string, string][] = [
      [
        'OC Aprovada + Receb. parcialmente, pág. 1',
        '/api/v1/purchase-orders?status=APPROVED,PARTIALLY_RECEIVED&page=1&pageSize=20',
      ],
      ['OP Em produção, pág. 1', '/api/v1/production-orders?status=IN_PROGRESS&page=1&pageSize=20'],
      ['referência: OC sem filtro, pág. 1', '/api/v1/purchase-orders?page=1&pageSize=20'],
      ['referência: OP sem filtro, pág. 1', '/api/v1/production-orders?page=1&pageSize=20'],
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

    // (b) Receiving: a new 50-line order each time, approved, then received in full.
    console.log(`  receber OC de ${RECEIPT_LINES} linhas...`);
    const feedstocks = data.feedstockIds.slice(0, RECEIPT_LINES);
    const receipts: number[] = [];
    for (let run = 0; run <= ACTION_RUNS; run++) {
      const created = await post<{ id: number; items: { id: number; pendingQuantity: string }[] }>(
        base,
        token,
        '/api/v1/purchase-orders',
        {
          supplierId: data.supplierId,
          orderDate: data.today,
          locationId: data.sourceLocationId,
          categoryId: data.categoryId,
          freight: '35.00',
          items: feedstocks.map((itemId, index) => ({
            itemId,
            quantity: String(1000 + index),
            unitPrice: (1 + index * 0.37).toFixed(4),
          })),
        },
      );
      const id = created.body.id;
      await post(base, token, `/api/v1/purchase-orders/${id}/approve`);
      const received = await post<{ status: string }>(
        base,
        token,
        `/api/v1/purchase-orders/${id}/receive`,
        {
          date: data.today,
          invoiceNumber: `NF-${900000 + run}`,
          lines: created.body.items.map((line) => ({
            lineId: line.id,
            quantity: line.pendingQuantity,
          })),
        },
      );
      if (received.body.status !== 'RECEIVED') {
        throw new Error(`A OC ${id} ficou ${received.body.status} após o recebimento.`);
      }
      if (run > 0) receipts.push(received.ms);
    }

    // (c) Completing: the product's 30 feedstocks in stock (entries through the API), then a new
    // order each time, started and completed.
    console.log('  concluir OP de 30 materiais...');
    const productId = data.bigProductIds[0]!;
    const bom = (
      await db.query<{ feedstockId: number; need: string }>(
        `SELECT c.feedstock_id AS "feedstockId",
           ceil($2::numeric * c.quantity * (1 + c.loss_percent / 100)) AS need
         FROM item_components c WHERE c.product_id = $1 ORDER BY c.position`,
        [productId, PRODUCED],
      )
    ).rows;
    if (bom.length !== 30) throw new Error(`O produto ${productId} tem ${bom.length} materiais.`);
    for (const line of bom) {
      await post(base, token, '/api/v1/stock-movements', {
        type: 'IN',
        itemId: line.feedstockId,
        toLocationId: data.sourceLocationId,
        quantity: String(Number(line.need) * (ACTION_RUNS + 2)),
        unitCost: '3.2500',
        notes: 'Estoque inicial do benchmark',
      });
    }
    const starts: number[] = [];
    const completions: number[] = [];
    for (let run = 0; run <= ACTION_RUNS; run++) {
      const created = await post<{ id: number; materials: unknown[] }>(
        base,
        token,
        '/api/v1/production-orders',
        {
          productId,
          quantity: String(PRODUCED),
          plannedStart: data.today,
          sourceLocationId: data.sourceLocationId,
          targetLocationId: data.targetLocationId,
        },
      );
      const id = created.body.id;
      if (created.body.materials.length !== 30) {
        throw new Error(`A OP ${id} tem ${created.body.materials.length} materiais.`);
      }
      const start = await post(base, token, `/api/v1/production-orders/${id}/start`);
      const complete = await post<{ status: string }>(
        base,
        token,
        `/api/v1/production-orders/${id}/complete`,
        { producedQuantity: String(PRODUCED) },
      );
      if (complete.body.status !== 'COMPLETED') {
        throw new Error(`A OP ${id} ficou ${complete.body.status} após concluir.`);
      }
      if (run > 0) {
        starts.push(start.ms);
        completions.push(complete.ms);
      }
    }

    const timed: Timed[] = [
      summarize(
        `receber OC de ${RECEIPT_LINES} linhas (tudo)`,
        'POST /api/v1/purchase-orders/:id/receive',
        receipts,
      ),
      summarize(
        'concluir OP de 30 materiais',
        'POST /api/v1/production-orders/:id/complete',
        completions,
      ),
      summarize(
        'referência: iniciar a mesma OP (30 saídas)',
        'POST /api/v1/production-orders/:id/start',
        starts,
        true,
      ),
    ];

    const readPassed = (m: Measured) =>
      m.label.startsWith('referência') || (m.p95 < TARGET.listP95 && m.failures === 0);
    const actionPassed = (t: Timed) => t.reference === true || t.median < TARGET.actionMs;
    const verdict = (passed: boolean) => (passed ? 'ok' : 'FALHOU');
    const header = `  ${''.padEnd(44)}${'req/s'.padStart(7)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'respostas'.padStart(10)}${'não-2xx'.padStart(8)}  ${'meta'.padEnd(8)}1 conexão: p50 / p95`;
    const readRow = (m: Measured) =>
      `  ${m.label.padEnd(44)}${m.perSecond.toFixed(0).padStart(7)} ${ms(m.p50)} ${ms(m.p95)} ${ms(m.p99)}${String(m.count).padStart(10)}${String(m.failures).padStart(8)}  ${verdict(readPassed(m)).padEnd(8)}${ms(m.alone.p50)} / ${ms(m.alone.p95).trim()}`;
    const table = [
      `Fabril bench:orders — ${new Date().toISOString()} — ${os.cpus().length} núcleos, ${pgVersion} (${target})`,
      generation,
      '',
      `(a) listas: ${CONNECTIONS} conexões × ${DURATION} s por URL, meta p95 < ${TARGET.listP95} ms`,
      header,
      ...measured.map(readRow),
      '',
      `(b) e (c) ações (1 conexão, ${ACTION_RUNS} vezes após 1 de aquecimento), meta mediana < ${TARGET.actionMs} ms`,
      ...timed.map(
        (t) =>
          `  ${t.label.padEnd(44)} mediana ${t.median.toFixed(1)} ms, máx. ${t.max.toFixed(1)} ms   ${t.reference ? '(referência)' : verdict(actionPassed(t))}`,
      ),
    ].join('\n');
    console.log(`\n${table}\n`);

    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `orders-${target}.txt`);
    fs.writeFileSync(
      file,
      [table, '', 'URLs:', ...[...measured, ...timed].map((m) => `  ${m.path}`)].join('\n') + '\n',
    );
    console.log(`Resultados em ${path.relative(ROOT, file)}`);
    if (!measured.every(readPassed) || !timed.every(actionPassed)) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    await server.stop();
  }
}

await main();
