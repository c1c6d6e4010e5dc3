/**
 * How close a searched list's page query is to the best plan PostgreSQL can give it (issue 22):
 * the query the repository sends, timed as the planner runs it and under each other plan worth
 * trying for the same answer — the name index walked in order (no bitmap scans), a sequential
 * scan, and one trigram index per searched column instead of the one over the stored search
 * text (the predicate rewritten as an OR over the columns). Indexes a variant needs are created
 * inside a transaction that is rolled back, so the database is left as it was.
 *
 * A trigram index on the name alone is timed too, as a reference outside the comparison: it
 * answers a narrower question (no trade name, document, e-mail or city), and shows what the
 * other columns cost.
 *
 * Each variant is `EXPLAIN (ANALYZE, TIMING OFF)` run `PLAN_RUNS` times on one connection, after two
 * unmeasured runs; its median execution time is what is compared.
 */
import pg from 'pg';

export const PLAN_RUNS = 21;

interface Variant {
  label: string;
  /** Statements run first, inside the variant's transaction. */
  setup: string[];
  /** The query timed: the repository's, or its predicate rewritten for the variant's index. */
  rewrite?: (sql: string) => string;
  /** Answers a narrower question: shown, but not a candidate for the best plan. */
  reference?: true;
}

/** The columns `clients.search_text` joins (migration 0003), each as its own search expression. */
const COLUMNS = ['name', 'trade_name', 'document', 'email', "address->>'city'"].map(
  (column) => `f_unaccent(lower((${column})::text))`,
);
const NAME_ONLY = COLUMNS[0]!;

const VARIANTS: Variant[] = [
  { label: 'plano escolhido', setup: [] },
  {
    label: 'índice por nome percorrido em ordem',
    setup: ['SET LOCAL enable_bitmapscan = off'],
  },
  {
    label: 'varredura sequencial',
    setup: [
      'SET LOCAL enable_bitmapscan = off',
      'SET LOCAL enable_indexscan = off',
      'SET LOCAL enable_indexonlyscan = off',
    ],
  },
  {
    label: 'um índice de trigramas por coluna',
    setup: [
      ...COLUMNS.map(
        (expression, index) =>
          `CREATE INDEX bench_clients_trgm_${index} ON clients USING gin ((${expression}) gin_trgm_ops)`,
      ),
      'ANALYZE clients',
    ],
    // `search_text LIKE $2` → `(name LIKE $2 OR trade_name LIKE $2 OR …)`, same parameter.
    rewrite: (sql) =>
      sql.replace(
        /search_text LIKE (f_unaccent\(lower\(\$\d+\)\))/g,
        (_, pattern: string) => `(${COLUMNS.map((c) => `${c} LIKE ${pattern}`).join(' OR ')})`,
      ),
  },
  {
    label: 'referência: só o nome',
    setup: [
      `CREATE INDEX bench_clients_name_trgm ON clients USING gin ((${NAME_ONLY}) gin_trgm_ops)`,
      'ANALYZE clients',
    ],
    rewrite: (sql) => sql.replaceAll('search_text LIKE', `${NAME_ONLY} LIKE`),
    reference: true,
  },
];

export interface PlanComparison {
  label: string;
  /** Median execution time per variant, ms, in VARIANTS' order. */
  medians: { label: string; ms: number; plan: string; reference: boolean }[];
  /** The planner's choice over the best variant answering the same question: target ≤ 1.2. */
  ratio: number;
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function timeVariant(client: pg.Client, variant: Variant, sql: string, params: unknown[]) {
  await client.query('BEGIN');
  try {
    for (const statement of variant.setup) await client.query(statement);
    const query = variant.rewrite ? variant.rewrite(sql) : sql;
    const explain = async (options: string) =>
      (
        await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (${options}) ${query}`, params)
      ).rows.map((row) => row['QUERY PLAN']);
    const times: number[] = [];
    for (let run = 0; run < PLAN_RUNS + 2; run++) {
      const lines = await explain('ANALYZE, TIMING OFF');
      const time = Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? '')?.[1]);
      if (run >= 2) times.push(time);
    }
    // The scans the plan uses, for the results file.
    const plan = (await explain('COSTS OFF'))
      .filter((line) => /Scan|Sort/.test(line))
      .map((line) => line.trim().replace(/^->\s*/, ''))
      .join('; ');
    return { label: variant.label, ms: medianOf(times), plan, reference: !!variant.reference };
  } finally {
    await client.query('ROLLBACK');
  }
}

/** Times each variant of each searched page query (its SQL and parameters as captured). */
export async function comparePlans(
  databaseUrl: string,
  queries: { label: string; sql: string; parameters: readonly unknown[] }[],
): Promise<PlanComparison[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const comparisons: PlanComparison[] = [];
    for (const query of queries) {
      const medians = [];
      for (const variant of VARIANTS) {
        medians.push(await timeVariant(client, variant, query.sql, [...query.parameters]));
      }
      const best = Math.min(...medians.filter((m) => !m.reference).map((m) => m.ms));
      comparisons.push({ label: query.label, medians, ratio: medians[0]!.ms / best });
    }
    return comparisons;
  } finally {
    await client.end();
  }
}
