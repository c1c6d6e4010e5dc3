import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../bootstrap.js';
import { createDb } from '../db/connection.js';
import { createDatabaseIfMissing } from '../db/database-url.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres.js';

export const TEST_ADMIN = { email: 'admin@fabril.test', password: 'senha-do-admin-1' };

/**
 * One PostgreSQL per test run: the embedded one in a temporary directory, or the server of
 * TEST_DATABASE_URL. A migrated template database is made once; every test file copies it.
 */
export async function startTestCluster(): Promise<{
  adminUrl: string;
  template: string;
  stop: () => Promise<void>;
}> {
  let embedded: EmbeddedDatabase | null = null;
  let dir: string | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fabril-test-pg-'));
    // The postgres user that the embedded server runs as (when we are root) must reach it.
    await fs.chmod(dir, 0o755);
    embedded = await startEmbeddedPostgres({ dir, log: () => undefined, durable: false });
    adminUrl = embedded.url('postgres');
  }
  const prefix = `fabril_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  const template = `${prefix}_template`;
  await createDatabaseIfMissing(adminUrl, template);
  const db = createDb(urlFor(adminUrl, template), 2);
  await prepareDatabase(db, {
    adminEmail: TEST_ADMIN.email,
    adminPassword: TEST_ADMIN.password,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
  });
  await db.destroy();

  return {
    adminUrl,
    template,
    stop: async () => {
      if (embedded) {
        await embedded.stop();
        await fs.rm(dir!, { recursive: true, force: true });
      } else {
        await dropDatabases(adminUrl!, prefix);
      }
    },
  };
}

/** A fresh database for one test file, copied from the migrated template. */
export async function createTestDatabase(adminUrl: string, template: string): Promise<string> {
  const name = `${template.replace(/_template$/, '')}_${randomBytes(4).toString('hex')}`;
  await createDatabaseIfMissing(adminUrl, name, template);
  return urlFor(adminUrl, name);
}

export function urlFor(adminUrl: string, database: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function dropDatabases(adminUrl: string, prefix: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${prefix}%`],
    );
    for (const { datname } of rows) {
      await client.query(
        `DROP DATABASE IF EXISTS ${client.escapeIdentifier(datname)} WITH (FORCE)`,
      );
    }
  } finally {
    await client.end();
  }
}
