/**
 * The server a benchmark measures: started as `npm start` runs it, on a data directory of its own,
 * with the benchmark's administrator; with DATABASE_URL set, on that database instead of the
 * embedded one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSefazDoubleFor } from '../../e2e/support/sefaz-double-env.js';
import { startServer, stopServer } from '../../e2e/support/server.js';
import { testClientCa } from '../../src/server/modules/nfe/testing/sefaz-test-ca.js';
import { ADMIN } from './load.js';

/** The embedded PostgreSQL's URL: credentials beside the data, port in postmaster.pid (line 4). */
function embeddedUrl(dataDir: string) {
  const credentials = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'pg-credentials.json'), 'utf8'),
  ) as { user: string; password: string };
  const port = fs.readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[3];
  return `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/fabril`;
}

/**
 * Starts the server and prints where; `databaseUrl` is the database it uses, `target` says which
 * one in the results ('embutido' or 'externo'). `stop()` ends it and removes its data directory.
 * With `sefaz`, a SEFAZ double on 127.0.0.1 answers the server's NF-e (NFE_SEFAZ_URL,
 * NFE_CA_FILE), as the browser tests' server does: it accepts A1 certificates issued by
 * `testClientCa()` (benchCertificate) and authorises every NF-e. `env` adds settings of the
 * server's (README "Settings").
 */
export async function startBenchServer(
  name: string,
  options: { sefaz?: boolean; env?: Record<string, string> } = {},
) {
  const externalUrl = process.env.DATABASE_URL || undefined;
  const target = externalUrl ? 'externo' : 'embutido';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `fabril-bench-${name}-`));
  // The embedded PostgreSQL runs as `postgres` when we are root and must reach its directory.
  fs.chmodSync(dataDir, 0o755);
  const sefaz = options.sefaz
    ? await startSefazDoubleFor(dataDir, { clientCa: testClientCa() })
    : undefined;
  const server = await startServer({
    ...sefaz?.env,
    ...options.env,
    FABRIL_DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DATABASE_URL: externalUrl ?? '',
  });
  const stop = async () => {
    await stopServer(server);
    await sefaz?.double.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  console.log(`Servidor: node scripts/start.mjs em ${server.url}, banco ${target}`);
  try {
    return { ...server, target, databaseUrl: externalUrl ?? embeddedUrl(dataDir), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
