import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Database } from './types.js';

// numeric and bigint arrive as strings (money and quantities never pass through floats);
// `date` columns stay 'YYYY-MM-DD' strings instead of becoming midnight-local Date objects.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** A function that works inside or outside a transaction takes either. */
export type DbOrTrx = Db | Trx;

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max, application_name: 'fabril' });
  // An idle connection that PostgreSQL closes (it is shutting down or restarting; on Ctrl+C the
  // embedded one gets the terminal's signal with the server) is an 'error' event on the pool,
  // which would end the process unheard. The pool has already dropped that connection and the
  // next query opens a new one (or fails in its request, which reports it), so nothing is lost.
  pool.on('error', () => undefined);
  return dbOverPool(pool);
}

/**
 * Kysely as the server configures it, over any pool: `npm run restore` gives it a pool of the one
 * client that holds its transaction, so the migrations run inside that transaction.
 */
export function dbOverPool(pool: PostgresPool): Db {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
  });
}
