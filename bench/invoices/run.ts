/**
 * Invoices benchmark: "Emitir" (POST /api/v1/invoices/:id/issue — number, cNF and key, the XML
 * built, signed with the company's A1 certificate and checked against the schema, stored, the
 * stock moved out and the bills created) end to end over HTTP, against the server as `npm start`
 * runs it:
 *   - set-up through the API: the company made ready to issue (CNPJ, IE, São Paulo address with
 *     its IBGE code, a test A1 certificate uploaded as the screen uploads it), a client with a full
 *     address, stock entries for 50 products; the other master data (unit, products with NCM and
 *     sale price, a payment method) straight into the database, as bench:orders writes its own;
 *   - drafts of 1 item and of 50 items created through the API beforehand (not timed);
 *   - (a) issuing them one at a time: `--runs` after `--warmup`, for each size;
 *   - (b) `--clients` clients issuing at once, `--concurrent-runs` invoices each, for each size:
 *     p50/p95 and invoices per second over the wall time;
 *   - (c) as a reference, the NF-e engine alone in this process (build + sign + validate of a 1-
 *     and a 50-item document like the drafts, with the same certificate), so the difference says
 *     what the database and HTTP cost.
 * Prints a table and writes it to bench/invoices/results/. Exits with 1 when a target is missed.
 * See bench/README.md.
 *
 * Usage: npm run bench:invoices [-- --runs 30 --warmup 5 --clients 4 --concurrent-runs 30]
 * With DATABASE_URL set, the server uses that database (without invoices) instead of the
 * embedded one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ROOT } from '../../e2e/support/server.js';
import { splitInstallments } from '../../src/shared/installments.js';
import { invoiceFigures, type InvoiceTaxRule } from '../../src/shared/invoice-taxes.js';
import {
  buildNfeXml,
  readA1Certificate,
  signNfe,
  validateNfe,
  type NfeAddress,
  type NfeDocument,
} from '../../src/server/modules/nfe/index.js';
import {
  benchCertificate,
  CERTIFICATE_PASSWORD,
  CLIENT_CNPJ,
  clientAddress,
  COMPANY_CNPJ,
  companyAddress,
  createTaxpayerClient,
  priceOf,
  readyCompany,
  send,
  stockedProducts,
} from '../support/fiscal-setup.js';
import { login, percentile } from '../support/load.js';
import { startBenchServer } from '../support/server.js';

const RESULTS = path.join(import.meta.dirname, 'results');
/** p95 of one issue at a time, by number of items. */
const TARGET: Record<number, number> = { 1: 150, 50: 400 };
const SIZES = [1, 50] as const;
const PRODUCTS = 50;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    clients: { type: 'string', default: '4' },
    'concurrent-runs': { type: 'string', default: '30' },
  },
});
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
const CLIENTS = Number(args.clients);
const CONCURRENT_RUNS = Number(args['concurrent-runs']);

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

/** The quantity of a draft's line i: 1 to 5 units. */
const quantityOf = (i: number) => String(1 + (i % 5));

interface Setup {
  productIds: number[];
  locationId: number;
  clientId: number;
  paymentMethodId: number;
  categoryId: number;
  saleId: number;
  today: string;
}

async function setUp(db: pg.Client, base: string, token: string, pfx: Buffer): Promise<Setup> {
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await db.query<T>(text, values)).rows[0]!;

  await readyCompany(base, token, pfx);
  const clientId = await createTaxpayerClient(base, token);
  const { today } = await one<{ today: string }>(
    `SELECT to_char((now() AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD') AS today`,
  );
  const { productIds, locationId } = await stockedProducts(db, base, token, PRODUCTS);
  const paymentMethodId = (
    await one<{ id: number }>(
      `INSERT INTO payment_methods (name, kind, usage)
       VALUES ('Boleto bancário (bench NF-e)', 'BOLETO', 'RECEIVE') RETURNING id`,
    )
  ).id;
  const categoryId = (
    await one<{ id: number }>(
      `SELECT id FROM financial_categories WHERE kind = 'INCOME' AND active
       ORDER BY name = 'Receitas de vendas' DESC, id LIMIT 1`,
    )
  ).id;
  const saleId = (
    await one<{ id: number }>(
      "SELECT id FROM fiscal_operations WHERE name LIKE 'Venda de produção%' ORDER BY id LIMIT 1",
    )
  ).id;

  return {
    productIds,
    locationId,
    clientId,
    paymentMethodId,
    categoryId,
    saleId,
    today,
  };
}

/** A sale's draft of `size` lines: freight and discount spread over them, 2 installments. */
const draftInput = (setup: Setup, size: number) => ({
  fiscalOperationId: setup.saleId,
  clientId: setup.clientId,
  issueDate: setup.today,
  locationId: setup.locationId,
  paymentMethodId: setup.paymentMethodId,
  categoryId: setup.categoryId,
  installments: 2,
  freightMode: '0',
  freight: '15.00',
  discount: '10.00',
  items: setup.productIds.slice(0, size).map((itemId, i) => ({ itemId, quantity: quantityOf(i) })),
});

interface Issued {
  status: string;
  number: number | null;
  accessKey: string | null;
}

async function issue(base: string, token: string, id: number) {
  const issued = await send<Issued>(base, token, 'POST', `/api/v1/invoices/${id}/issue`);
  if (issued.body.status !== 'ISSUED' || !issued.body.number || !issued.body.accessKey) {
    throw new Error(`A nota ${id} ficou ${issued.body.status} após emitir.`);
  }
  return issued.ms;
}

interface Row {
  label: string;
  p50: number;
  p95: number;
  count: number;
  perSecond?: number;
  /** The target p95, when there is one. */
  target?: number;
}

const summarize = (label: string, times: number[], extra: Partial<Row> = {}): Row => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    label,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    count: times.length,
    ...extra,
  };
};

// ---- the engine alone ----

const RULE: InvoiceTaxRule = {
  icmsCsosn: '102',
  icmsCst: '00',
  icmsRate: '0',
  ipiCst: null,
  ipiRate: '0',
  pisCst: '49',
  pisRate: '0',
  cofinsCst: '49',
  cofinsRate: '0',
  ibsCbsEnabled: false,
  cClassTrib: null,
  ibsStateRate: '0',
  ibsCityRate: '0',
  cbsRate: '0',
};

const nfeAddress = (address: typeof clientAddress): NfeAddress => ({
  street: address.street,
  number: address.number,
  district: address.district,
  cityCode: address.cityCode,
  cityName: address.city,
  uf: 'SP',
  zipCode: address.zipCode,
});

/** The NF-e of a draft like the bench's: the same lines, prices, discount, freight and terms. */
function documentOf(size: number, number: number, today: string): NfeDocument {
  const lines = Array.from({ length: size }, (_, i) => ({
    quantity: quantityOf(i),
    unitPrice: priceOf(i + 1),
  }));
  const figures = invoiceFigures({
    taxRegime: 1,
    rule: RULE,
    discount: '10.00',
    freight: '15.00',
    lines,
  });
  const installments = splitInstallments({
    count: 2,
    firstDueInDays: 30,
    intervalDays: 30,
    from: today,
    total: figures.totals.total,
  });
  return {
    environment: 'HOMOLOGATION',
    emissionType: 1,
    series: 1,
    number,
    randomCode: String(10_000_000 + number * 7919).slice(-8),
    issuedAt: new Date(),
    operationName: 'Venda de produção do estabelecimento',
    direction: 'OUT',
    purpose: 'NORMAL',
    finalConsumer: false,
    presence: 9,
    referencedKeys: [],
    softwareVersion: 'Fabril 1.0',
    emitter: {
      document: COMPANY_CNPJ,
      name: 'Confecções Exemplo Ltda',
      tradeName: 'Exemplo',
      address: nfeAddress({ ...companyAddress }),
      stateRegistration: '110042490114',
      taxRegime: 1,
    },
    recipient: {
      document: CLIENT_CNPJ,
      name: 'Loja Cliente do Benchmark Ltda',
      address: nfeAddress(clientAddress),
      stateTaxpayer: 1,
      stateRegistration: '110042490114',
      email: 'compras@cliente-bench.com.br',
    },
    items: figures.lines.map((line, i) => ({
      code: `PA-${String(i + 1).padStart(3, '0')}`,
      description: `Camiseta básica Mod. ${101 + i}`,
      ncm: '61091000',
      cfop: '5101',
      unit: 'UN',
      quantity: lines[i]!.quantity,
      unitPrice: lines[i]!.unitPrice,
      grossTotal: line.grossTotal,
      discount: line.discount,
      freight: line.freight,
      icms: { group: 'ICMSSN102', origin: 0, csosn: '102' },
      pis: { cst: '49', base: '0.00', rate: '0.00', value: '0.00' },
      cofins: { cst: '49', base: '0.00', rate: '0.00', value: '0.00' },
    })),
    freightMode: 0,
    payment: { method: '15', installments },
  };
}

interface EngineTimes {
  build: number[];
  sign: number[];
  validate: number[];
  total: number[];
  xmlBytes: number;
}

function timeEngine(size: number, pfx: Buffer, today: string): EngineTimes {
  const certificate = readA1Certificate(pfx, CERTIFICATE_PASSWORD);
  const times: EngineTimes = { build: [], sign: [], validate: [], total: [], xmlBytes: 0 };
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const doc = documentOf(size, 1000 + run, today);
    const t0 = performance.now();
    const built = buildNfeXml(doc);
    const t1 = performance.now();
    const xml = signNfe(built.xml, certificate);
    const t2 = performance.now();
    const validation = validateNfe(xml);
    const t3 = performance.now();
    if (!validation.valid) {
      throw new Error(`NF-e de ${size} itens inválida: ${validation.errors.join('; ')}`);
    }
    if (run < WARMUP) continue;
    times.build.push(t1 - t0);
    times.sign.push(t2 - t1);
    times.validate.push(t3 - t2);
    times.total.push(t3 - t0);
    times.xmlBytes = Buffer.byteLength(xml);
  }
  return times;
}

async function main() {
  console.log('Gerando o certificado A1 de teste...');
  const pfx = benchCertificate();

  const server = await startBenchServer('invoices', { sefaz: true });
  const { target, databaseUrl } = server;
  const db = new pg.Client({ connectionString: databaseUrl, application_name: 'fabril-bench' });
  try {
    await db.connect();
    const base = server.url;
    const pgVersion = (
      await db.query<{ version: string }>('SELECT version()')
    ).rows[0]!.version.split(',')[0]!;
    const token = await login(base);

    console.log(`  empresa, certificado, cliente, ${PRODUCTS} produtos com estoque...`);
    const setup = await setUp(db, base, token, pfx);

    const perSize = WARMUP + RUNS + CLIENTS * CONCURRENT_RUNS;
    const drafts = new Map<number, number[]>();
    const draftTimes = new Map<number, number[]>();
    for (const size of SIZES) {
      console.log(`  ${perSize} rascunhos de ${size} ${size === 1 ? 'item' : 'itens'}...`);
      const ids: number[] = [];
      const times: number[] = [];
      for (let i = 0; i < perSize; i++) {
        const created = await send<{ id: number; items: unknown[] }>(
          base,
          token,
          'POST',
          '/api/v1/invoices',
          draftInput(setup, size),
        );
        if (created.body.items.length !== size) {
          throw new Error(`O rascunho ${created.body.id} tem ${created.body.items.length} itens.`);
        }
        ids.push(created.body.id);
        times.push(created.ms);
      }
      drafts.set(size, ids);
      draftTimes.set(size, times);
    }

    const rows: Row[] = [];
    // (a) one at a time.
    for (const size of SIZES) {
      console.log(`  (a) emitir ${size} ${size === 1 ? 'item' : 'itens'}, uma por vez...`);
      const ids = drafts.get(size)!;
      const times: number[] = [];
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const elapsed = await issue(base, token, ids.shift()!);
        if (run >= WARMUP) times.push(elapsed);
      }
      rows.push(
        summarize(`(a) ${size} ${size === 1 ? 'item' : 'itens'}, uma por vez`, times, {
          target: TARGET[size],
        }),
      );
    }

    // (b) CLIENTS clients at once, each issuing its own drafts one after another.
    for (const size of SIZES) {
      console.log(
        `  (b) emitir ${size} ${size === 1 ? 'item' : 'itens'}, ${CLIENTS} de uma vez...`,
      );
      const ids = drafts.get(size)!;
      const times: number[] = [];
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let run = 0; run < CONCURRENT_RUNS; run++) {
            times.push(await issue(base, token, ids.shift()!));
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      rows.push(
        summarize(`(b) ${size} ${size === 1 ? 'item' : 'itens'}, ${CLIENTS} clientes`, times, {
          perSecond: times.length / seconds,
        }),
      );
    }

    // What was written: every draft issued once, gapless numbers, stock out, bills in.
    const check = await db.query<{
      issued: string;
      numbers: string;
      first: number;
      last: number;
      movements: string;
      bills: string;
    }>(
      `SELECT count(*) AS issued, count(DISTINCT number) AS numbers, min(number) AS first,
         max(number) AS last,
         (SELECT count(*) FROM stock_movements WHERE origin_type = 'INVOICE') AS movements,
         (SELECT count(*) FROM bills WHERE origin_type = 'INVOICE') AS bills
       FROM invoices WHERE status = 'ISSUED'`,
    );
    const written = check.rows[0]!;
    const expected = 2 * (WARMUP + RUNS + CLIENTS * CONCURRENT_RUNS);
    const expectedMovements = (WARMUP + RUNS + CLIENTS * CONCURRENT_RUNS) * (1 + 50);
    if (
      Number(written.issued) !== expected ||
      Number(written.numbers) !== expected ||
      written.last - written.first + 1 !== expected ||
      Number(written.movements) !== expectedMovements ||
      Number(written.bills) !== 2 * expected
    ) {
      throw new Error(`Gravado não confere: ${JSON.stringify(written)}`);
    }
    const writtenLine = `${written.issued} notas emitidas, números ${written.first}–${written.last} sem lacunas, ${written.movements} saídas de estoque, ${written.bills} parcelas a receber`;
    console.log(`  ${writtenLine}`);

    // (c) The engine alone, in this process.
    const engine = new Map<number, EngineTimes>();
    for (const size of SIZES) {
      console.log(`  (c) motor NF-e sozinho, ${size} ${size === 1 ? 'item' : 'itens'}...`);
      const times = timeEngine(size, pfx, setup.today);
      engine.set(size, times);
      rows.push(
        summarize(`(c) referência: motor, ${size} ${size === 1 ? 'item' : 'itens'}`, times.total),
      );
    }

    const passed = (row: Row) => row.target === undefined || row.p95 < row.target;
    const verdict = (row: Row) => (row.target === undefined ? '—' : passed(row) ? 'ok' : 'FALHOU');
    const p50 = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        0.5,
      );
    const table = [
      `Fabril bench:invoices — ${new Date().toISOString()} — ${os.cpus().length} núcleos, ${pgVersion} (${target})`,
      `emitir: POST /api/v1/invoices/:id/issue (número, chave, XML, assinatura, XSD, estoque, parcelas); ${RUNS} vezes após ${WARMUP} de aquecimento uma por vez, ${CLIENTS} × ${CONCURRENT_RUNS} de uma vez`,
      '',
      `  ${''.padEnd(36)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'notas'.padStart(7)}${'notas/s'.padStart(9)}  meta`,
      ...rows.map(
        (row) =>
          `  ${row.label.padEnd(36)} ${ms(row.p50)} ${ms(row.p95)}${String(row.count).padStart(7)}${(row.perSecond === undefined ? '' : row.perSecond.toFixed(1)).padStart(9)}  ${verdict(row)}${row.target === undefined ? '' : ` (p95 < ${row.target} ms)`}`,
      ),
      '',
      'motor sozinho, p50 por etapa (montar / assinar / validar) e tamanho do XML assinado:',
      ...SIZES.map((size) => {
        const e = engine.get(size)!;
        return `  ${String(size).padStart(2)} ${size === 1 ? 'item ' : 'itens'}  ${p50(e.build).toFixed(1)} / ${p50(e.sign).toFixed(1)} / ${p50(e.validate).toFixed(1)} ms, ${(e.xmlBytes / 1024).toFixed(1)} KiB`;
      }),
      '',
      `criar o rascunho (referência, não medido acima), p50: ${SIZES.map((size) => `${size} ${size === 1 ? 'item' : 'itens'} ${p50(draftTimes.get(size)!).toFixed(1)} ms`).join(', ')}`,
      writtenLine,
    ].join('\n');
    console.log(`\n${table}\n`);

    fs.mkdirSync(RESULTS, { recursive: true });
    const file = path.join(RESULTS, `invoices-${target}.txt`);
    fs.writeFileSync(file, `${table}\n`);
    console.log(`Resultados em ${path.relative(ROOT, file)}`);
    if (!rows.every(passed)) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    await server.stop();
  }
}

await main();
