/**
 * The floor of the posting benchmark: the statements one manual posting sends (captured from the
 * stock module, see explain.ts: BEGIN, the item lock, what is read under it (locations' names, on
 * hand, the balances locked, reservations), the balances and the movement written together, the
 * closed period (read after the insert, see stock-closings), the item's valuation with the audit,
 * the movement read back, COMMIT), run by pgbench straight against PostgreSQL from as many clients
 * as the HTTP writers, with the same mix of entries, outflows and transfers over the same items
 * and locations. What the server adds on top (HTTP, validation, Kysely, Decimal arithmetic, JSON)
 * is the difference between the two figures.
 *
 * Differences from the server's SQL, none of which changes the work: arrays are written
 * ARRAY[:item] instead of one array parameter; the quantity on hand is one sum instead of one per
 * item (pgbench reads scalars); an outflow's balance is checked by the statement that writes it
 * (the server knows the locked balance and sends nothing when it is short); the new average and
 * value are computed in the statement that writes them instead of in Decimal beforehand; the
 * audit's changes are built with jsonb_build_object.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Picks item n uniformly and one of its locations (catalog.ts itemLocations), as the writers do. */
const PICK = `\\set n random(1, :items)
\\set item :first_item + :n - 1
\\set count least(2 + :n % 3, :locations)
\\set k random(0, :count - 1)
\\set loc :first_location + (:n * 7 + :k) % :locations
`;

const OPEN = `BEGIN;
SELECT i.id, i.name, u.decimals AS unit_decimals, i.average_cost, i.stock_value
  FROM items i JOIN units_of_measurement u ON u.id = i.unit_id
  WHERE i.id = ANY(ARRAY[:item]::integer[]) ORDER BY i.id FOR NO KEY UPDATE OF i \\gset
`;

const keys = (locations: string) =>
  `ARRAY[${locations
    .split(',')
    .map(() => ':item')
    .join(', ')}]::integer[], ARRAY[${locations}]::integer[]`;

/**
 * The second statement (readUnderItemLocks): the locations' names, on hand, the balances locked
 * and the reservations at the outflow's balance (`outflow`: its location, or none for an entry).
 */
const readUnderItemLocks = (locations: string, outflow: string | null) => `WITH locked AS (
  SELECT b.item_id, b.location_id, b.quantity FROM stock_balances b
  JOIN unnest(${keys(locations)}) AS k (item_id, location_id)
    ON b.item_id = k.item_id AND b.location_id = k.location_id
  ORDER BY b.item_id, b.location_id FOR UPDATE OF b
)
SELECT
  (SELECT json_object_agg(id, name) FROM stock_locations WHERE id = ANY(ARRAY[${locations}]::integer[])) AS location_names,
  (SELECT coalesce(sum(quantity), 0) FROM stock_balances WHERE item_id = ANY(ARRAY[:item]::integer[])) AS on_hand,
  (SELECT json_object_agg(item_id || ':' || location_id, quantity::text) FROM locked) AS balances,
  (SELECT json_object_agg(item_id || ':' || location_id, json_build_object('itemId', item_id,
      'locationId', location_id, 'quantity', quantity, 'orderNumbers', order_numbers))
    FROM (SELECT r.item_id, r.location_id, sum(r.quantity)::numeric(15,3)::text AS quantity,
        array_agg(DISTINCT o.number ORDER BY o.number) AS order_numbers
      FROM stock_reservations r
      JOIN unnest(${outflow ? keys(outflow) : "'{}'::integer[], '{}'::integer[]"}) AS k(item_id, location_id)
        USING (item_id, location_id)
      JOIN requested_order_items l ON l.id = r.requested_order_item_id
      JOIN requested_orders o ON o.id = l.requested_order_id
      WHERE true GROUP BY r.item_id, r.location_id) h) AS held \\gset
`;

const takeStep = (location: string) => `taken AS (
    UPDATE stock_balances SET quantity = quantity - :qty::numeric
    WHERE item_id = :item AND location_id = ${location} AND quantity >= :qty::numeric
    RETURNING 1)`;

const addStep = (location: string) => `added AS (
    INSERT INTO stock_balances (item_id, location_id, quantity) VALUES (:item, ${location}, :qty)
    ON CONFLICT (item_id, location_id)
      DO UPDATE SET quantity = stock_balances.quantity + excluded.quantity
    RETURNING 1)`;

/** writeMovement: the balances and the ledger row in one statement, then the closed period. */
const writeMovement = (
  steps: string[],
  type: string,
  from: string,
  to: string,
  unitCost: string,
  value: string,
) => `WITH ${[
  ...steps,
  `movement AS (
    INSERT INTO stock_movements (date, type, item_id, from_location_id, to_location_id, quantity,
      unit_cost, value, origin_type, origin_id, notes, user_id, reversal_of)
    VALUES (:today, '${type}', :item, ${from}, ${to}, :qty, ${unitCost}, ${value}, 'MANUAL', NULL,
      NULL, :user, NULL)
    RETURNING *)`,
].join(', ')}
SELECT movement.*, ${steps.some((step) => step.startsWith('taken')) ? '(SELECT count(*) FROM taken)' : '1'}::integer AS taken
FROM movement \\gset mv_
`;

const CLOSED = `select "stock_closed_through" from "company" where "id" = 1;
`;

const change = (key: string, value: string) =>
  `'${key}', jsonb_build_object('from', NULL, 'to', ${value})`;

/**
 * writeValuationsAndAudit (the item's new average and value, or none for a transfer) with the
 * audit of the movement (its fields, as the server's diff from nothing lists them), then the
 * read-back.
 */
const valuationAuditAndRead = (
  valuation: { average: string; value: string } | null,
  locations: string,
) => `WITH valued AS (
  UPDATE items i SET average_cost = v.average_cost, stock_value = v.stock_value,
    last_purchase_price = coalesce(v.last_purchase_price, i.last_purchase_price)
  FROM unnest(${
    valuation
      ? `ARRAY[:item]::integer[], ARRAY[${valuation.average}]::numeric[], ARRAY[${valuation.value}]::numeric[], ARRAY[NULL]::numeric[]`
      : `'{}'::integer[], '{}'::numeric[], '{}'::numeric[], '{}'::numeric[]`
  }) AS v (id, average_cost, stock_value, last_purchase_price)
  WHERE i.id = v.id
)
INSERT INTO audit_log (user_id, entity, entity_id, action, changes, request_id)
  SELECT * FROM unnest(ARRAY[:user]::integer[], ARRAY['stock-movements']::varchar[],
    ARRAY[:mv_id]::varchar[], ARRAY['create']::varchar[], ARRAY[jsonb_build_object(
    ${change('id', ':mv_id::int')}, ${change('date', ':mv_date::text')}, ${change('type', ':mv_type::text')},
    ${change('itemId', ':item::int')}, ${locations}, ${change('quantity', ':mv_quantity::text')},
    ${change('unitCost', ':mv_unit_cost::text')}, ${change('value', ':mv_value::text')},
    ${change('origin', `jsonb_build_object('type', 'MANUAL', 'id', NULL)`)}, ${change('userId', ':user::int')}
  )]::jsonb[], ARRAY[NULL]::varchar[]);
select "m".*, "i"."code" as "item_code", "i"."name" as "item_name", "u"."code" as "unit_code",
    "u"."decimals" as "unit_decimals", "f"."name" as "from_location_name", "t"."name" as "to_location_name", "usr"."name" as "user_name",
    (select "r"."id" from "stock_movements" as "r" where "r"."reversal_of" = "m"."id") as "reversed_by"
  from "stock_movements" as "m" inner join "items" as "i" on "i"."id" = "m"."item_id"
  inner join "units_of_measurement" as "u" on "u"."id" = "i"."unit_id"
  left join "stock_locations" as "f" on "f"."id" = "m"."from_location_id"
  left join "stock_locations" as "t" on "t"."id" = "m"."to_location_id"
  left join "users" as "usr" on "usr"."id" = "m"."user_id"
  where "m"."id" = :mv_id;
COMMIT;
`;

const COST = 'round(:cost::numeric, 2)';

/** An entry with a cost (the item's average ±5 %): the average and the value move. */
const ENTRY = `${PICK}\\set qty random(1, 20)
${OPEN}\\set cost :average_cost * random(95, 105) / 100.0
${readUnderItemLocks(':loc', null)}${writeMovement([addStep(':loc')], 'IN', 'NULL', ':loc', COST, `round(:qty * ${COST}, 4)`)}${CLOSED}${valuationAuditAndRead(
  {
    average: `round((:stock_value::numeric + :qty * ${COST}) / (:on_hand::numeric + :qty), 4)`,
    value: `:stock_value::numeric + round(:qty * ${COST}, 4)`,
  },
  change('toLocationId', ':loc::int'),
)}`;

/** An outflow of 1 at the average; the last units take all the value left. */
const OUTFLOW = `${PICK}\\set qty 1
${OPEN}${readUnderItemLocks(':loc', ':loc')}${writeMovement(
  [takeStep(':loc')],
  'OUT',
  ':loc',
  'NULL',
  ':average_cost::numeric',
  `CASE WHEN :on_hand::numeric = :qty THEN :stock_value::numeric
    ELSE least(round(:qty * :average_cost::numeric, 4), :stock_value::numeric) END`,
)}\\if :mv_taken
${CLOSED}${valuationAuditAndRead(
  { average: ':average_cost::numeric', value: ':stock_value::numeric - :mv_value::numeric' },
  change('fromLocationId', ':loc::int'),
)}\\else
ROLLBACK;
\\endif
`;

/** A transfer of 1 to another of the item's locations: the valuation stays. */
const TRANSFER = `${PICK}\\set qty 1
\\set to :first_location + (:n * 7 + (:k + random(1, :count - 1)) % :count) % :locations
${OPEN}${readUnderItemLocks(':loc, :to', ':loc')}${writeMovement(
  [takeStep(':loc'), addStep(':to')],
  'TRANSFER',
  ':loc',
  ':to',
  ':average_cost::numeric',
  'least(round(:qty * :average_cost::numeric, 4), :stock_value::numeric)',
)}\\if :mv_taken
${CLOSED}${valuationAuditAndRead(
  null,
  `${change('fromLocationId', ':loc::int')}, ${change('toLocationId', ':to::int')}`,
)}\\else
ROLLBACK;
\\endif
`;

/** The writers' mix: 40 % entries, 40 % outflows, 20 % transfers. */
export const MIX = { entry: 40, outflow: 40, transfer: 20 };

/** pgbench from the newest Debian PostgreSQL, $PGBENCH, or the PATH; null when there is none. */
export function findPgbench(): string | null {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const debian = '/usr/lib/postgresql';
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((v) => fs.existsSync(path.join(debian, v, 'bin/pgbench')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length > 0) return path.join(debian, versions[0]!, 'bin/pgbench');
  const inPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, 'pgbench'))
    .find((file) => fs.existsSync(file));
  return inPath ?? null;
}

export interface PgbenchResult {
  binary: string;
  version: string;
  clients: number;
  seconds: number;
  /** Script runs per second, rolled back ones (an outflow beyond the balance) included. */
  tps: number;
  /** Movements written (committed) per second. */
  movementsPerSecond: number;
  movements: number;
  /** Clients pgbench reports aborted (an SQL error in a script). */
  aborted: number;
  deadlocks: number;
  command: string;
  /** pgbench's errors, when it printed any. */
  errors: string;
}

export async function runPgbench(options: {
  binary: string;
  databaseUrl: string;
  clients: number;
  seconds: number;
  firstItemId: number;
  items: number;
  firstLocationId: number;
  locations: number;
  userId: number;
  today: string;
}): Promise<PgbenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabril-bench-pgbench-'));
  const scripts = { entry: ENTRY, outflow: OUTFLOW, transfer: TRANSFER };
  for (const [name, text] of Object.entries(scripts)) {
    fs.writeFileSync(path.join(dir, `${name}.sql`), text);
  }
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const counters = async () => {
    const { rows } = await client.query<{ movements: string; deadlocks: string }>(
      `SELECT (SELECT count(*) FROM stock_movements) AS movements,
         (SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()) AS deadlocks`,
    );
    return { movements: Number(rows[0]!.movements), deadlocks: Number(rows[0]!.deadlocks) };
  };
  try {
    const { stdout: versionText } = await run(options.binary, ['--version']);
    const before = await counters();
    const args = [
      '-n',
      '-M',
      'extended',
      '-c',
      String(options.clients),
      '-j',
      String(Math.min(options.clients, os.cpus().length)),
      '-T',
      String(options.seconds),
      ...Object.entries({
        items: options.items,
        first_item: options.firstItemId,
        locations: options.locations,
        first_location: options.firstLocationId,
        user: options.userId,
        today: options.today,
      }).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
      ...Object.entries(MIX).flatMap(([name, weight]) => [
        '-f',
        `${path.join(dir, `${name}.sql`)}@${weight}`,
      ]),
      options.databaseUrl,
    ];
    // pgbench exits with 2 when a client aborted; its report is still printed and read below.
    const { stdout, stderr } = await run(options.binary, args, {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? String(error),
    }));
    // Deadlock statistics reach pg_stat_database within a second of the transaction's end.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await counters();
    const output = `${stdout}\n${stderr}`;
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1]);
    const aborted = (output.match(/client \d+ (script \d+ )?aborted/g) ?? []).length;
    if (!Number.isFinite(tps)) throw new Error(`pgbench: resultado ilegível\n${output}`);
    const movements = after.movements - before.movements;
    return {
      binary: options.binary,
      version: versionText.trim(),
      clients: options.clients,
      seconds: options.seconds,
      tps,
      movementsPerSecond: movements / options.seconds,
      movements,
      aborted,
      deadlocks: after.deadlocks - before.deadlocks,
      command: `${path.basename(options.binary)} ${args.slice(0, -1).join(' ')} <DATABASE_URL>`,
      errors: stderr
        .split('\n')
        .filter((line) => /error|aborted/i.test(line))
        .slice(0, 5)
        .join('\n'),
    };
  } finally {
    await client.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
