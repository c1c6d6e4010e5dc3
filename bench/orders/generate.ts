/**
 * Fills a database with two years of a small garment maker's purchasing and production (default
 * 20,000 purchase orders and 20,000 production orders), in a handful of set-based statements:
 *
 * - 600 clients (bench/lists' generator) and 300 suppliers (the first clients' names and
 *   documents); units UN, KG and M; three stock locations ("Almoxarifado de Matéria-prima", the
 *   source of production, "Produto Acabado", its target, and "Expedição"); three outlays (labour
 *   and energy per unit, machine set-up per order); a payment method.
 * - 300 feedstocks (MP-00001…, each with a last purchase price) and 120 MANUFACTURED products
 *   (PA-00001…) with a bill of materials of 3 to 15 feedstocks (products 1 and 2: 30) and their
 *   production costs.
 * - Purchase orders OC-… dated evenly over the last 730 days, 3 to 10 lines each (distinct
 *   feedstocks, whole quantities). Older than 60 days: 90 % received, 5 % cancelled, 5 % still
 *   partially received; the last 60 days: 15 % draft, 40 % approved, 20 % partially received
 *   (line 1 in full, line 2 half), 20 % received, 5 % cancelled. `received_quantity` follows the
 *   status; `total` = Σ round(quantity × price, 2) + freight.
 * - Production orders OP-… planned evenly from 730 days ago to 30 days ahead, of one of the
 *   products, 10 to 300 units, materials copied from its bill (required quantity rounded up to the
 *   unit's decimals) and costs from its outlays, as the module creates them. Planned more than
 *   45 days ago: 92 % completed, 8 % cancelled; 15–45 days ago: 60 % completed, 32 % in
 *   progress, 8 % cancelled; later: in progress (if already started) or planned, 10 % cancelled.
 *   Started orders consumed their required quantities at each feedstock's last purchase price;
 *   completed ones produced 95–100 % of the quantity and carry their cost breakdown.
 * - document_sequences hold the last numbers, so the next order created gets the next number.
 *
 * NOT written: the stock movements, receipts and bills of those past receipts and productions
 * (the stock stays empty, the items' average costs zero). The lists and the actions measured do
 * not read them; the benchmark's actions post their own movements through the API.
 *
 * Random choices come from hashing the row number (`hashint8`), so a run is repeatable.
 *
 * Usage: tsx bench/orders/generate.ts <DATABASE_URL> [purchaseOrders] [productionOrders]
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { generateClients } from '../lists/generate-clients.js';

export interface GenerateOptions {
  purchaseOrders?: number;
  productionOrders?: number;
  /** The index of its first client's document (bench/lists' generator), for a shared database. */
  firstClientIndex?: number;
  log?: (message: string) => void;
}

export interface GeneratedOrders {
  purchaseOrders: number;
  purchaseLines: number;
  productionOrders: number;
  materials: number;
  /** Orders by status, as "STATUS n" pairs. */
  purchaseStatuses: Record<string, number>;
  productionStatuses: Record<string, number>;
  supplierId: number;
  /** Where purchases arrive and production takes its materials from. */
  sourceLocationId: number;
  /** Where finished products go. */
  targetLocationId: number;
  categoryId: number;
  feedstockIds: number[];
  /** The products whose bill of materials has 30 feedstocks. */
  bigProductIds: number[];
  /** São Paulo's today, as the server sees it. */
  today: string;
  ms: number;
}

const CLIENTS = 600;
const SUPPLIERS = 300;
const FEEDSTOCKS = 300;
const PRODUCTS = 120;
const FEEDSTOCK_NAMES = [
  'Tecido Malha Algodão',
  'Tecido Sarja',
  'Tecido Jeans',
  'Linha de Costura',
  'Botão de Poliéster',
  'Zíper Metálico',
  'Elástico Chato',
  'Etiqueta Bordada',
  'Embalagem Plástica',
  'Ribana',
  'Viés',
  'Entretela',
];
const PRODUCT_NAMES = [
  'Camiseta Básica',
  'Polo Piquet',
  'Calça Jeans',
  'Bermuda Sarja',
  'Vestido Midi',
  'Blusa de Moletom',
  'Jaqueta Corta-vento',
  'Pijama Infantil',
];

/** A number in [0, 1) from row `i` and a salt: the same on every run. */
const r = (salt: number, i = 'i') =>
  `((hashint8((${i})::bigint * 7919 + ${salt})::bigint + 2147483648) / 4294967296.0)`;

export async function generateOrders(
  databaseUrl: string,
  options: GenerateOptions = {},
): Promise<GeneratedOrders> {
  const purchaseOrders = options.purchaseOrders ?? 20_000;
  const productionOrders = options.productionOrders ?? 20_000;
  const log = options.log ?? (() => undefined);
  const started = performance.now();

  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'fabril-bench' });
  await client.connect();
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await client.query<T>(text, values)).rows[0]!;
  try {
    // The suppliers are this generator's own first clients, not another generator's.
    const clientsBefore = Number(
      (await one<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM clients')).id,
    );
    await generateClients(databaseUrl, CLIENTS, {
      seed: 20_260_111,
      firstIndex: options.firstClientIndex ?? 0,
    });
    const { today, userId } = await one<{ today: string; userId: number }>(
      `SELECT to_char((now() AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD') AS today,
         (SELECT min(id) FROM users) AS "userId"`,
    );

    log('  cadastros: fornecedores, unidades, locais, itens e fichas técnicas...');
    await client.query(
      `INSERT INTO suppliers (person_type, name, trade_name, document, email, phone, address)
       SELECT person_type, name, trade_name, document, email, phone, address
       FROM clients WHERE id > $2 ORDER BY id LIMIT $1`,
      [SUPPLIERS, clientsBefore],
    );
    await client.query(
      `INSERT INTO units_of_measurement (code, description, decimals)
       VALUES ('UN', 'Unidade', 0), ('KG', 'Quilograma', 3), ('M', 'Metro', 3)
       ON CONFLICT DO NOTHING`,
    );
    const units = (
      await client.query<{ id: number }>(
        "SELECT id FROM units_of_measurement WHERE code IN ('UN', 'KG', 'M') ORDER BY code",
      )
    ).rows.map((row) => row.id);
    // A location another generator made in the same database (bench:stock's "Expedição") is
    // reused: names are unique.
    const locations = ['Almoxarifado de Matéria-prima', 'Produto Acabado', 'Expedição'];
    await client.query(
      `INSERT INTO stock_locations (name, is_default, created_by, updated_by)
       SELECT name, n = 1 AND NOT EXISTS (SELECT 1 FROM stock_locations WHERE is_default), $2, $2
       FROM unnest($1::text[]) WITH ORDINALITY AS l (name, n)
       WHERE NOT EXISTS (SELECT 1 FROM stock_locations s WHERE lower(s.name) = lower(l.name))
       ORDER BY n`,
      [locations, userId],
    );
    const [sourceLocationId, targetLocationId] = (
      await client.query<{ id: number }>(
        `SELECT id FROM stock_locations WHERE name = ANY($1::text[])
         ORDER BY array_position($1::text[], name::text)`,
        [locations],
      )
    ).rows.map((row) => row.id) as [number, number];
    const outlays = (
      await client.query<{ id: number }>(
        `INSERT INTO outlays (name, kind, default_value)
         VALUES ('Mão de obra (bench)', 'PER_UNIT', 6), ('Energia (bench)', 'PER_UNIT', 0.8),
           ('Preparação de máquina (bench)', 'PER_ORDER', 120)
         RETURNING id`,
      )
    ).rows.map((row) => row.id);
    const method = (
      await one<{ id: number }>(
        `INSERT INTO payment_methods (name, kind, usage)
         VALUES ('Boleto bancário (bench OC)', 'BOLETO', 'BOTH') RETURNING id`,
      )
    ).id;
    const categoryId = (
      await one<{ id: number }>(
        `SELECT id FROM financial_categories WHERE kind = 'EXPENSE' AND active
         ORDER BY lower(name) = 'matéria-prima' DESC, id LIMIT 1`,
      )
    ).id;

    // Feedstocks: unit by n (UN, KG, M in turn), a last purchase price of R$ 0.50 to R$ 80.
    const feedstockIds = (
      await client.query<{ id: number }>(
        `INSERT INTO items (kind, code, name, unit_id, last_purchase_price, created_by, updated_by)
         SELECT 'FEEDSTOCK', 'MP-' || lpad(i::text, 5, '0'),
           ($1::text[])[1 + i % array_length($1::text[], 1)] || ' Ref. ' || (1000 + i),
           ($2::int[])[1 + i % 3], round((0.5 + power(${r(1)}, 2) * 79.5)::numeric, 2), $4, $4
         FROM generate_series(1, $3::int) AS i ORDER BY i RETURNING id`,
        [FEEDSTOCK_NAMES, [units[2], units[0], units[1]], FEEDSTOCKS, userId],
      )
    ).rows.map((row) => row.id);
    const productIds = (
      await client.query<{ id: number }>(
        `INSERT INTO items (kind, code, name, origin, unit_id, sale_price, created_by, updated_by)
         SELECT 'PRODUCT', 'PA-' || lpad(i::text, 5, '0'),
           ($1::text[])[1 + i % array_length($1::text[], 1)] || ' Mod. ' || (100 + i),
           'MANUFACTURED', $2::int, round((40 + ${r(2)} * 160)::numeric, 2), $4, $4
         FROM generate_series(1, $3::int) AS i ORDER BY i RETURNING id`,
        [PRODUCT_NAMES, units[2], PRODUCTS, userId],
      )
    ).rows.map((row) => row.id);
    // The bill: 30 feedstocks for the first two products, 3 to 15 for the others, distinct
    // (7k mod 300 never repeats for k ≤ 30); whole quantities for a feedstock counted in units.
    await client.query(
      `INSERT INTO item_components (product_id, feedstock_id, quantity, loss_percent, position)
       SELECT ($1::int[])[p], f.id,
         CASE WHEN u.decimals = 0 THEN 1 + floor(${r(3, 'p * 64 + k')} * 4)
           ELSE round((0.05 + ${r(4, 'p * 64 + k')} * 2.45)::numeric, 3) END,
         round((${r(5, 'p * 64 + k')} * 5)::numeric, 2), k
       FROM generate_series(1, array_length($1::int[], 1)) AS p
       CROSS JOIN LATERAL generate_series(1,
         CASE WHEN p <= 2 THEN 30 ELSE 3 + floor(${r(6, 'p')} * 13)::int END) AS k
       JOIN items f ON f.id = ($2::int[])[1 + (p * 53 + k * 7) % array_length($2::int[], 1)]
       JOIN units_of_measurement u ON u.id = f.unit_id`,
      [productIds, feedstockIds],
    );
    await client.query(
      `INSERT INTO item_outlays (product_id, outlay_id, value, position)
       SELECT ($1::int[])[p], ($2::int[])[o],
         CASE o WHEN 1 THEN round((2 + ${r(7, 'p')} * 13)::numeric, 2)
           WHEN 2 THEN round((0.2 + ${r(8, 'p')} * 1.3)::numeric, 2)
           ELSE round((50 + ${r(9, 'p')} * 150)::numeric, 2) END, o
       FROM generate_series(1, array_length($1::int[], 1)) AS p, generate_series(1, 3) AS o
       WHERE o < 3 OR p % 2 = 0`,
      [productIds, outlays],
    );
    const suppliers = (
      await client.query<{ id: number }>('SELECT id FROM suppliers ORDER BY id DESC LIMIT $1', [
        SUPPLIERS,
      ])
    ).rows.map((row) => row.id);

    log(`  ${purchaseOrders.toLocaleString('pt-BR')} ordens de compra...`);
    const poBase = Number(
      (await one<{ n: number }>('SELECT coalesce(max(number), 0) AS n FROM purchase_orders')).n,
    );
    await client.query(
      `WITH drawn AS (
         SELECT i, $1::date - 730 + floor((i - 1) * 731.0 / $3::int)::int AS day,
           ${r(11)} AS fate, ${r(12)} AS pick, ${r(13)} AS extra
         FROM generate_series(1, $3::int) AS i
       ), fated AS (
         SELECT *, CASE
             WHEN day < $1::date - 60 THEN CASE WHEN fate < 0.90 THEN 'RECEIVED'
               WHEN fate < 0.95 THEN 'CANCELLED' ELSE 'PARTIALLY_RECEIVED' END
             ELSE CASE WHEN fate < 0.15 THEN 'DRAFT' WHEN fate < 0.55 THEN 'APPROVED'
               WHEN fate < 0.75 THEN 'PARTIALLY_RECEIVED' WHEN fate < 0.95 THEN 'RECEIVED'
               ELSE 'CANCELLED' END
           END AS status
         FROM drawn
       )
       INSERT INTO purchase_orders (number, supplier_id, order_date, expected_date, location_id,
         payment_method_id, category_id, installments, first_due_in_days, interval_days, freight,
         notes, status, created_at, updated_at, created_by, updated_by)
       SELECT $2::int + i, ($4::int[])[1 + floor(pick * array_length($4::int[], 1))::int], day,
         day + 7 + floor(extra * 21)::int, $5::int, $6::int, $7::int, 1 + floor(extra * 3)::int,
         30, 30, CASE WHEN extra < 0.3 THEN round((30 + extra * 500)::numeric, 2) ELSE 0 END,
         CASE WHEN extra > 0.9 THEN 'Entregar no portão 2' END, status,
         (day + time '09:00') AT TIME ZONE 'America/Sao_Paulo',
         (day + time '09:00') AT TIME ZONE 'America/Sao_Paulo', $8::int, $8::int
       FROM fated ORDER BY i`,
      [today, poBase, purchaseOrders, suppliers, sourceLocationId, method, categoryId, userId],
    );
    const purchaseLines = (
      await client.query(
        `INSERT INTO purchase_order_items (purchase_order_id, item_id, quantity, unit_price,
           received_quantity, position)
         SELECT o.id, ($2::int[])[1 + (o.number * 31 + k * 17) % array_length($2::int[], 1)],
           q.quantity, q.price,
           CASE WHEN o.status = 'RECEIVED' THEN q.quantity
             WHEN o.status = 'PARTIALLY_RECEIVED' AND k = 1 THEN q.quantity
             WHEN o.status = 'PARTIALLY_RECEIVED' AND k = 2 THEN floor(q.quantity / 2)
             ELSE 0 END,
           k
         FROM purchase_orders o
         CROSS JOIN LATERAL generate_series(1, 3 + floor(${r(14, 'o.number')} * 8)::int) AS k
         CROSS JOIN LATERAL (SELECT 10 + floor(${r(15, 'o.number * 16 + k')} * 490) AS quantity,
           round((0.5 + power(${r(16, 'o.number * 16 + k')}, 2) * 79.5)::numeric, 2) AS price) q
         WHERE o.number > $1::int
         ORDER BY o.id, k`,
        [poBase, feedstockIds],
      )
    ).rowCount!;
    await client.query(
      `UPDATE purchase_orders o SET total = l.total + o.freight
       FROM (SELECT purchase_order_id, sum(round(quantity * unit_price, 2)) AS total
             FROM purchase_order_items GROUP BY purchase_order_id) l
       WHERE l.purchase_order_id = o.id AND o.number > $1::int`,
      [poBase],
    );

    log(`  ${productionOrders.toLocaleString('pt-BR')} ordens de produção...`);
    const opBase = Number(
      (await one<{ n: number }>('SELECT coalesce(max(number), 0) AS n FROM production_orders')).n,
    );
    await client.query(
      `WITH drawn AS (
         SELECT i, $1::date - 730 + floor((i - 1) * 761.0 / $3::int)::int AS day,
           ${r(21)} AS fate, ${r(22)} AS pick, ${r(23)} AS extra,
           10 + floor(${r(24)} * 291) AS quantity
         FROM generate_series(1, $3::int) AS i
       ), fated AS (
         SELECT *, CASE
             WHEN day < $1::date - 45 THEN CASE WHEN fate < 0.92 THEN 'COMPLETED' ELSE 'CANCELLED' END
             WHEN day < $1::date - 15 THEN CASE WHEN fate < 0.60 THEN 'COMPLETED'
               WHEN fate < 0.92 THEN 'IN_PROGRESS' ELSE 'CANCELLED' END
             WHEN fate < 0.10 THEN 'CANCELLED'
             WHEN day <= $1::date AND fate < 0.75 THEN 'IN_PROGRESS'
             ELSE 'PLANNED' END AS status,
           least($1::date, day + 1 + floor(extra * 5)::int) AS done
         FROM drawn
       )
       INSERT INTO production_orders (number, product_id, quantity, planned_start, planned_end,
         source_location_id, target_location_id, notes, status, produced_quantity,
         completion_date, materials_cost, outlays_cost, total_cost, unit_cost, started_at,
         completed_at, cancelled_at, created_at, updated_at, created_by, updated_by)
       SELECT $2::int + i, ($4::int[])[1 + floor(pick * array_length($4::int[], 1))::int],
         quantity, day, day + 2 + floor(extra * 6)::int, $5::int, $6::int,
         CASE WHEN extra > 0.9 THEN 'Prioridade: pedido de cliente' END, status,
         CASE WHEN status = 'COMPLETED' THEN quantity - floor(extra * 0.05 * quantity) END,
         CASE WHEN status = 'COMPLETED' THEN done END,
         CASE WHEN status = 'COMPLETED' THEN 0 END, CASE WHEN status = 'COMPLETED' THEN 0 END,
         CASE WHEN status = 'COMPLETED' THEN 0 END, CASE WHEN status = 'COMPLETED' THEN 0 END,
         CASE WHEN status IN ('IN_PROGRESS', 'COMPLETED')
           THEN (day + time '08:00') AT TIME ZONE 'America/Sao_Paulo' END,
         CASE WHEN status = 'COMPLETED' THEN (done + time '17:00') AT TIME ZONE 'America/Sao_Paulo' END,
         CASE WHEN status = 'CANCELLED' THEN (day - 1 + time '10:00') AT TIME ZONE 'America/Sao_Paulo' END,
         (day - 7 + time '09:00') AT TIME ZONE 'America/Sao_Paulo',
         (day - 7 + time '09:00') AT TIME ZONE 'America/Sao_Paulo', $7::int, $7::int
       FROM fated ORDER BY i`,
      [today, opBase, productionOrders, productIds, sourceLocationId, targetLocationId, userId],
    );
    // As createProductionOrder copies them; a started order consumed what was required, at the
    // feedstock's last purchase price.
    const materials = (
      await client.query(
        `INSERT INTO production_order_materials (production_order_id, feedstock_id,
           quantity_per_unit, loss_percent, required_quantity, consumed_quantity, unit_cost,
           consumed_value, position)
         SELECT o.id, c.feedstock_id, c.quantity, c.loss_percent, q.required,
           CASE WHEN o.status IN ('IN_PROGRESS', 'COMPLETED') THEN q.required ELSE 0 END,
           CASE WHEN o.status IN ('IN_PROGRESS', 'COMPLETED') THEN f.last_purchase_price END,
           CASE WHEN o.status IN ('IN_PROGRESS', 'COMPLETED')
             THEN round(q.required * f.last_purchase_price, 4) END,
           c.position
         FROM production_orders o
         JOIN item_components c ON c.product_id = o.product_id
         JOIN items f ON f.id = c.feedstock_id
         JOIN units_of_measurement u ON u.id = f.unit_id
         CROSS JOIN LATERAL (SELECT ceil(o.quantity * c.quantity * (1 + c.loss_percent / 100)
           * power(10::numeric, u.decimals)) / power(10::numeric, u.decimals) AS required) q
         WHERE o.number > $1::int
         ORDER BY o.id, c.position`,
        [opBase],
      )
    ).rowCount!;
    await client.query(
      `INSERT INTO production_order_costs (production_order_id, outlay_id, value, position)
       SELECT o.id, io.outlay_id,
         CASE ol.kind WHEN 'PER_UNIT' THEN round(io.value * o.quantity, 2) ELSE io.value END,
         io.position
       FROM production_orders o
       JOIN item_outlays io ON io.product_id = o.product_id
       JOIN outlays ol ON ol.id = io.outlay_id
       WHERE o.number > $1::int
       ORDER BY o.id, io.position`,
      [opBase],
    );
    await client.query(
      `UPDATE production_orders o
       SET materials_cost = b.materials, outlays_cost = b.outlays,
         total_cost = b.materials + b.outlays,
         unit_cost = round((b.materials + b.outlays) / o.produced_quantity, 4)
       FROM (
         SELECT p.id,
           (SELECT round(coalesce(sum(consumed_value), 0), 2) FROM production_order_materials m
            WHERE m.production_order_id = p.id) AS materials,
           (SELECT coalesce(sum(value), 0) FROM production_order_costs c
            WHERE c.production_order_id = p.id) AS outlays
         FROM production_orders p WHERE p.status = 'COMPLETED' AND p.number > $1::int
       ) b
       WHERE b.id = o.id`,
      [opBase],
    );

    for (const [type, last] of [
      ['purchase-order', poBase + purchaseOrders],
      ['production-order', opBase + productionOrders],
    ] as const) {
      await client.query(
        `INSERT INTO document_sequences (document_type, series, last_number) VALUES ($1, '', $2)
         ON CONFLICT (document_type, series)
           DO UPDATE SET last_number = greatest(document_sequences.last_number, $2)`,
        [type, last],
      );
    }

    log('  VACUUM ANALYZE...');
    for (const table of [
      'purchase_orders',
      'purchase_order_items',
      'production_orders',
      'production_order_materials',
      'production_order_costs',
      'items',
      'item_components',
      'item_outlays',
      'suppliers',
      'clients',
    ]) {
      await client.query(`VACUUM (ANALYZE) ${table}`);
    }
    const statuses = async (table: string) =>
      Object.fromEntries(
        (
          await client.query<{ status: string; count: string }>(
            `SELECT status, count(*) FROM ${table} GROUP BY status ORDER BY status`,
          )
        ).rows.map((row) => [row.status, Number(row.count)]),
      );
    const purchaseStatuses = await statuses('purchase_orders');
    const productionStatuses = await statuses('production_orders');
    const sum = (counts: Record<string, number>) =>
      Object.values(counts).reduce((a, b) => a + b, 0);
    return {
      purchaseOrders: sum(purchaseStatuses),
      purchaseLines,
      productionOrders: sum(productionStatuses),
      materials,
      purchaseStatuses,
      productionStatuses,
      supplierId: suppliers[0]!,
      sourceLocationId,
      targetLocationId,
      categoryId,
      feedstockIds,
      bigProductIds: productIds.slice(0, 2),
      today,
      ms: performance.now() - started,
    };
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [url = process.env.DATABASE_URL, purchase = '20000', production = '20000'] =
    process.argv.slice(2);
  if (!url) {
    console.error(
      'Uso: tsx bench/orders/generate.ts <DATABASE_URL> [ordens de compra] [ordens de produção]',
    );
    process.exit(2);
  }
  const result = await generateOrders(url, {
    purchaseOrders: Number(purchase),
    productionOrders: Number(production),
    log: console.log,
  });
  console.log(
    `${result.purchaseOrders} ordens de compra (${result.purchaseLines} linhas), ${result.productionOrders} ordens de produção (${result.materials} materiais) em ${(result.ms / 1000).toFixed(1)} s`,
  );
  console.log(result.purchaseStatuses, result.productionStatuses);
}
