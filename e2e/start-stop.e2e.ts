import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/server/db/free-port.js';
import { ROOT, tempDataDir, waitForHealth } from './support/server.js';

const admin = { email: 'dono@fabril.test', password: 'senha-do-dono-1' };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A command in a process group of its own, as a terminal runs it: Ctrl+C there is SIGINT to the
 * whole group (npm, node, the embedded PostgreSQL), which `interrupt()` sends.
 */
function runInGroup(command: string, args: string[], env: Record<string, string>) {
  let output = '';
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    interrupt: () => process.kill(-child.pid!, 'SIGINT'),
  };
}

async function startInGroup(command: string, args: string[], dataDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const run = runInGroup(command, args, {
    PORT: String(port),
    FABRIL_DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  await waitForHealth(url, run.child, run.output);
  return { ...run, url };
}

function expectCleanStop(output: string) {
  expect(output.trimEnd()).toMatch(/\n\[fabril\] Fabril parado\.$/);
  expect(output.match(/Fabril parado/g)).toHaveLength(1);
  expect(output).not.toContain('Unhandled');
  expect(output).not.toMatch(/^\s+at /m);
}

async function signIn(url: string, password: string) {
  const response = await fetch(`${url}/api/v1/account/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: 'XSRF-TOKEN=t',
      'x-xsrf-token': 't',
    },
    body: JSON.stringify({ email: admin.email, password }),
  });
  return response.status;
}

function resetPassword(dataDir: string) {
  const result = spawnSync('npm', ['run', '--silent', 'admin:reset-password', '--', admin.email], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, FABRIL_DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: '' },
    timeout: 90_000,
  });
  const password = /│ Nova senha: (\S+) +│/.exec(result.stdout)?.[1];
  return { status: result.status, password, output: `${result.stdout}${result.stderr}` };
}

describe('starting and stopping the server', () => {
  it('stops cleanly on Ctrl+C, PostgreSQL included, and a password can be reset meanwhile and after', async () => {
    const dataDir = await tempDataDir();
    dirs.push(dataDir);
    const server = await startInGroup(process.execPath, ['scripts/start.mjs'], dataDir);
    const health = await fetch(`${server.url}/api/v1/health`);
    expect(health.status).toBe(200);
    expect(server.output()).toMatch(/^GET \/api\/v1\/health 200 \d+ ms$/m);

    // Beside the running server: its PostgreSQL is used as it is, and left running.
    const whileRunning = resetPassword(dataDir);
    expect(whileRunning.status, whileRunning.output).toBe(0);
    expect(await signIn(server.url, whileRunning.password!)).toBe(200);

    server.interrupt();
    expect(await server.exited).toBe(0);
    expectCleanStop(server.output());
    expect(fs.existsSync(path.join(dataDir, 'pg/postmaster.pid'))).toBe(false);

    // With the server stopped: the command starts the embedded PostgreSQL and stops it again.
    const afterStop = resetPassword(dataDir);
    expect(afterStop.status, afterStop.output).toBe(0);
    expect(afterStop.password).not.toBe(whileRunning.password);
    expect(fs.existsSync(path.join(dataDir, 'pg/postmaster.pid'))).toBe(false);
  });

  it('npm start ends with exit code 0 on Ctrl+C too', async () => {
    const dataDir = await tempDataDir();
    dirs.push(dataDir);
    const server = await startInGroup('npm', ['start'], dataDir);
    server.interrupt();
    expect(await server.exited).toBe(0);
    expectCleanStop(server.output());
  });

  it('says in one line which folder the embedded PostgreSQL cannot enter, and what to do', async () => {
    const root = process.getuid?.() === 0;
    // As root PostgreSQL runs as the postgres user, locked out of a folder only root may enter;
    // any other user is locked out of a folder nobody may enter.
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'fabril-locked-'));
    dirs.push(parent);
    fs.chmodSync(parent, root ? 0o700 : 0o000);
    const dataDir = path.join(parent, 'data');
    const run = runInGroup(process.execPath, ['scripts/start.mjs'], {
      PORT: String(await freePort()),
      FABRIL_DATA_DIR: dataDir,
    });
    const code = await run.exited;
    fs.chmodSync(parent, 0o700);

    expect(code).toBe(1);
    const lines = run.output().trim().split('\n');
    const message = lines.at(-1)!;
    expect(message).toMatch(
      root ? /^\[fabril\] O PostgreSQL embutido/ : /^\[fabril\] Sem permissão/,
    );
    expect(message).toContain(root ? `pasta ${parent} ` : `pasta de dados ${dataDir}.`);
    expect(message).toContain('FABRIL_DATA_DIR');
    expect(run.output()).not.toMatch(/^\s+at /m);
    expect(run.output()).not.toContain('initdb');
  });
});
