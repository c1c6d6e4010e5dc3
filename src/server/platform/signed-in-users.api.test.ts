import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { useTestApi } from '../testing/api-app.js';
import { createSignedInUsers } from './signed-in-users.js';
import { resolveJwtSecret } from './tokens.js';

const api = useTestApi();
/** A second server process on the same database (its own kept users and listening connection). */
let other: FastifyInstance;

beforeAll(async () => {
  other = await buildApp({
    db: api.db,
    databaseUrl: api.url,
    jwtSecret: await resolveJwtSecret(api.db, undefined),
    certificateKey: api.certificateKey,
    logLevel: 'silent',
  });
  await other.ready();
});

afterAll(async () => {
  await other?.close();
});

const CSRF = 'test-csrf-token';
const viaOther = (options: InjectOptions & { token: string }) =>
  other.inject({
    ...options,
    headers: {
      cookie: `XSRF-TOKEN=${CSRF}`,
      'x-xsrf-token': CSRF,
      authorization: `Bearer ${options.token}`,
    },
  });

/** Polls `check` until it holds or `ms` pass; notifications arrive asynchronously. */
async function eventually(check: () => Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let sequence = 0;
async function signedInUser(permissions: string[]) {
  sequence += 1;
  const email = `usuario${sequence}@fabril.test`;
  const admin = await api.adminToken();
  const role = await api.request({
    method: 'POST',
    url: '/api/v1/roles',
    token: admin,
    payload: { name: `Perfil ${sequence}`, permissions },
  });
  expect(role.statusCode).toBe(201);
  const user = await api.request({
    method: 'POST',
    url: '/api/v1/users',
    token: admin,
    payload: { name: 'Fulano', email, roleId: role.json().id, password: 'senha-segura-1' },
  });
  expect(user.statusCode).toBe(201);
  return {
    user: user.json() as { id: number; version: number; roleId: number; email: string },
    role: role.json() as { id: number; version: number; name: string },
    token: await api.login(email, 'senha-segura-1'),
  };
}

const me = async (token: string) =>
  api.request({ method: 'GET', url: '/api/v1/account/me', token });

/** Renames a user without the notification (its trigger off): only a kept copy can hide it. */
async function renameUnnoticed(userId: number, name: string) {
  await api.db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE users DISABLE TRIGGER users_access_changed`.execute(trx);
    await sql`UPDATE users SET name = ${name} WHERE id = ${userId}`.execute(trx);
    await sql`ALTER TABLE users ENABLE TRIGGER users_access_changed`.execute(trx);
  });
}

const listeners = async () => {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM pg_stat_activity
    WHERE application_name = 'fabril-listen' AND datname = current_database()`.execute(api.db);
  return Number(rows[0]!.n);
};

describe('signed-in users kept between requests', () => {
  it('keeps the user in memory while no change to users or roles is notified', async () => {
    const { user, role, token } = await signedInUser(['clients:read']);
    expect((await me(token)).json().name).toBe('Fulano');
    await renameUnnoticed(user.id, 'Nome sem aviso');
    // Without a notification the kept copy is answered: the cache is really used…
    expect((await me(token)).json().name).toBe('Fulano');
    // …and any notified change (here, a role saved unchanged by another program) drops it.
    await sql`UPDATE roles SET name = name WHERE id = ${role.id}`.execute(api.db);
    expect(await eventually(async () => (await me(token)).json().name === 'Nome sem aviso')).toBe(
      true,
    );
  });

  it('does not keep a change that a login records (last login is not access)', async () => {
    const { user, token } = await signedInUser(['clients:read']);
    expect((await me(token)).statusCode).toBe(200);
    await renameUnnoticed(user.id, 'Renomeado');
    await api.login(user.email, 'senha-segura-1');
    // A login writes last_login_at, which does not notify: give a notification time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await me(token)).json().name).toBe('Fulano');
  });

  it('a user deactivated through another server process loses access here too', async () => {
    const { user, token } = await signedInUser(['clients:read']);
    expect((await me(token)).statusCode).toBe(200);
    const deactivated = await viaOther({
      method: 'PUT',
      url: `/api/v1/users/${user.id}`,
      token: await api.adminToken(),
      payload: {
        name: 'Fulano',
        email: user.email,
        roleId: user.roleId,
        active: false,
        version: user.version,
      },
    });
    expect(deactivated.statusCode).toBe(200);
    expect(await eventually(async () => (await me(token)).statusCode === 401)).toBe(true);
  });

  it('a role changed through another server process changes what its users may do here', async () => {
    const { role, token } = await signedInUser(['clients:read', 'brands:read']);
    const brands = () => api.request({ method: 'GET', url: '/api/v1/brands', token });
    expect((await brands()).statusCode).toBe(200);
    const changed = await viaOther({
      method: 'PUT',
      url: `/api/v1/roles/${role.id}`,
      token: await api.adminToken(),
      payload: { name: role.name, permissions: ['clients:read'], version: role.version },
    });
    expect(changed.statusCode).toBe(200);
    expect(await eventually(async () => (await brands()).statusCode === 403)).toBe(true);
  });

  it('a change made through this process counts from the very next request', async () => {
    const { role, token } = await signedInUser(['clients:read', 'brands:read']);
    expect((await api.request({ method: 'GET', url: '/api/v1/brands', token })).statusCode).toBe(
      200,
    );
    const changed = await api.request({
      method: 'PUT',
      url: `/api/v1/roles/${role.id}`,
      token: await api.adminToken(),
      payload: { name: role.name, permissions: ['clients:read'], version: role.version },
    });
    expect(changed.statusCode).toBe(200);
    expect((await api.request({ method: 'GET', url: '/api/v1/brands', token })).statusCode).toBe(
      403,
    );
  });

  it('keeps nothing while the listening connection is lost, and listens again', async () => {
    const { user, token } = await signedInUser(['clients:read']);
    expect((await me(token)).statusCode).toBe(200);
    expect(await listeners()).toBe(2);
    await sql`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = 'fabril-listen' AND datname = current_database()`.execute(api.db);
    await renameUnnoticed(user.id, 'Sem escuta');
    // Nothing notified the rename, yet with the connection lost the user is read again.
    expect(await eventually(async () => (await me(token)).json().name === 'Sem escuta')).toBe(true);
    // Listening again (retried every second): the user is kept again…
    let attempt = 0;
    const keptAgain = async () => {
      const before = (await me(token)).json().name;
      attempt += 1;
      await renameUnnoticed(user.id, `Escondido ${attempt}`);
      return (await me(token)).json().name === before;
    };
    expect(await eventually(keptAgain)).toBe(true);
    expect(await listeners()).toBe(2);
    // …and notified changes arrive again.
    await api.db.updateTable('users').set({ active: false }).where('id', '=', user.id).execute();
    expect(await eventually(async () => (await me(token)).statusCode === 401)).toBe(true);
  });

  it('keeps nothing when the listening connection receives no notifications', async () => {
    // Listening on another database stands in for a proxy that never delivers them.
    const elsewhere = new URL(api.url);
    elsewhere.pathname = '/postgres';
    const warnings: string[] = [];
    const users = await createSignedInUsers(api.db, elsewhere.toString(), {
      warn: (message) => warnings.push(message),
    });
    try {
      expect(warnings.join()).toMatch(/notificações do PostgreSQL não chegam/);
      const { user } = await signedInUser(['clients:read']);
      const session = await api.db
        .selectFrom('sessions')
        .select('id')
        .where('userId', '=', user.id)
        .executeTakeFirstOrThrow();
      expect((await users.load(session.id))?.name).toBe('Fulano');
      await renameUnnoticed(user.id, 'Lido de novo');
      expect((await users.load(session.id))?.name).toBe('Lido de novo');
    } finally {
      await users.close();
    }
  });
});
