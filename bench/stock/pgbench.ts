/**
 * The floor of the posting benchmark: the statements one manual posting sends (captured from the
 * stock module, see explain.ts: BEGIN, item lock, location names, quantity on hand, balance
 * locks, conditional balance update and/or insert-or-update, movement insert, closed period (read
 * after the insert, see stock-closings), the item's valuation, audit insert, the movement read
 * back, COMMIT), run by pgbench straight
 * against PostgreSQL from as many clients as the HTTP writers, with the same mix of entries,
 * outflows and transfers over the same items and locations. What the server adds on top (HTTP,
 * validation, Kysely, Decimal arithmetic, JSON) is the difference between the two figures.
 *
 * Differences from the server's SQL, none of which changes the work: arrays are written
 * ARRAY[:item] instead of one array parameter; the quantity on hand is one coalesced sum (pgbench
 * cannot \gset zero rows); the conditional update is wrapped in a CTE that counts the row it took
 * (to branch on it); the new average and value are computed in the statements that write them
 * instead of in Decimal beforehand; the audit's changes are built with jsonb_build_object.
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

const ON_HAND = `SELECT coalesce(sum(quantity), 0) AS on_hand FROM stock_balances WHERE item_id IN (:item) \\gset
`;

const lockBalances = (
  locations: string,
) => `SELECT b.item_id, b.location_id, b.quantity FROM stock_balances b
  JOIN unnest(ARRAY[${locations
    .split(',')
    .map(() => ':item')
    .join(', ')}]::integer[], ARRAY[${locations}]::integer[]) AS k (item_id, location_id)
    ON b.item_id = k.item_id AND b.location_id = k.location_id
  ORDER BY b.item_id, b.location_id FOR UPDATE OF b;
`;

const take = (location: string) => `WITH taken AS (
  update "stock_balances" set "quantity" = quantity - :qty::numeric
  where "item_id" = :item and "location_id" = ${location} and "quantity" >= :qty::numeric
  returning "quantity"
) SELECT count(*) AS taken FROM taken \\gset
`;

const add = (
  location: string,
) => `insert into "stock_balances" ("item_id", "location_id", "quantity")
  values (:item, ${location}, :qty) on conflict ("item_id", "location_id")
  do update set "quantity" = stock_balances.quantity + excluded.quantity returning "quantity";
`;

const insertMovement = (
  type: string,
  from: string,
  to: string,
  unitCost: string,
  value: string,
) => `insert into "stock_movements" ("date", "type", "item_id", "from_location_id", "to_location_id",
    "quantity", "unit_cost", "value", "origin_type", "origin_id", "notes", "user_id", "reversal_of")
  values (:today, '${type}', :item, ${from}, ${to}, :qty, ${unitCost}, ${value}, 'MANUAL', NULL, NULL,
    :user, NULL)
  returning * \\gset mv_
select "stock_closed_through" from "company" where "id" = 1;
`;

const change = (key: string, value: string) =>
  `'${key}', jsonb_build_object('from', NULL, 'to', ${value})`;

/** The audit of the movement (its fields, as the server's diff from nothing lists them) and the read-back. */
const auditAndRead = (
  locations: string,
) => `insert into "audit_log" ("user_id", "entity", "entity_id", "action", "changes", "request_id")
  values (:user, 'stock-movements', :mv_id, 'create', jsonb_build_object(
    ${change('id', ':mv_id::int')}, ${change('date', ':mv_date::text')}, ${change('type', ':mv_type::text')},
    ${change('itemId', ':item::int')}, ${locations}, ${change('quantity', ':mv_quantity::text')},
    ${change('unitCost', ':mv_unit_cost::text')}, ${change('value', ':mv_value::text')},
    ${change('origin', `jsonb_build_object('type', 'MANUAL', 'id', NULL)`)}, ${change('userId', ':user::int')}
  ), NULL);
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
select "id", "name" from "stock_locations" where "id" in (:loc);
${ON_HAND}${lockBalances(':loc')}${add(':loc')}${insertMovement('IN', 'NULL', ':loc', COST, `round(:qty * ${COST}, 4)`)}update "items" set
    "average_cost" = round((:stock_value::numeric + :qty * ${COST}) / (:on_hand::numeric + :qty), 4),
    "stock_value" = :stock_value::numeric + round(:qty * ${COST}, 4)
  where "id" = :item;
${auditAndRead(change('toLocationId', ':loc::int'))}`;

/** An outflow of 1 at the average; the last units take all the value left. */
const OUTFLOW = `${PICK}\\set qty 1
${OPEN}select "id", "name" from "stock_locations" where "id" in (:loc);
${ON_HAND}${lockBalances(':loc')}${take(':loc')}\\if :taken
${insertMovement(
  'OUT',
  ':loc',
  'NULL',
  ':average_cost::numeric',
  `CASE WHEN :on_hand::numeric = :qty THEN :stock_value::numeric
    ELSE least(round(:qty * :average_cost::numeric, 4), :stock_value::numeric) END`,
)}update "items" set "average_cost" = :average_cost::numeric,
    "stock_value" = :stock_value::numeric - :mv_value::numeric
  where "id" = :item;
${auditAndRead(change('fromLocationId', ':loc::int'))}\\else
ROLLBACK;
\\endif
`;

/** A transfer of 1 to another of the item's locations: the valuation stays. */
const TRANSFER = `${PICK}\\set qty 1
\\set to :first_location + (:n * 7 + (:k + random(1, :count - 1)) % :count) % :locations
${OPEN}select "id", "name" from "stock_locations" where "id" in (:loc, :to);
${ON_HAND}${lockBalances(':loc, :to')}${take(':loc')}\\if :taken
${add(':to')}${insertMovement(
  'TRANSFER',
  ':loc',
  ':to',
  ':average_cost::numeric',
  'least(round(:qty * :average_cost::numeric, 4), :stock_value::numeric)',
)}${auditAndRead(`${change('fromLocationId', ':loc::int')}, ${change('toLocationId', ':to::int')}`)}\\else
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
