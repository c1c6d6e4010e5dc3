import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabaseIfMissing } from '../../src/server/db/database-url.js';
import { startTestCluster, TEST_ADMIN } from '../../src/server/testing/test-database.js';
import { serveSefazControl } from './sefaz-control.js';
import { startSefazDoubleFor } from './sefaz-double-env.js';
import { ROOT, startServer, stopServer, tempDataDir } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { email: string; password: string };
    /** The shared double's client CA (the company's A1 must be issued by it), as PEM. */
    sefazClientCa: { certificatePem: string; privateKeyPem: string };
    /** Where a test scripts the shared double's answers (sefaz-control.ts). */
    sefazControlUrl: string;
  }
}

/**
 * One real server for the browser tests, on a fresh database (a copy of the test template on
 * the test PostgreSQL), serving the built SPA, talking to a SEFAZ double as an operator would
 * point it at one (NFE_SEFAZ_URL, NFE_CA_FILE): "Emitir" is authorised unless a test scripts
 * otherwise. No browser, no build: the run fails, never skips.
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

  const sefazDir = await tempDataDir();
  const { double, env } = await startSefazDoubleFor(sefazDir);
  const control = await serveSefazControl(double);
  const server = await startServer({ DATABASE_URL: database.toString(), ...env });
  project.provide('baseUrl', server.url);
  project.provide('admin', TEST_ADMIN);
  project.provide('sefazClientCa', {
    certificatePem: double.clientCa.certificatePem,
    privateKeyPem: double.clientCa.privateKeyPem,
  });
  project.provide('sefazControlUrl', control.url);
  return async () => {
    await stopServer(server);
    await control.close();
    await double.close();
    fs.rmSync(sefazDir, { recursive: true, force: true });
    await cluster.stop();
  };
}
