import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabaseIfMissing } from '../../src/server/db/database-url.js';
import { startTestCluster, TEST_ADMIN } from '../../src/server/testing/test-database.js';
import { ROOT, startServer, stopServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { email: string; password: string };
  }
}

/**
 * One real server for the browser tests, on a fresh database (a copy of the test template on
 * the test PostgreSQL), serving the built SPA. No browser, no build: the run fails, never skips.
 */
export default async function setup(project: TestProject) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    throw new Error(
      `Chromium não encontrado em ${chromium}: rode node scripts/ensure-chromium.mjs`,
    );
  }
  if (!fs.existsSync(path.join(ROOT, 'dist/web/index.html'))) {
    throw new Error('A aplicação web não foi gerada: rode npm run build');
  }
  const cluster = await startTestCluster();
  const database = new URL(cluster.adminUrl);
  database.pathname = `/${cluster.template.replace(/_template$/, '_e2e')}`;
  await createDatabaseIfMissing(cluster.adminUrl, database.pathname.slice(1), cluster.template);

  const server = await startServer({ DATABASE_URL: database.toString() });
  project.provide('baseUrl', server.url);
  project.provide('admin', TEST_ADMIN);
  return async () => {
    await stopServer(server);
    await cluster.stop();
  };
}
