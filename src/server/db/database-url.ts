import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.js';

const EMBEDDED_DATABASE = 'fabril';

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL in the data directory, with its
 * `fabril` database created on first use.
 */
export async function resolveDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  log: (message: string) => void;
  /** Use the embedded PostgreSQL of a running server instead of stopping it (embedded-postgres.ts). */
  shareRunning?: boolean;
}): Promise<{ url: string; embedded: EmbeddedDatabase | null }> {
  if (options.databaseUrl) return { url: options.databaseUrl, embedded: null };
  const embedded = await startEmbeddedPostgres({
    dir: options.dataDir,
    log: options.log,
    shareRunning: options.shareRunning,
  });
  await createDatabaseIfMissing(embedded.url('postgres'), EMBEDDED_DATABASE);
  return { url: embedded.url(EMBEDDED_DATABASE), embedded };
}

export async function createDatabaseIfMissing(adminUrl: string, name: string, template?: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const from = template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : '';
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${from}`);
    }
  } finally {
    await client.end();
  }
}
