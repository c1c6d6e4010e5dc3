import { afterAll, beforeAll, inject } from 'vitest';
import { createDb, type Db } from '../db/connection.js';
import { createTestDatabase } from './test-database.js';

/**
 * A fresh copy of the migrated database for one test file, without the app: for tests of the
 * platform's database helpers, which create their own test-only tables in it.
 */
export function useTestDb(poolSize = 5): { readonly db: Db } {
  let db: Db | undefined;
  beforeAll(async () => {
    db = createDb(
      await createTestDatabase(inject('testDatabaseAdminUrl'), inject('testDatabaseTemplate')),
      poolSize,
    );
  });
  afterAll(async () => {
    await db?.destroy();
  });
  return {
    get db() {
      if (!db) throw new Error('useTestDb: the database is ready from beforeAll on');
      return db;
    },
  };
}
