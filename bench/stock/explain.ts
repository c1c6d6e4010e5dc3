/**
 * The SQL the stock module really sends, captured from Kysely's query log while its services run
 * (the Consulta de Estoque list, the kardex, a manual posting), and its EXPLAIN (ANALYZE, BUFFERS)
 * with the same parameters, so that a reader of the results sees which index each query uses.
 */
import { CamelCasePlugin, Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Database } from '../../src/server/db/types.js';
import { createMovement } from '../../src/server/modules/stock-movements/stock-movements.service.js';
import {
  itemMovements,
  listStockItems,
} from '../../src/server/modules/stock-items/stock-items.service.js';
import {
  stockItemListQuerySchema,
  stockItemMovementsQuerySchema,
} from '../../src/shared/resources/stock-items.js';
import { stockMovementInputSchema } from '../../src/shared/resources/stock-movements.js';

type Db = Kysely<Database>;

/** Transaction control is not a query to explain. */
const CONTROL = /^\s*(begin|commit|rollback|start transaction|savepoint|release)\b/i;

/** Ends the capturing transaction of a posting without writing anything. */
class RollBack extends Error {}

/** Runs `work` against a Kysely that records every statement it sends. */
export async function captureSql(
  databaseUrl: string,
  work: (db: Db) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const captured: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
    log: (event) => {
      if (event.level === 'query' && !CONTROL.test(event.query.sql)) captured.push(event.query);
    },
  });
  try {
    await work(db);
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  } finally {
    await db.destroy();
  }
  return captured;
}

/** The statements of one manual posting (as POST /stock-movements runs it), rolled back. */
export function capturePosting(databaseUrl: string, userId: number, input: unknown) {
  return captureSql(databaseUrl, (db) =>
    db.transaction().execute(async (trx) => {
      await createMovement(
        trx,
        { userId, requestId: 'bench' },
        stockMovementInputSchema.parse(input),
      );
      throw new RollBack();
    }),
  );
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement in one transaction that is rolled back. */
async function explainAll(
  client: pg.Client,
  title: string,
  queries: CompiledQuery[],
): Promise<string[]> {
  const sections: string[] = [];
  await client.query('BEGIN');
  try {
    for (const [index, query] of queries.entries()) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`,
        query.parameters as unknown[],
      );
      sections.push(
        [
          `-- ${title}, ${index + 1}/${queries.length}`,
          `-- ${query.sql.replace(/\s+/g, ' ').trim()}`,
          `-- parâmetros: ${JSON.stringify(query.parameters)}`,
          ...rows.map((row) => row['QUERY PLAN']),
          '',
        ].join('\n'),
      );
    }
  } finally {
    await client.query('ROLLBACK');
  }
  return sections;
}

export interface PlanTargets {
  locationId: number;
  at: string;
  busiestItemId: number;
  busiestLastPage: number;
  userId: number;
  /** A posting of each kind the writers send: entry with cost, outflow, transfer. */
  postings: { label: string; input: unknown }[];
}

export async function explainStock(databaseUrl: string, targets: PlanTargets): Promise<string> {
  const lists = [
    { label: 'Consulta de Estoque, primeira página', query: {} },
    {
      label: `filtrada pelo local ${targets.locationId}`,
      query: { locationId: targets.locationId },
    },
    { label: 'abaixo do mínimo', query: { belowMinimum: 'true' } },
    { label: `estoque em ${targets.at}`, query: { at: targets.at } },
  ];
  const kardex = [
    { label: `kardex do item ${targets.busiestItemId}, página 1`, page: 1 },
    {
      label: `kardex do item ${targets.busiestItemId}, última página (${targets.busiestLastPage})`,
      page: targets.busiestLastPage,
    },
  ];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sections: string[] = [];
  try {
    for (const list of lists) {
      const query = stockItemListQuerySchema.parse({ page: 1, pageSize: 20, ...list.query });
      const sql = await captureSql(databaseUrl, (db) => listStockItems(db, query));
      sections.push(...(await explainAll(client, list.label, sql)));
    }
    for (const { label, page } of kardex) {
      const query = stockItemMovementsQuerySchema.parse({ page, pageSize: 20 });
      const sql = await captureSql(databaseUrl, (db) =>
        itemMovements(db, targets.busiestItemId, query),
      );
      sections.push(...(await explainAll(client, label, sql)));
    }
    for (const posting of targets.postings) {
      const sql = await capturePosting(databaseUrl, targets.userId, posting.input);
      sections.push(
        ...(await explainAll(
          client,
          `${posting.label} (${sql.length} comandos; a releitura procura o id da captura, desfeita)`,
          sql,
        )),
      );
    }
  } finally {
    await client.end();
  }
  return sections.join('\n');
}
