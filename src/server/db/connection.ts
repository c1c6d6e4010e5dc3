import { CamelCasePlugin, Kysely, PostgresDialect, type Transaction } from 'kysely';
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
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString, max, application_name: 'fabril' }),
    }),
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
  });
}
