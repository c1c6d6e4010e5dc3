/**
 * Fills an empty stock (no items, no movements) with the catalog of catalog.ts (default 5,000
 * items), its 10 locations and a history of movements (default 1,000,000) spread over the last
 * two years, written as the stock module would have written them had they been posted one by one
 * in ledger order: each movement's unit cost and value, the items' average cost and stock value,
 * and one balance per item and location, all consistent with the ledger.
 *
 * How the history stays possible: each item is kept at 2–4 locations; the movements of an item at
 * one location alternate entry, exit, exit (by position in that location's own sequence), an
 * entry brings at least twice the item's typical quantity and an exit takes at most once that,
 * so no balance is ever negative at any point of the ledger. Transfers leave from such an exit
 * position and only add to their destination. Movements are valued in one window pass per item by
 * the aggregate of valuation.sql.ts; a sample of items is then replayed through the stock module's
 * own valuation functions (replay.ts). Set-based throughout: a handful of statements.
 *
 * Usage: tsx bench/stock/generate.ts <DATABASE_URL> [items] [movements] [seed]
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { CATEGORIES, LOCATIONS, UNITS, catalog, type CatalogItem } from './catalog.js';
import { checkLedger, formatLedgerCheck } from './ledger-check.js';
import { replaySample, type ReplayResult } from './replay.js';
import { VALUATION_SQL } from './valuation.sql.js';

/** How far back the history goes, in days. */
const HISTORY_DAYS = 730;

export interface GenerateOptions {
  items?: number;
  movements?: number;
  seed?: number;
  log?: (message: string) => void;
}

export interface GeneratedStock {
  /** Item n (1…items) has id firstItemId + n − 1; location i (0…) has id firstLocationId + i. */
  firstItemId: number;
  items: number;
  firstLocationId: number;
  locations: number;
  movements: number;
  /** The user the history is recorded under (the first administrator). */
  userId: number;
  /** 'YYYY-MM-DD' in São Paulo: the history ends today. */
  today: string;
  catalog: CatalogItem[];
  replay: ReplayResult;
  /** Timings in ms. */
  ms: {
    catalog: number;
    /** The history drawn and valued (the window pass), into a temporary table. */
    valuation: number;
    /** The ledger written (with its indexes and foreign keys) and the items' valuation. */
    ledger: number;
    balances: number;
    vacuum: number;
    total: number;
  };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * A multiplier that scatters the busiest items over the catalog: n ↦ (x × P + 13) mod N is a
 * bijection when P and N are coprime.
 */
function scatter(items: number) {
  return [7919, 7927, 7933, 7937, 7949].find((p) => gcd(p, items) === 1)!;
}

/** The history's movements, valued, in a temporary table (the replay reads it too). */
function movementsSql(options: { items: number; movements: number; today: string }): string {
  const { items, movements, today } = options;
  const days = HISTORY_DAYS;
  // Literals, not parameters: CREATE TABLE AS takes none, and every value here is a number or a
  // date this file produced.
  return `
CREATE TEMP TABLE bench_valued ON COMMIT DROP AS
WITH slot AS (
  -- Item: skewed (r² puts most movements on few items, as a main fabric has far more than a
  -- rare button), then scattered over the catalog. Date: in id order over the last ${days} days.
  SELECT s,
    1 + ((floor(${items} * pg_temp.r(s, 1) ^ 2)::bigint * ${scatter(items)} + 13) % ${items})::int AS n,
    '${today}'::date - ${days} + ((s - 1) * ${days + 1} / ${movements})::int AS date
  FROM generate_series(1::bigint, ${movements}::bigint) s
), placed AS (
  SELECT slot.*, b.item_id, b.decimals, b.a, b.c0, b.locs,
    floor(pg_temp.r(s, 2) * cardinality(b.locs))::int AS k
  FROM slot JOIN bench_items b USING (n)
), ranked AS (
  -- Position in the sequence of the item's movements at that location.
  SELECT placed.*, row_number() OVER (PARTITION BY n, k ORDER BY s) - 1 AS p FROM placed
), typed AS (
  SELECT ranked.*,
    CASE WHEN p % 3 = 0 THEN 'IN'
      WHEN pg_temp.r(s, 3) < 0.75 THEN 'OUT'
      WHEN pg_temp.r(s, 3) < 0.90 THEN 'TRANSFER'
      WHEN pg_temp.r(s, 3) < 0.96 THEN 'ADJ_DOWN'
      ELSE 'ADJ_UP' END AS kind
  FROM ranked
), quantified AS (
  SELECT s, n, item_id, date, kind,
    locs[k + 1] AS loc,
    locs[(k + 1 + floor(pg_temp.r(s, 5) * (cardinality(locs) - 1))::int) % cardinality(locs) + 1]
      AS other,
    CASE WHEN kind = 'IN' THEN round(a * (2 + 0.5 * pg_temp.r(s, 4))::numeric, decimals)
      ELSE greatest(round(a * pg_temp.r(s, 4)::numeric, decimals),
        round(1 / power(10::numeric, decimals), decimals)) END AS quantity,
    -- 8 % of later entries come in without a cost (at the average); costs rise 25 % over the
    -- period, ±5 % from one purchase to the next.
    CASE WHEN kind = 'IN' AND (p = 0 OR pg_temp.r(s, 6) >= 0.08)
      THEN round(c0 * (1 + 0.25 * (date - ('${today}'::date - ${days}))::numeric / ${days})
        * (0.95 + 0.1 * pg_temp.r(s, 7))::numeric, 2) END AS cost
  FROM typed
)
SELECT quantified.*,
  pg_temp.valuation(CASE kind WHEN 'IN' THEN 'in' WHEN 'ADJ_UP' THEN 'in'
    WHEN 'TRANSFER' THEN 'transfer' ELSE 'out' END, quantity, cost)
    OVER (PARTITION BY n ORDER BY s) AS st
FROM quantified`;
}

/**
 * Drops the ledger's secondary indexes and foreign keys for the bulk load and answers the
 * statements that re-create them, as pg_restore loads a table: building an index once over all
 * rows is several times faster than a million insertions into it, and a re-added foreign key is
 * validated over all rows in one join instead of one lookup per row per key. Inside the load's
 * transaction, so a failure leaves the schema as it was.
 */
async function dropLedgerIndexesAndKeys(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ drop: string; create: string }>(`
    SELECT format('ALTER TABLE stock_movements DROP CONSTRAINT %I', conname) AS drop,
      format('ALTER TABLE stock_movements ADD CONSTRAINT %I %s', conname, pg_get_constraintdef(oid))
        AS create, 2 AS step
    FROM pg_constraint WHERE conrelid = 'stock_movements'::regclass AND contype = 'f'
    UNION ALL
    SELECT format('DROP INDEX %I', c.relname), pg_get_indexdef(i.indexrelid), 1
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = 'stock_movements'::regclass
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
    ORDER BY step`);
  for (const { drop } of rows) await client.query(drop);
  return rows.map((row) => row.create);
}

async function insertCatalog(
  client: pg.Client,
  items: CatalogItem[],
  userId: number,
): Promise<{ firstItemId: number; firstLocationId: number }> {
  await client.query(
    `INSERT INTO units_of_measurement (code, description, decimals)
     SELECT * FROM unnest($1::text[], $2::text[], $3::smallint[]) ON CONFLICT DO NOTHING`,
    [UNITS.map((u) => u.code), UNITS.map((u) => u.description), UNITS.map((u) => u.decimals)],
  );
  const { rows: units } = await client.query<{ id: number; code: string; decimals: number }>(
    'SELECT id, code, decimals FROM units_of_measurement WHERE code = ANY($1)',
    [UNITS.map((u) => u.code)],
  );
  for (const unit of UNITS) {
    const found = units.find((u) => u.code === unit.code);
    if (found?.decimals !== unit.decimals) {
      throw new Error(`A unidade ${unit.code} já existe com outras casas decimais.`);
    }
  }
  await client.query(
    'INSERT INTO categories (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING',
    [CATEGORIES],
  );
  const { rows: categories } = await client.query<{ id: number; name: string }>(
    'SELECT id, name FROM categories WHERE name = ANY($1)',
    [CATEGORIES],
  );
  // Consecutive ids from the largest there is, so that a location's id is firstLocationId + its
  // index and item n's is firstItemId + n − 1.
  const {
    rows: [base],
  } = await client.query<{ location: number; item: number }>(
    `SELECT (SELECT coalesce(max(id), 0) FROM stock_locations) AS location,
       (SELECT coalesce(max(id), 0) FROM items) AS item`,
  );
  const firstLocationId = base!.location + 1;
  const firstItemId = base!.item + 1;
  await client.query(
    `INSERT INTO stock_locations (id, name, is_default, created_by, updated_by)
     OVERRIDING SYSTEM VALUE
     SELECT $2::int + i - 1, name,
       i = 1 AND NOT EXISTS (SELECT 1 FROM stock_locations WHERE is_default), $3, $3
     FROM unnest($1::text[]) WITH ORDINALITY AS l (name, i)`,
    [LOCATIONS, firstLocationId, userId],
  );
  await client.query(
    "SELECT setval(pg_get_serial_sequence('stock_locations', 'id'), max(id)) FROM stock_locations",
  );
  const unitId = (code: string) => units.find((u) => u.code === code)!.id;
  const categoryId = (name: string) => categories.find((c) => c.name === name)!.id;
  await client.query(
    `INSERT INTO items (id, kind, code, name, origin, category_id, unit_id, ncm, sale_price,
       created_by, updated_by, created_at, updated_at)
     OVERRIDING SYSTEM VALUE
     SELECT $11::int + n - 1, kind, code, name, origin, category_id, unit_id, ncm, sale_price,
       $10, $10, now() - interval '${HISTORY_DAYS + 1} days', now()
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[],
       $8::text[], $9::numeric[])
       AS i (n, kind, code, name, origin, category_id, unit_id, ncm, sale_price)`,
    [
      items.map((i) => i.n),
      items.map((i) => i.kind),
      items.map((i) => i.code),
      items.map((i) => i.name),
      items.map((i) => i.origin),
      items.map((i) => categoryId(i.category)),
      items.map((i) => unitId(i.unit)),
      items.map((i) => i.ncm),
      items.map((i) => i.salePrice),
      userId,
      firstItemId,
    ],
  );
  await client.query("SELECT setval(pg_get_serial_sequence('items', 'id'), max(id)) FROM items");
  return { firstItemId, firstLocationId };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const describeTimings = (ms: GeneratedStock['ms']) =>
  `${seconds(ms.total)} (catálogo ${seconds(ms.catalog)}, sorteio e valorização ${seconds(ms.valuation)}, gravação do razão ${seconds(ms.ledger)}, saldos e mínimos ${seconds(ms.balances)}, VACUUM ANALYZE ${seconds(ms.vacuum)})`;

export async function generateStock(
  databaseUrl: string,
  options: GenerateOptions = {},
): Promise<GeneratedStock> {
  const itemCount = options.items ?? 5000;
  const movements = options.movements ?? 1_000_000;
  const seed = options.seed ?? 20_260_101;
  const log = options.log ?? (() => undefined);
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'fabril-bench' });
  await client.connect();
  const started = performance.now();
  let mark = started;
  const lap = () => {
    const now = performance.now();
    const ms = now - mark;
    mark = now;
    return ms;
  };
  try {
    const {
      rows: [state],
    } = await client.query<{ items: string; movements: string; user: number; today: string }>(
      `SELECT (SELECT count(*) FROM items) AS items,
         (SELECT count(*) FROM stock_movements) AS movements,
         (SELECT min(id) FROM users) AS user,
         to_char(now() AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS today`,
    );
    if (Number(state!.items) > 0 || Number(state!.movements) > 0) {
      throw new Error('O banco já tem itens ou movimentos: o gerador precisa de um estoque vazio.');
    }
    const userId = state!.user;
    const today = state!.today;
    const items = catalog(itemCount, LOCATIONS.length, seed);

    await client.query('BEGIN');
    await client.query("SET LOCAL work_mem = '256MB'");
    const { firstItemId, firstLocationId } = await insertCatalog(client, items, userId);
    const catalogMs = lap();
    log(`  catálogo: ${itemCount.toLocaleString('pt-BR')} itens, ${LOCATIONS.length} locais`);

    // A repeatable draw in [0, 1) for (s, k): a hash, not random(), so the same seed gives the
    // same history whatever plan PostgreSQL picks.
    await client.query(`
      CREATE FUNCTION pg_temp.r(s bigint, k integer) RETURNS double precision
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT (hashint8extended(s, k + ${Math.trunc(seed) * 64}::bigint) & 2147483647)::double precision / 2147483648 $$`);
    await client.query(VALUATION_SQL);
    await client.query(
      `CREATE TEMP TABLE bench_items ON COMMIT DROP AS
       SELECT n, $2::int + n - 1 AS item_id, decimals, a, c0, locs::int[] AS locs
       FROM unnest($1::int[], $3::int[], $4::numeric[], $5::numeric[], $6::text[])
         AS b (n, decimals, a, c0, locs)`,
      [
        items.map((i) => i.n),
        firstItemId,
        items.map((i) => i.decimals),
        items.map((i) => i.quantity),
        items.map((i) => i.cost),
        items.map((i) => `{${i.locations.map((l) => l + firstLocationId).join(',')}}`),
      ],
    );
    await client.query('ALTER TABLE bench_items ADD PRIMARY KEY (n)');
    await client.query(movementsSql({ items: itemCount, movements, today }));
    const valuationMs = lap();
    log(`  movimentos sorteados e valorizados em ${(valuationMs / 1000).toFixed(1)} s`);
    const {
      rows: [ids],
    } = await client.query<{ base: number }>(
      'SELECT coalesce(max(id), 0) AS base FROM stock_movements',
    );
    const recreate = await dropLedgerIndexesAndKeys(client);
    await client.query(
      `INSERT INTO stock_movements (id, date, type, item_id, from_location_id, to_location_id,
         quantity, unit_cost, value, origin_type, user_id, created_at)
       OVERRIDING SYSTEM VALUE
       SELECT $1::int + s, date, CASE WHEN kind LIKE 'ADJ%' THEN 'ADJUSTMENT' ELSE kind END, item_id,
         CASE WHEN kind IN ('OUT', 'TRANSFER', 'ADJ_DOWN') THEN loc END,
         CASE WHEN kind IN ('IN', 'ADJ_UP') THEN loc WHEN kind = 'TRANSFER' THEN other END,
         quantity, st[4], st[5], 'MANUAL', $2,
         least(now(), (date + time '07:00' + (s % 660) * interval '1 minute')
           AT TIME ZONE 'America/Sao_Paulo')
       FROM bench_valued ORDER BY s`,
      [ids!.base, userId],
    );
    for (const statement of recreate) await client.query(statement);
    await client.query(
      "SELECT setval(pg_get_serial_sequence('stock_movements', 'id'), max(id)) FROM stock_movements",
    );
    await client.query(
      `UPDATE items i SET average_cost = f.st[3], stock_value = f.st[2]
       FROM (SELECT DISTINCT ON (n) item_id, st FROM bench_valued ORDER BY n, s DESC) f
       WHERE i.id = f.item_id`,
    );
    const ledgerMs = lap();
    log(`  ${movements.toLocaleString('pt-BR')} movimentos gravados em ${seconds(ledgerMs)}`);

    // The balances are the ledger's sums; the minimums are set from them so that about 15 % of
    // the items are below theirs and 30 % have none.
    await client.query(
      `INSERT INTO stock_balances (item_id, location_id, quantity)
       SELECT item_id, location_id, sum(change) FROM (
         SELECT item_id, to_location_id AS location_id, quantity AS change
         FROM stock_movements WHERE to_location_id IS NOT NULL
         UNION ALL
         SELECT item_id, from_location_id, -quantity
         FROM stock_movements WHERE from_location_id IS NOT NULL
       ) ledger
       GROUP BY item_id, location_id`,
    );
    await client.query(
      `UPDATE items i SET minimum_stock = CASE
         WHEN pg_temp.r(b.n, 20) < 0.15 THEN round(t.quantity * 1.25 + b.a, b.decimals)
         WHEN pg_temp.r(b.n, 20) < 0.70 THEN round(t.quantity * 0.3, b.decimals) END
       FROM bench_items b,
         LATERAL (SELECT sum(quantity) AS quantity FROM stock_balances s WHERE s.item_id = b.item_id) t
       WHERE i.id = b.item_id`,
    );
    const balancesMs = lap();

    const replay = await replaySample(client);
    await client.query('COMMIT');
    // What autovacuum does within a minute of a bulk load (statistics, the visibility map that
    // index-only scans need), done now so the numbers do not depend on when it wakes up.
    await client.query('VACUUM (ANALYZE) items, stock_movements, stock_balances');
    const vacuumMs = lap();
    return {
      firstItemId,
      items: itemCount,
      firstLocationId,
      locations: LOCATIONS.length,
      movements,
      userId,
      today,
      catalog: items,
      replay,
      ms: {
        catalog: catalogMs,
        valuation: valuationMs,
        ledger: ledgerMs,
        balances: balancesMs,
        vacuum: vacuumMs,
        total: performance.now() - started,
      },
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [url = process.env.DATABASE_URL, items = '5000', movements = '1000000', seed = '20260101'] =
    process.argv.slice(2);
  if (!url) {
    console.error('Uso: tsx bench/stock/generate.ts <DATABASE_URL> [itens] [movimentos] [semente]');
    process.exit(2);
  }
  const generated = await generateStock(url, {
    items: Number(items),
    movements: Number(movements),
    seed: Number(seed),
    log: console.log,
  });
  console.log(`Gerado em ${describeTimings(generated.ms)}`);
  console.log(generated.replay.summary);
  console.log(formatLedgerCheck(await checkLedger(url)));
}
