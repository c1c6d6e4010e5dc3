/**
 * Where a search's time goes: the SELECT of each kind the search sends for `q` (captured from
 * Kysely's query log while the module's repository runs it, one kind at a time), with its
 * EXPLAIN (ANALYZE, BUFFERS), for bench/search/results/.
 */
import { CamelCasePlugin, Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { searchKinds } from '../../src/shared/resources/search.js';
import type { Database } from '../../src/server/db/types.js';
import { searchRecords } from '../../src/server/modules/search/search.repo.js';
import { termsOf } from '../../src/server/modules/search/search.service.js';

export async function explainSearch(databaseUrl: string, q: string) {
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
  try {
    for (const kind of searchKinds) {
      captured.length = 0;
      await searchRecords(db, [kind], termsOf(q));
      const query = captured[0];
      if (!query) continue;
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`,
        query.parameters as unknown[],
      );
      const plan = rows.map((row) => row['QUERY PLAN']);
      const time = plan.find((line) => line.startsWith('Execution Time'));
      lines.push(`-- ${kind}: ${time}`, query.sql, ...plan, '');
    }
  } finally {
    await db.destroy();
  }
  return lines;
}
