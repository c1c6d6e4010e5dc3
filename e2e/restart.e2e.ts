import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, stopServer, tempDataDir, type RunningServer } from './support/server.js';

const admin = { email: 'dono@fabril.test', password: 'senha-do-dono-1' };

async function api(
  server: RunningServer,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
) {
  const response = await fetch(`${server.url}/api/v1${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: 'XSRF-TOKEN=restart',
      'x-xsrf-token': 'restart',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function signIn(server: RunningServer) {
  const login = await api(server, 'POST', '/account/login', undefined, admin);
  expect(login.status).toBe(200);
  return login.body.accessToken as string;
}

/** `npm start` on the embedded database, killed with SIGKILL and started again. */
describe('restart after SIGKILL', () => {
  let dataDir = '';
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await stopServer(server);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts again on the orphaned PostgreSQL and loses nothing', async () => {
    dataDir = await tempDataDir();
    const env = {
      FABRIL_DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      DATABASE_URL: '',
    };

    const first = await startServer(env);
    servers.push(first);
    expect(first.output()).toContain(admin.email);
    const token = await signIn(first);
    const company = await api(first, 'GET', '/company', token);
    const saved = await api(first, 'PUT', '/company', token, {
      ...company.body,
      legalName: 'Dados que sobrevivem Ltda.',
    });
    expect(saved.status).toBe(200);

    await stopServer(first, 'SIGKILL');
    const pidFile = path.join(dataDir, 'pg/postmaster.pid');
    const orphan = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const second = await startServer(env);
    servers.push(second);
    expect(second.output()).not.toContain('Senha:');
    const again = await signIn(second);
    const after = await api(second, 'GET', '/company', again);
    expect(after.body.legalName).toBe('Dados que sobrevivem Ltda.');
    expect(after.body.version).toBe(company.body.version + 1);

    await stopServer(second, 'SIGTERM');
    expect(second.process.exitCode).toBe(0);
    // A clean stop takes PostgreSQL down with the server.
    expect(fs.existsSync(pidFile)).toBe(false);
  });
});
