import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { todayInSaoPaulo } from '../../shared/plain-date.js';
import { buildApp } from '../app.js';
import { createDb } from '../db/connection.js';
import { createDatabaseIfMissing } from '../db/database-url.js';
import { freePort } from '../db/free-port.js';
import { migrate } from '../db/migrate.js';
import { compressExchange } from '../modules/nfe/index.js';
import { makePfx, makeTestCertificate } from '../modules/nfe/testing/test-certificate.js';
import { financeFixture } from '../modules/finance/testing/finance-factories.js';
import { userWith } from '../modules/master-data/testing/master-data-helpers.js';
import { partyPayload } from '../modules/master-data/testing/party-helpers.js';
import { productionFixtures } from '../modules/production-orders/testing/production-fixtures.js';
import {
  createItem,
  purchaseFixture,
} from '../modules/purchase-orders/testing/purchase-fixtures.js';
import { OperatorError } from '../operator-error.js';
import { resolveJwtSecret } from '../platform/tokens.js';
import { useTestApi } from '../testing/api-app.js';
import { cpfFrom } from '../testing/documents.js';
import { multipart } from '../testing/multipart.js';
import { TEST_ADMIN, urlFor } from '../testing/test-database.js';
import { backupDatabase } from './backup.js';
import { restoreDatabase } from './restore.js';

/**
 * `npm run backup` / `npm run restore` (README "Backup and restore"): a database with rows in
 * every table, backed up while requests keep writing, restored into a new database, must come
 * back exactly as it was at the backup's snapshot: the same rows in every table (count and
 * checksum), compared with the source read through that very snapshot (exported by the backup's
 * transaction) while the writes went on. Writes that commit after the snapshot but before the
 * rows are read make a copy that is not one snapshot differ from it.
 */
const api = useTestApi();
const fx = productionFixtures(api);
const today = todayInSaoPaulo();
const BASE = '/api/v1';
const adminUrl = () => inject('testDatabaseAdminUrl');
let dir = '';
let token = '';
let ids: {
  item: number;
  location: number;
  supplier: number;
  category: number;
  account: number;
  toAccount: number;
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fabril-backup-test-'));
  await fs.chmod(dir, 0o755);
  token = await api.adminToken();
  ids = await everyKindOfData();
}, 120_000);

afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

// As the screens send them: every POST with its idempotency key.
const once = () => ({ 'idempotency-key': randomUUID() });

const post = async (url: string, payload: object = {}) => {
  const response = await api.request({
    method: 'POST',
    url: `${BASE}${url}`,
    token,
    payload,
    headers: once(),
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
};

let documents = 0;
const client = (tag: string) => ({
  ...partyPayload(0, tag, 0),
  document: cpfFrom(String(100_000_000 + (process.pid % 1000) * 100_000 + ++documents)),
});

/**
 * Rows of every kind, written through the API as people would: master data, a role and a user,
 * a production order completed and one cancelled, a purchase order received (its stock and its
 * bill), bills paid and received, a transfer, manual stock movements and a reversal, a failed
 * sign-in.
 */
async function everyKindOfData() {
  for (const path of ['brands', 'categories', 'colors', 'sizes', 'material-types']) {
    await post(`/${path}`, { name: `${path} ${randomBytes(3).toString('hex')}` });
  }
  await post('/clients', client('Cliente'));
  await post('/suppliers', { ...client('Fornecedor'), active: true });
  await userWith(api, ['clients:read']);
  await api.request({
    method: 'POST',
    url: `${BASE}/account/login`,
    payload: { email: TEST_ADMIN.email, password: 'senha-errada-1' },
  });

  // Purchasing: an order approved and received writes stock, a receipt and bills.
  const purchase = await purchaseFixture(api.db);
  const item = await createItem(api.db, { unitId: purchase.un, lastPurchasePrice: '3.0000' });
  const po = await post('/purchase-orders', {
    supplierId: purchase.supplier.id,
    orderDate: today,
    locationId: purchase.location.id,
    paymentMethodId: purchase.method.id,
    categoryId: purchase.category.id,
    items: [{ itemId: item.id, quantity: '20' }],
  });
  await post(`/purchase-orders/${po.id}/approve`);
  await post(`/purchase-orders/${po.id}/receive`, {
    date: today,
    lines: po.items.map((line: { id: number; quantity: string }) => ({
      lineId: line.id,
      quantity: line.quantity,
    })),
  });

  // Production: feedstocks in stock, a product with its bill of materials and costs.
  const unit = await fx.unit(0);
  const source = await fx.location();
  const target = await fx.location();
  const fabric = await fx.feedstock(unit);
  const buttons = await fx.feedstock(unit);
  const product = await fx.product(
    unit,
    [
      { feedstockId: fabric, quantity: '2' },
      { feedstockId: buttons, quantity: '4', lossPercent: '5' },
    ],
    [{ outlayId: await fx.outlay('PER_UNIT'), value: '2.50' }],
  );
  await fx.stockIn(fabric, source, '100', '10.00');
  await fx.stockIn(buttons, source, '500', '0.20');
  const order = () =>
    fx.createOrder({
      productId: product,
      quantity: '10',
      sourceLocationId: source,
      targetLocationId: target,
    });
  const done = await order();
  expect((await fx.action(done.id, 'start')).statusCode).toBe(200);
  expect((await fx.action(done.id, 'complete', { producedQuantity: '10' })).statusCode).toBe(200);
  const cancelled = await order();
  expect((await fx.action(cancelled.id, 'cancel', { reason: 'Teste' })).statusCode).toBe(200);

  // Stock by hand: an exit, a transfer, and an entry reversed.
  await post('/stock-movements', {
    type: 'OUT',
    itemId: fabric,
    fromLocationId: source,
    quantity: '1',
  });
  await post('/stock-movements', {
    type: 'TRANSFER',
    itemId: fabric,
    fromLocationId: source,
    toLocationId: target,
    quantity: '3',
  });
  const entry = await post('/stock-movements', {
    type: 'IN',
    itemId: buttons,
    toLocationId: target,
    quantity: '5',
    unitCost: '0.30',
  });
  await post(`/stock-movements/${entry.id}/reverse`, {});

  // Finance: bills to pay and to receive, one paid, a transfer, a manual entry.
  const money = await financeFixture(api.db);
  const other = await post('/checking-accounts', {
    name: `Conta ${randomBytes(3).toString('hex')}`,
    bankCode: '341',
    openingBalance: '1000.00',
    openingDate: '2025-01-01',
  });
  const bill = await post('/bills-to-pay', {
    supplierId: money.supplier.id,
    categoryId: money.expense.id,
    description: 'Aluguel',
    issueDate: today,
    dueDate: today,
    amount: '300.00',
    installments: 2,
  });
  await post(`/bills-to-pay/${bill.items[0].id}/pay`, {
    date: today,
    amount: '150.00',
    checkingAccountId: other.id,
    paymentMethodId: money.payMethod.id,
  });
  await post('/bills-to-receive', {
    clientId: money.client.id,
    categoryId: money.income.id,
    description: 'Venda',
    issueDate: today,
    dueDate: today,
    amount: '80.00',
  });
  await post(`/checking-accounts/${other.id}/transfers`, {
    toAccountId: money.account.id,
    date: today,
    amount: '10.00',
  });
  await post(`/checking-accounts/${other.id}/entries`, {
    date: today,
    direction: 'DEBIT',
    amount: '5.00',
    description: 'Tarifa',
    categoryId: money.expense.id,
  });

  // The company's A1 certificate, sealed in its own table.
  const cnpj = '11222333000181';
  const company = await api.request({ method: 'GET', url: `${BASE}/company`, token });
  const saved = await api.request({
    method: 'PUT',
    url: `${BASE}/company`,
    token,
    payload: { ...(company.json() as object), cnpj },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const certificate = await api.request({
    method: 'POST',
    url: `${BASE}/company/certificate`,
    token,
    ...multipart('a1.pfx', makePfx(makeTestCertificate({ cnpj }), 'senha-a1'), 'file', {
      password: 'senha-a1',
    }),
  });
  expect(certificate.statusCode, certificate.body).toBe(200);
  // NF-e contingency on (set here: the route needs a UF), so the company row's mode, since and
  // reason travel too (migration 0035).
  await api.db
    .updateTable('company')
    .set({
      nfeContingencyMode: 'SVC_AN',
      nfeContingencySince: new Date(),
      nfeContingencyReason: 'SEFAZ fora do ar na hora do backup',
    })
    .execute();

  // Stock closed through yesterday over a movement of the day before, so the closing's snapshot
  // tables have rows (migration 0038).
  const dayBefore = (days: number) =>
    new Date(Date.parse(`${today}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  await post('/stock-movements', {
    type: 'IN',
    date: dayBefore(2),
    itemId: (await createItem(api.db, { kind: 'FEEDSTOCK', unitId: purchase.un })).id,
    toLocationId: purchase.location.id,
    quantity: '3',
    unitCost: '2.00',
  });
  const closing = await api.request({
    method: 'PUT',
    url: `${BASE}/company`,
    token,
    payload: { ...(saved.json() as object), stockClosedThrough: dayBefore(1) },
  });
  expect(closing.statusCode, closing.body).toBe(200);

  // A sales order approved, holding a reservation of the stock, and buying the 2 it misses.
  const saleItem = await createItem(api.db, {
    kind: 'PRODUCT',
    origin: 'RESALE',
    unitId: purchase.un,
    lastPurchasePrice: '4.0000',
    defaultSupplierId: purchase.supplier.id,
  });
  await post('/stock-movements', {
    type: 'IN',
    itemId: saleItem.id,
    toLocationId: purchase.location.id,
    quantity: '10',
    unitCost: '4.00',
  });
  const sale = await post('/requested-orders', {
    clientId: money.client.id,
    orderDate: today,
    locationId: purchase.location.id,
    categoryId: money.income.id,
    items: [{ productId: saleItem.id, quantity: '12', unitPrice: '9.90' }],
  });
  await post(`/requested-orders/${sale.id}/approve`);
  await post(`/requested-orders/${sale.id}/plan-production`);

  // An invoice's draft with its line (issuing is the invoices' tests' business).
  const operation = await api.db
    .selectFrom('fiscalOperations')
    .select('id')
    .where('direction', '=', 'OUT')
    .executeTakeFirstOrThrow();
  const invoice = await post('/invoices', {
    fiscalOperationId: operation.id,
    clientId: money.client.id,
    issueDate: today,
    locationId: purchase.location.id,
    categoryId: money.income.id,
    items: [{ itemId: item.id, quantity: '2', unitPrice: '7.50' }],
  });
  // An exchange with SEFAZ kept with it (bytea, gzipped), as "Emitir" records one.
  const exchange = compressExchange({
    url: 'https://127.0.0.1/NFeConsultaProtocolo4',
    requestXml: '<consSitNFe versao="4.00"/>',
    responseXml: '<retConsSitNFe versao="4.00"><cStat>217</cStat></retConsSitNFe>',
  });
  await api.db
    .insertInto('invoiceSefazEvents')
    .values({
      invoiceId: invoice.id,
      kind: 'QUERY',
      service: 'NFeConsultaProtocolo4',
      sequence: null,
      url: exchange.url,
      statusCode: '217',
      message: 'Rejeição: NF-e não consta na base de dados da SEFAZ',
      protocol: null,
      requestGz: Buffer.from(exchange.request),
      responseGz: Buffer.from(exchange.response!),
      userId: null,
    })
    .execute();

  // A voided range of NF-e numbers (voiding through SEFAZ is the invoices' tests' business).
  await api.db
    .insertInto('nfeVoidedNumbers')
    .values({
      series: 1,
      numberFrom: 900,
      numberTo: 910,
      reason: 'Faixa pulada por falha do sistema',
      protocol: '135260000000001',
      voidedAt: new Date(),
      requestGz: Buffer.from([0x1f, 0x8b, 1]),
      responseGz: Buffer.from([0x1f, 0x8b, 2]),
      createdBy: null,
    })
    .execute();

  return {
    item: buttons,
    location: source,
    supplier: money.supplier.id,
    category: money.expense.id,
    account: other.id,
    toAccount: money.account.id,
  };
}

/** Every table's row count and a checksum of its rows, in one snapshot. */
async function checksums(url: string, snapshot?: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SET TimeZone = 'UTC'; SET DateStyle = 'ISO'; SET extra_float_digits = 3");
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    if (snapshot) await client.query(`SET TRANSACTION SNAPSHOT '${snapshot}'`);
    const { rows: tables } = await client.query<{ name: string }>(`
      SELECT relname AS name FROM pg_class
       WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname`);
    const sums: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: string; sum: string }>(
        `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), ''))
           AS sum FROM public."${name}" t`,
      );
      sums[name] = `${rows[0]!.n} ${rows[0]!.sum}`;
    }
    await client.query('COMMIT');
    return sums;
  } finally {
    await client.end();
  }
}

/**
 * The schema's indexes, constraints and triggers (with whether each is enabled), as text. An index
 * is described by what it is (table, method, columns or expressions, operator classes, unique,
 * partial, valid), not by pg_get_indexdef's text: the restore builds indexes again from that text,
 * and PostgreSQL prints an `IN (…)` predicate read back from its own output differently.
 */
async function schemaOf(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ line: string }>(`
      SELECT concat_ws(' ', 'index', i.relname, 'on', t.relname, am.amname, x.indkey::text,
               x.indnkeyatts, x.indisunique, x.indisvalid, x.indpred IS NOT NULL,
               x.indexprs IS NOT NULL,
               (SELECT string_agg(o.opcname, ',' ORDER BY c.n)
                  FROM unnest(x.indclass) WITH ORDINALITY c (oid, n)
                  JOIN pg_opclass o ON o.oid = c.oid)) AS line
        FROM pg_index x
        JOIN pg_class i ON i.oid = x.indexrelid
        JOIN pg_class t ON t.oid = x.indrelid
        JOIN pg_am am ON am.oid = i.relam
       WHERE i.relnamespace = 'public'::regnamespace
      UNION ALL
      SELECT 'constraint ' || conrelid::regclass || '.' || conname || ': ' || pg_get_constraintdef(oid)
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      UNION ALL
      SELECT 'trigger ' || tgrelid::regclass || '.' || tgname || ': ' || tgenabled::text
        FROM pg_trigger WHERE NOT tgisinternal
      ORDER BY 1`);
    return rows.map((row) => row.line);
  } finally {
    await client.end();
  }
}

const rowsOf = (sums: Record<string, string>, table: string) => Number(sums[table]!.split(' ')[0]);

/**
 * Requests that keep writing until stopped: stock entries (ledger, balance, average cost), new
 * clients (and their row counter), bills to pay, transfers between accounts; each counted once
 * it answered.
 */
function writeLoad() {
  let running = true;
  let committed = 0;
  const failures: string[] = [];
  const loop = async (request: (n: number) => { url: string; payload: object }) => {
    for (let n = 0; running; n++) {
      const { url, payload } = request(n);
      const response = await api.request({
        method: 'POST',
        url: `${BASE}${url}`,
        token,
        payload,
        headers: once(),
      });
      if (response.statusCode === 201) committed++;
      else failures.push(`${url} ${response.statusCode} ${response.body}`);
    }
  };
  const loops = [
    loop(() => ({
      url: '/stock-movements',
      payload: {
        type: 'IN',
        itemId: ids.item,
        toLocationId: ids.location,
        quantity: '1',
        unitCost: '0.25',
      },
    })),
    loop(() => ({ url: '/clients', payload: client('Carga') })),
    loop((n) => ({
      url: '/bills-to-pay',
      payload: {
        supplierId: ids.supplier,
        categoryId: ids.category,
        description: `Carga ${n}`,
        issueDate: today,
        dueDate: today,
        amount: '12.34',
      },
    })),
    loop(() => ({
      url: `/checking-accounts/${ids.account}/transfers`,
      payload: { toAccountId: ids.toAccount, date: today, amount: '0.01' },
    })),
  ];
  return {
    committed: () => committed,
    failures,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

const until = async (condition: () => boolean) => {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('a carga de escrita parou');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** An empty database, named like the run's others so that the run's end drops it too. */
async function newDatabase(): Promise<string> {
  const prefix = inject('testDatabaseTemplate').replace(/_template$/, '');
  const name = `${prefix}_restore_${randomBytes(4).toString('hex')}`;
  await createDatabaseIfMissing(adminUrl(), name);
  return urlFor(adminUrl(), name);
}

describe('backup under write load, restore into a new database', () => {
  const file = () => path.join(dir, 'fabril.sql.gz');
  let atSnapshot: Record<string, string> = {};
  let source: Record<string, string> = {};
  let restoredUrl = '';

  it('has rows in every table before the backup', async () => {
    const sums = await checksums(api.url);
    const empty = Object.keys(sums).filter((table) => rowsOf(sums, table) === 0);
    expect(empty, 'tables with no rows: add rows of their kind to everyKindOfData()').toEqual([]);
  });

  it('writes the database as of its snapshot while writes go on', async () => {
    const load = writeLoad();
    let committedAtSnapshot = 0;
    await until(() => load.committed() >= 20);
    const summary = await backupDatabase(api.url, file(), {
      onSnapshot: async (snapshot) => {
        committedAtSnapshot = load.committed();
        atSnapshot = await checksums(api.url, snapshot);
        // Writes that commit now are after the snapshot and before any row is read.
        await until(() => load.committed() >= committedAtSnapshot + 30);
      },
    });
    await until(() => load.committed() >= committedAtSnapshot + 60);
    await load.stop();
    expect(load.failures).toEqual([]);
    source = await checksums(api.url);
    expect(summary.tables).toBe(Object.keys(atSnapshot).length);
    // The load crossed the snapshot: each table it writes has rows the copy must not have.
    for (const table of ['stock_movements', 'clients', 'bills', 'account_entries', 'audit_log']) {
      expect(rowsOf(source, table), table).toBeGreaterThan(rowsOf(atSnapshot, table));
    }
    expect(source.stock_balances).not.toBe(atSnapshot.stock_balances);
    expect(source.row_counts).not.toBe(atSnapshot.row_counts);
  }, 60_000);

  it('restores every table exactly as it was at the snapshot', async () => {
    restoredUrl = await newDatabase();
    const summary = await restoreDatabase(restoredUrl, file());
    const restored = await checksums(restoredUrl);
    expect(restored).toEqual(atSnapshot);
    expect(summary.rows).toBe(
      Object.keys(atSnapshot).reduce((sum, table) => sum + rowsOf(atSnapshot, table), 0),
    );
    expect(restored).not.toEqual(source);
  }, 60_000);

  it('restores the schema: every index, constraint and trigger, the triggers enabled', async () => {
    const restored = await schemaOf(restoredUrl);
    expect(restored.length).toBeGreaterThan(100);
    expect(restored).toEqual(await schemaOf(api.url));
  });

  it('restores a database whose ledgers agree with their balances and counters', async () => {
    const client = new pg.Client({ connectionString: restoredUrl });
    await client.connect();
    try {
      const { rows: stock } = await client.query(`
        SELECT b.item_id, b.location_id, b.quantity, coalesce(l.total, 0) AS ledger
          FROM stock_balances b
          FULL JOIN (SELECT item_id, location_id, sum(delta) AS total FROM (
                       SELECT item_id, to_location_id AS location_id, quantity AS delta
                         FROM stock_movements WHERE to_location_id IS NOT NULL
                       UNION ALL
                       SELECT item_id, from_location_id, -quantity
                         FROM stock_movements WHERE from_location_id IS NOT NULL) m
                      GROUP BY item_id, location_id) l USING (item_id, location_id)
         WHERE b.quantity IS DISTINCT FROM coalesce(l.total, 0)`);
      expect(stock).toEqual([]);
      const { rows: counters } = await client.query(`
        SELECT table_name, row_count,
               CASE table_name WHEN 'clients' THEN (SELECT count(*) FROM clients)
                               ELSE (SELECT count(*) FROM suppliers) END AS actual
          FROM row_counts`);
      expect(counters.length).toBe(2);
      for (const row of counters) expect(row.row_count, row.table_name).toBe(row.actual);
    } finally {
      await client.end();
    }
  });

  it('starts the app on the restored database: nothing to migrate, sign-in, new ids', async () => {
    const db = createDb(restoredUrl, 3);
    try {
      expect(await migrate(db)).toEqual([]);
      const app = await buildApp({
        db,
        databaseUrl: restoredUrl,
        jwtSecret: await resolveJwtSecret(db, undefined),
        certificateKey: randomBytes(32),
        logLevel: 'silent',
      });
      try {
        const login = await app.inject({
          method: 'POST',
          url: `${BASE}/account/login`,
          headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
          payload: TEST_ADMIN,
        });
        expect(login.statusCode, login.body).toBe(200);
        const auth = {
          authorization: `Bearer ${login.json().accessToken}`,
          cookie: 'XSRF-TOKEN=t',
          'x-xsrf-token': 't',
        };
        const list = await app.inject({ method: 'GET', url: `${BASE}/clients`, headers: auth });
        expect(list.json().total).toBe(rowsOf(atSnapshot, 'clients'));
        // The sequences came back too: a new row gets an id no restored row has.
        const created = await app.inject({
          method: 'POST',
          url: `${BASE}/clients`,
          headers: auth,
          payload: client('Depois'),
        });
        expect(created.statusCode, created.body).toBe(201);
      } finally {
        await app.close();
      }
    } finally {
      await db.destroy();
    }
  });

  it('refuses to restore over data without --force; with it, replaces them', async () => {
    const refused = restoreDatabase(restoredUrl, file());
    await expect(refused).rejects.toThrow(OperatorError);
    await expect(refused).rejects.toThrow(/já tem dados.*--force/);
    await restoreDatabase(restoredUrl, file(), { force: true });
    // The client created above is gone: the database is the copy again.
    expect(await checksums(restoredUrl)).toEqual(atSnapshot);
  }, 60_000);

  it('refuses while another session uses the database, and a cut file, changing nothing', async () => {
    const other = new pg.Client({ connectionString: restoredUrl });
    await other.connect();
    try {
      await expect(restoreDatabase(restoredUrl, file(), { force: true })).rejects.toThrow(
        /Pare o servidor/,
      );
    } finally {
      await other.end();
    }
    const whole = await fs.readFile(file());
    const cut = path.join(dir, 'cortada.sql.gz');
    await fs.writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expect(restoreDatabase(restoredUrl, cut, { force: true })).rejects.toThrow(
      /incompleta ou danificada/,
    );
    await fs.writeFile(cut, 'não é uma cópia');
    await expect(restoreDatabase(restoredUrl, cut, { force: true })).rejects.toThrow(
      /não é uma cópia do Fabril/,
    );
    expect(await checksums(restoredUrl)).toEqual(atSnapshot);
  }, 60_000);

  it('never replaces an existing file', async () => {
    await expect(backupDatabase(api.url, file())).rejects.toThrow(/já existe/);
  });
});

/** The command line, on the embedded PostgreSQL of a data directory, as an operator runs it. */
describe('npm run backup / restore on the embedded database', () => {
  const tsx = path.resolve('node_modules/.bin/tsx');
  const run = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(tsx, ['src/server/main.ts', ...args], {
        env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => resolve({ code, output }));
    });

  it('restores into a new data directory, backs up beside the running server, refuses to restore under it', async () => {
    const file = path.join(dir, 'fabril.sql.gz');
    const dataDir = path.join(dir, 'data');
    const env = { FABRIL_DATA_DIR: dataDir };

    const restored = await run(['restore', file], env);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/restaurada: \d+ tabelas/);

    const port = await freePort();
    const server = spawn(tsx, ['src/server/main.ts', 'start'], {
      env: { ...process.env, ...env, DATABASE_URL: '', PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => null);
        if (health?.ok) break;
        if (Date.now() > deadline) throw new Error('o servidor não respondeu');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const login = await fetch(`http://127.0.0.1:${port}/api/v1/account/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: 'XSRF-TOKEN=t',
          'x-xsrf-token': 't',
        },
        body: JSON.stringify(TEST_ADMIN),
      });
      expect(login.status).toBe(200);

      const copy = path.join(dir, 'durante.sql.gz');
      const backup = await run(['backup', copy], env);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(/Cópia gravada em .*durante\.sql\.gz/);

      const over = await run(['restore', file, '--force'], env);
      expect(over.code).toBe(1);
      expect(over.output).toMatch(/Pare o servidor antes de restaurar/);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('close', resolve));
    }

    // With the server stopped, the backup starts the embedded PostgreSQL and stops it again.
    const stopped = await run(['backup', path.join(dir, 'parado.sql.gz')], env);
    expect(stopped.code, stopped.output).toBe(0);
    await expect(fs.access(path.join(dataDir, 'pg', 'postmaster.pid'))).rejects.toThrow();
    const again = await run(['restore', file], env);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/já tem dados/);
  }, 180_000);
});
