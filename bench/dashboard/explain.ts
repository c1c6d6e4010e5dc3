/**
 * Where the dashboard's time goes: every SELECT `GET /dashboard` sends for the administrator
 * (captured from Kysely's query log while the service runs, one at a time on one connection), each
 * with its EXPLAIN (ANALYZE, BUFFERS), run 7 times. The plans' "Execution Time" is the query's own
 * time, less disturbed by a loaded machine than the HTTP timings.
 *
 * Usage: tsx bench/dashboard/explain.ts <DATABASE_URL> (or `npm run bench:dashboard -- --explain`)
 */
import { pathToFileURL } from 'node:url';
import { CamelCasePlugin, Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { allPermissions } from '../../src/shared/permissions.js';
import type { Database } from '../../src/server/db/types.js';
import { dashboard } from '../../src/server/modules/dashboard/dashboard.service.js';

const RUNS = 7;

/** The plan of each query, and its execution time in ms: the fastest run and the median. */
export async function explainDashboard(databaseUrl: string) {
  const captured: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  const lines: string[] = [];
  const times: { sql: string; ms: number; median: number }[] = [];
  try {
    await dashboard(db, allPermissions);
    for (const query of captured) {
      // A warm-up, then RUNS runs: on a shared machine the fastest is the query's own time (the
      // others waited for a core), its plan the one kept; the median says how loaded it was.
      let plan: string[] = [];
      const runs: number[] = [];
      for (let i = 0; i <= RUNS; i += 1) {
        const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`,
          query.parameters as unknown[],
        );
        const lines = rows.map((row) => row['QUERY PLAN']);
        const time = lines.find((line) => line.startsWith('Execution Time')) ?? '';
        const ms = Number(/([\d.]+) ms/.exec(time)?.[1] ?? NaN);
        if (i === 0) continue;
        if (runs.every((other) => ms < other)) plan = lines;
        runs.push(ms);
      }
      runs.sort((a, b) => a - b);
      const first = query.sql.replace(/\s+/g, ' ').trim().slice(0, 90);
      times.push({ sql: first, ms: runs[0]!, median: runs[Math.floor(runs.length / 2)]! });
      lines.push(`-- fastest of ${RUNS}: ${runs[0]} ms`, query.sql, ...plan, '');
    }
  } finally {
    await db.destroy();
  }
  return { lines, times };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2] ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('Uso: tsx bench/dashboard/explain.ts <DATABASE_URL>');
    process.exit(2);
  }
  const { lines, times } = await explainDashboard(url);
  console.log(lines.join('\n'));
  for (const { sql, ms, median } of times) {
    console.log(`${ms.toFixed(1).padStart(8)} ms (mediana ${median.toFixed(1)})  ${sql}`);
  }
}
