import { defineConfig } from 'vitest/config';

/**
 * Three projects, run by `npm test` in this order: unit (pure logic), api (real PostgreSQL, one
 * fresh database per file: `*.api.test.ts` send HTTP requests to the app, `*.db.test.ts` call the
 * database helpers and services directly) and e2e (real Chromium against a real server).
 */
/** API test files that assert response times (README "Scripts": part of test:api). */
const TIMED = ['src/server/platform/import-limits.api.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts', 'src/**/*.db.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts', 'src/**/*.db.test.ts'],
          exclude: [...TIMED],
          globalSetup: ['src/server/testing/database-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // API tests that time the server's answers: run after the others, one file at a time, so
        // that another test file's CPU use is not counted as the server's.
        test: {
          name: 'api-timed',
          include: [...TIMED],
          globalSetup: ['src/server/testing/database-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // The import limits test measures live memory after a full collection (global.gc).
          execArgv: ['--expose-gc'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A real browser on a busy machine can take more than expect.poll's default 1 s to
          // open a lazily loaded drawer or fade a list out: wait up to 5 s for the same outcome.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
