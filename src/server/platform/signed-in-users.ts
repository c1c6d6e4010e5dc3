import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { isPermission } from '../../shared/permissions.js';
import type { UserToken } from '../../shared/resources/account.js';
import type { Db } from '../db/connection.js';
import { BoundedCache } from './bounded-cache.js';

/**
 * The signed-in users as the database has them, kept in this process between requests: reading
 * the user and role on every request was half of the database round trips of a typical API call.
 *
 * What keeps the copy true: every committed change to users or roles sends
 * `NOTIFY access_changed` (migration 0006), which one dedicated connection listens to. Each
 * notification moves `generation`, and a kept user is used only while the generation it was read
 * at is current. A write made through this process also calls `forget()` once committed (see
 * auth.ts), so its own next request never waits for the notification. While the listening
 * connection is down nothing is kept: every request reads the user, as before, until the
 * connection is back (retried every second). A connection that is up but receives nothing (behind
 * a transaction-pooling proxy, or half-open) is caught by a probe — a notification sent through
 * the pool that must arrive within 3 s — at start and every 30 s.
 */
export interface SignedInUsers {
  /** The user of an open session as the database has it now; null when ended, expired or inactive. */
  load: (sessionId: string) => Promise<UserToken | null>;
  /** Drops every kept user (a change to users, roles or sessions was committed by this process). */
  forget: () => void;
  close: () => Promise<void>;
}

const CHANNEL = 'access_changed';
const RETRY_MS = 1000;
/** How often, and how patiently, the listening connection proves that notifications arrive. */
const PROBE_EVERY_MS = 30_000;
const PROBE_TIMEOUT_MS = 3_000;
const PROBE_PREFIX = 'probe:';

export async function createSignedInUsers(
  db: Db,
  databaseUrl: string,
  log: { warn: (message: string) => void },
): Promise<SignedInUsers> {
  const kept = new BoundedCache<{ generation: number; user: UserToken }>(10_000);
  let generation = 0;
  let listening = false;
  let closed = false;
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let pendingProbe: { payload: string; arrived: () => void } | null = null;

  const scheduleRetry = (ms = RETRY_MS) => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, ms);
    retry.unref();
  };

  /**
   * Sends a notification through the pool and waits for it on the listening connection. A
   * connection can look alive and still receive nothing (behind a transaction-pooling proxy, or
   * half-open): then nothing may be kept.
   */
  async function probe(): Promise<boolean> {
    const payload = `${PROBE_PREFIX}${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      pendingProbe = { payload, arrived: () => resolve(true) };
      timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
      timer.unref();
    });
    try {
      await sql`SELECT pg_notify(${CHANNEL}, ${payload})`.execute(db);
      return await arrived;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      pendingProbe = null;
    }
  }

  const heartbeat = setInterval(() => {
    const client = listener;
    if (!client || !listening) return;
    void probe().then((ok) => {
      if (ok || listener !== client) return;
      log.warn('As notificações de alterações de acesso deixaram de chegar; reconectando.');
      void client.end().catch(() => undefined);
    });
  }, PROBE_EVERY_MS);
  heartbeat.unref();

  async function listen() {
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: 'fabril-listen',
      keepAlive: true,
    });
    let lost = false;
    const onLost = (reason: string) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = null;
      listening = false;
      generation += 1;
      if (!closed) log.warn(`Escuta de alterações de acesso interrompida (${reason}).`);
      scheduleRetry();
    };
    client.on('notification', (message) => {
      // Probes (this process's or another's) change nothing.
      if (message.payload?.startsWith(PROBE_PREFIX)) {
        if (message.payload === pendingProbe?.payload) pendingProbe.arrived();
        return;
      }
      generation += 1;
    });
    client.on('error', (error) => onLost(error.message));
    client.on('end', () => onLost('conexão encerrada'));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      onLost((error as Error).message);
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
    if (!closed && !lost && !(await probe())) {
      log.warn(
        'As notificações do PostgreSQL não chegam a esta conexão (um proxy com pool por transação?): ' +
          'cada requisição lerá o usuário no banco.',
      );
      listener = null;
      lost = true;
      await client.end().catch(() => undefined);
      scheduleRetry(60_000);
      return;
    }
    if (closed || lost) {
      if (listener === client) listener = null;
      await client.end().catch(() => undefined);
      return;
    }
    // Whatever changed while nobody listened is unknown: start from an empty copy.
    generation += 1;
    listening = true;
  }

  await listen();

  return {
    async load(sessionId) {
      if (listening) {
        const hit = kept.get(sessionId);
        if (hit && hit.generation === generation) return hit.user;
      }
      // A notification arriving while the user is read moves the generation, and that read is
      // then not kept: it may predate the change.
      const readAt = generation;
      const user = await loadSessionUser(db, sessionId);
      if (user && listening && generation === readAt) {
        // Frozen: every request of this session shares the object. The token expires with the
        // session (tokens.ts), so a kept session is never used past its expiry.
        kept.set(sessionId, { generation: readAt, user: Object.freeze(user) });
      }
      return user;
    },
    forget() {
      generation += 1;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      listening = false;
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * The signed-in user as the browser keeps it; null when missing or inactive. It reads the users
 * and roles tables itself, although they belong to those modules: every request's check needs
 * them, and the platform does not depend on modules. It never writes them.
 */
export async function loadUserToken(db: Db, userId: number): Promise<UserToken | null> {
  const row = await userTokenQuery(db).where('users.id', '=', userId).executeTakeFirst();
  return row ? toUserToken(row) : null;
}

/** The user of a session that is open and not expired; null otherwise. */
async function loadSessionUser(db: Db, sessionId: string): Promise<UserToken | null> {
  const row = await userTokenQuery(db)
    .innerJoin('sessions', 'sessions.userId', 'users.id')
    .where('sessions.id', '=', sessionId)
    .where('sessions.endedAt', 'is', null)
    .where('sessions.expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? toUserToken(row) : null;
}

function userTokenQuery(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'roles.name as roleName',
      'roles.permissions',
    ])
    .where('users.active', '=', true);
}

function toUserToken(row: Omit<UserToken, 'permissions'> & { permissions: string[] }): UserToken {
  return { ...row, permissions: row.permissions.filter(isPermission) };
}
