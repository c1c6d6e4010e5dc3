/**
 * Fills a database with two years of a small garment maker's sales orders (Pedidos Recebidos,
 * default 20,000), in a handful of set-based statements, for the orders list:
 *
 * - 600 clients (bench/lists' generator); a payment method; the default stock location and the
 *   seeded "Receitas de vendas" category.
 * - Orders PV-… dated evenly over the last 730 days, each of one of the clients (every 50th of
 *   `heavyClientId`, when given: a big customer whose open orders the credit gate sums), delivery
 *   7–27 days later, 1–3 installments, a total of R$ 150 to R$ 25,000 (freight on 30 %, a
 *   discount on 20 %). Older than 60 days: 82 % delivered, 8 % invoiced, 3 % partially invoiced,
 *   7 % cancelled; the last 60 days: 15 % open, 35 % approved, 15 % partially invoiced, 20 %
 *   invoiced, 10 % delivered, 5 % cancelled.
 * - document_sequences holds the last number, so the next order created gets the next number.
 *
 * NOT written: the orders' lines, reservations, invoices and bills. The list reads only the
 * header (and the client's, location's, method's and category's names); the benchmark's own
 * orders are created, approved and invoiced through the API.
 *
 * Random choices come from hashing the row number (`hashint8`), so a run is repeatable.
 *
 * Usage: tsx bench/sales/generate.ts <DATABASE_URL> [orders]
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { generateClients } from '../lists/generate-clients.js';

export interface GenerateOptions {
  orders?: number;
  /** A client that gets every 50th order, besides the 600 generated ones. */
  heavyClientId?: number;
  /** The index of its first client's document (bench/lists' generator), for a shared database. */
  firstClientIndex?: number;
  log?: (message: string) => void;
}

export interface GeneratedSales {
  orders: number;
  /** Orders by status. */
  statuses: Record<string, number>;
  /** The orders of `heavyClientId`, and how many of them are approved or partially invoiced. */
  heavyClientOrders: number;
  heavyClientOpen: number;
  locationId: number;
  categoryId: number;
  paymentMethodId: number;
  /** São Paulo's today, as the server sees it. */
  today: string;
  ms: number;
}

const CLIENTS = 600;

/** A number in [0, 1) from row `i` and a salt: the same on every run. */
const r = (salt: number, i = 'i') =>
  `((hashint8((${i})::bigint * 7919 + ${salt})::bigint + 2147483648) / 4294967296.0)`;

export async function generateSales(
  databaseUrl: string,
  options: GenerateOptions = {},
): Promise<GeneratedSales> {
  const orders = options.orders ?? 20_000;
  const log = options.log ?? (() => undefined);
  const started = performance.now();

  await generateClients(databaseUrl, CLIENTS, {
    seed: 20_260_219,
    firstIndex: options.firstClientIndex ?? 0,
  });
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'fabril-bench' });
  await client.connect();
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await client.query<T>(text, values)).rows[0]!;
  try {
    const { today, userId } = await one<{ today: string; userId: number }>(
      `SELECT to_char((now() AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD') AS today,
         (SELECT min(id) FROM users) AS "userId"`,
    );
    const locationId = (
      await one<{ id: number }>('SELECT id FROM stock_locations WHERE is_default')
    ).id;
    const categoryId = (
      await one<{ id: number }>(
        `SELECT id FROM financial_categories WHERE kind = 'INCOME' AND active
         ORDER BY name = 'Receitas de vendas' DESC, id LIMIT 1`,
      )
    ).id;
    const paymentMethodId = (
      await one<{ id: number }>(
        `INSERT INTO payment_methods (name, kind, usage)
         VALUES ('Boleto bancário (bench PV)', 'BOLETO', 'RECEIVE') RETURNING id`,
      )
    ).id;
    const clients = (
      await client.query<{ id: number }>('SELECT id FROM clients ORDER BY id DESC LIMIT $1', [
        CLIENTS,
      ])
    ).rows.map((row) => row.id);

    log(`  ${orders.toLocaleString('pt-BR')} pedidos recebidos...`);
    const base = Number(
      (await one<{ n: number }>('SELECT coalesce(max(number), 0) AS n FROM requested_orders')).n,
    );
    await client.query(
      `WITH drawn AS (
         SELECT i, $1::date - 730 + floor((i - 1) * 731.0 / $3::int)::int AS day,
           ${r(31)} AS fate, ${r(32)} AS pick, ${r(33)} AS extra,
           round((150 + power(${r(34)}, 2) * 24850)::numeric, 2) AS goods
         FROM generate_series(1, $3::int) AS i
       ), fated AS (
         SELECT *, CASE
             WHEN day < $1::date - 60 THEN CASE WHEN fate < 0.82 THEN 'DELIVERED'
               WHEN fate < 0.90 THEN 'INVOICED' WHEN fate < 0.93 THEN 'PARTIALLY_INVOICED'
               ELSE 'CANCELLED' END
             ELSE CASE WHEN fate < 0.15 THEN 'OPEN' WHEN fate < 0.50 THEN 'APPROVED'
               WHEN fate < 0.65 THEN 'PARTIALLY_INVOICED' WHEN fate < 0.85 THEN 'INVOICED'
               WHEN fate < 0.95 THEN 'DELIVERED' ELSE 'CANCELLED' END
           END AS status,
           CASE WHEN extra < 0.3 THEN round((20 + extra * 400)::numeric, 2) ELSE 0 END AS freight,
           CASE WHEN extra > 0.8 THEN round(goods * 0.05, 2) ELSE 0 END AS discount
         FROM drawn
       )
       INSERT INTO requested_orders (number, client_id, order_date, delivery_date, location_id,
         payment_method_id, category_id, installments, first_due_in_days, interval_days, freight,
         discount, total, notes, status, created_at, updated_at, created_by, updated_by, version)
       SELECT $2::int + i,
         CASE WHEN $9::int IS NOT NULL AND i % 50 = 0 THEN $9::int
           ELSE ($4::int[])[1 + floor(pick * array_length($4::int[], 1))::int] END,
         day, day + 7 + floor(extra * 21)::int, $5::int, $6::int, $7::int,
         1 + floor(extra * 3)::int, 30, 30, freight, discount, goods - discount + freight,
         CASE WHEN extra > 0.9 THEN 'Entregar no portão 2' END, status,
         (day + time '09:00') AT TIME ZONE 'America/Sao_Paulo',
         (day + 1 + floor(extra * 10)::int + time '15:00') AT TIME ZONE 'America/Sao_Paulo',
         $8::int, $8::int, CASE status WHEN 'OPEN' THEN 1 WHEN 'APPROVED' THEN 2 ELSE 3 END
       FROM fated ORDER BY i`,
      [
        today,
        base,
        orders,
        clients,
        locationId,
        paymentMethodId,
        categoryId,
        userId,
        options.heavyClientId ?? null,
      ],
    );
    await client.query(
      `INSERT INTO document_sequences (document_type, series, last_number)
       VALUES ('requested-order', '', $1)
       ON CONFLICT (document_type, series)
         DO UPDATE SET last_number = greatest(document_sequences.last_number, $1)`,
      [base + orders],
    );

    log('  VACUUM ANALYZE...');
    for (const table of ['requested_orders', 'clients', 'payment_methods']) {
      await client.query(`VACUUM (ANALYZE) ${table}`);
    }
    const statuses = Object.fromEntries(
      (
        await client.query<{ status: string; count: string }>(
          'SELECT status, count(*) FROM requested_orders GROUP BY status ORDER BY status',
        )
      ).rows.map((row) => [row.status, Number(row.count)]),
    );
    const heavy = await one<{ orders: number; open: number }>(
      `SELECT count(*)::int AS orders,
         count(*) FILTER (WHERE status IN ('APPROVED', 'PARTIALLY_INVOICED'))::int AS open
       FROM requested_orders WHERE client_id = $1`,
      [options.heavyClientId ?? 0],
    );
    return {
      orders: Object.values(statuses).reduce((a, b) => a + b, 0),
      statuses,
      heavyClientOrders: heavy.orders,
      heavyClientOpen: heavy.open,
      locationId,
      categoryId,
      paymentMethodId,
      today,
      ms: performance.now() - started,
    };
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [url = process.env.DATABASE_URL, orders = '20000'] = process.argv.slice(2);
  if (!url) {
    console.error('Uso: tsx bench/sales/generate.ts <DATABASE_URL> [pedidos]');
    process.exit(2);
  }
  const result = await generateSales(url, { orders: Number(orders), log: console.log });
  console.log(
    `${result.orders} pedidos recebidos em ${(result.ms / 1000).toFixed(1)} s`,
    result.statuses,
  );
}
