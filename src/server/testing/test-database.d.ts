export declare const TEST_ADMIN: {
  email: string;
  password: string;
};
/**
 * One PostgreSQL per test run: the embedded one in a temporary directory, or the server of
 * TEST_DATABASE_URL. A migrated template database is made once; every test file copies it.
 */
export declare function startTestCluster(): Promise<{
  adminUrl: string;
  template: string;
  stop: () => Promise<void>;
}>;
/** A fresh database for one test file, copied from the migrated template. */
export declare function createTestDatabase(adminUrl: string, template: string): Promise<string>;
export declare function urlFor(adminUrl: string, database: string): string;
