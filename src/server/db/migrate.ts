import { sql, type Kysely } from 'kysely';

// Migrations see the database as it is at their point in history, not as types.ts has it now.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { migrations as allMigrations, type Migration } from './migrations/index.js';

// Any constant works: it only has to be the same for every server process of this database.
const MIGRATION_LOCK = 727_001;

/**
 * Runs the migrations not yet recorded, each in its own transaction, in order. An advisory lock
 * keeps two processes starting at once from running the same migration twice.
 */
export async function migrate(
  db: Kysely<any>,
  migrations: Migration[] = allMigrations,
): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await createMigrationsTable(conn);
      const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(conn);
      const applied = new Set(done.rows.map((r) => r.name));
      const ran: string[] = [];
      for (const migration of migrations) {
        if (applied.has(migration.name)) continue;
        await conn.transaction().execute(async (trx) => {
          await migration.up(trx);
          await sql`INSERT INTO schema_migrations (name) VALUES (${migration.name})`.execute(trx);
        });
        ran.push(migration.name);
      }
      return ran;
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

/** Where the migrations that ran are recorded (also created by `npm run restore`). */
export async function createMigrationsTable(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
