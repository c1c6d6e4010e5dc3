import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/error-codes.js';
import { todayInSaoPaulo } from '../../shared/plain-date.js';
import { messages } from '../../shared/messages.js';
import type { PurchaseOrderDetail } from '../../shared/resources/purchase-orders.js';
import { userWith } from '../modules/master-data/testing/master-data-helpers.js';
import {
  createItem,
  purchaseFixture,
} from '../modules/purchase-orders/testing/purchase-fixtures.js';
import { useTestApi } from '../testing/api-app.js';
import { multipart } from '../testing/multipart.js';
import { registerErrorHandler } from './error-handler.js';
import { registerIdempotency } from './idempotency.js';

const api = useTestApi({ idempotencyWaitMs: 400 });
const BASE = '/api/v1/purchase-orders';
const today = todayInSaoPaulo();
let token = '';
let fx: Awaited<ReturnType<typeof purchaseFixture>>;

beforeAll(async () => {
  token = await api.adminToken();
  fx = await purchaseFixture(api.db);
});

const post = (url: string, payload: object, key?: string, as = token) =>
  api.request({
    method: 'POST',
    url,
    token: as,
    payload,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

/** A new draft's input; `notes` tells this test's orders from the others in the database. */
async function draftInput(notes: string) {
  const item = await createItem(api.db, { unitId: fx.un, lastPurchasePrice: '10.0000' });
  return {
    supplierId: fx.supplier.id,
    orderDate: today,
    locationId: fx.location.id,
    paymentMethodId: fx.method.id,
    categoryId: fx.category.id,
    notes,
    items: [{ itemId: item.id, quantity: '10' }],
  };
}

const ordersNoted = async (notes: string) =>
  (
    await api.db
      .selectFrom('purchaseOrders')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('notes', '=', notes)
      .executeTakeFirstOrThrow()
  ).n;

async function approvedOrder(): Promise<PurchaseOrderDetail> {
  const created = await post(BASE, await draftInput(`aprovada ${randomUUID()}`));
  expect(created.statusCode, created.body).toBe(201);
  const approved = await post(`${BASE}/${created.json().id}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json() as PurchaseOrderDetail;
}

/** Receiving 1 of the order's 10: a lot that can be received again, so a repeat would act. */
const oneUnitOf = (order: PurchaseOrderDetail) => ({
  date: today,
  lines: [{ lineId: order.items[0]!.id, quantity: '1' }],
});

const receiptsOf = async (orderId: number) =>
  (
    await api.db
      .selectFrom('purchaseReceipts')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('purchaseOrderId', '=', orderId)
      .executeTakeFirstOrThrow()
  ).n;

const errorOf = (response: { json: () => { error: { code: string; message: string } } }) => {
  const { code, message } = response.json().error;
  return { code, message };
};

describe('a keyed create', () => {
  it('sent twice at once acts once, and both get the same answer', async () => {
    const notes = `duplo ${randomUUID()}`;
    const input = await draftInput(notes);
    const key = randomUUID();
    const [a, b] = await Promise.all([post(BASE, input, key), post(BASE, input, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.body).toBe(a.body);
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
    // One of the two was the replay.
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']]).toContain('true');
    expect(await ordersNoted(notes)).toBe(1);
  });

  it('repeated later gets the stored answer and creates nothing more', async () => {
    const notes = `repetido ${randomUUID()}`;
    const input = await draftInput(notes);
    const key = randomUUID();
    const first = await post(BASE, input, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(BASE, input, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await ordersNoted(notes)).toBe(1);
  });

  it('without the header is served as before: each request acts', async () => {
    const notes = `sem chave ${randomUUID()}`;
    const input = await draftInput(notes);
    const [a, b] = await Promise.all([post(BASE, input), post(BASE, input)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
    expect(await ordersNoted(notes)).toBe(2);
  });

  it('refuses the same key with another body or on another route (422), acting on neither', async () => {
    const notes = `outro corpo ${randomUUID()}`;
    const input = await draftInput(notes);
    const key = randomUUID();
    expect((await post(BASE, input, key)).statusCode).toBe(201);

    const otherBody = await post(BASE, { ...input, notes: `${notes} (mudado)` }, key);
    expect(otherBody.statusCode).toBe(422);
    expect(errorOf(otherBody)).toEqual({
      code: ErrorCode.IDEMPOTENCY_KEY_REUSED,
      message: messages.errors.idempotencyKeyReused,
    });
    expect(await ordersNoted(`${notes} (mudado)`)).toBe(0);

    const order = await approvedOrder();
    const otherRoute = await post(`${BASE}/${order.id}/receive`, oneUnitOf(order), key);
    expect(otherRoute.statusCode).toBe(422);
    expect(errorOf(otherRoute).code).toBe(ErrorCode.IDEMPOTENCY_KEY_REUSED);
    expect(await receiptsOf(order.id)).toBe(0);
  });

  it("is the user's own: another user's request with the same key acts on its own", async () => {
    const other = await userWith(api, ['purchaseOrders:read', 'purchaseOrders:write']);
    const key = randomUUID();
    const mine = await draftInput(`meu ${key}`);
    const theirs = await draftInput(`deles ${key}`);
    expect((await post(BASE, mine, key)).statusCode).toBe(201);
    const answer = await post(BASE, theirs, key, other.token);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersNoted(`deles ${key}`)).toBe(1);
    // And the same body as mine, under their key: theirs, not a replay of mine.
    const same = await post(BASE, mine, key, other.token);
    expect(same.statusCode).toBe(422);
  });

  it("leaves a new user's password out of the fingerprint: another password replays, no hash of it kept", async () => {
    const role = await api.db.selectFrom('roles').select('id').executeTakeFirstOrThrow();
    const key = randomUUID();
    const user = (password: string) => ({
      name: 'Usuária idempotente',
      email: `idem-${key}@fabril.test`,
      roleId: role.id,
      password,
    });
    const first = await post('/api/v1/users', user('senha-segura-1'), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('/api/v1/users', user('outra-senha-2'), key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    const stored = await api.db
      .selectFrom('idempotencyKeys')
      .select('fingerprint')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(stored.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a malformed key with 400 before acting', async () => {
    const notes = `chave ruim ${randomUUID()}`;
    const input = await draftInput(notes);
    for (const key of ['curta', 'com espaço no meio', 'x'.repeat(101), 'a,b,c,d,e,f,g,h']) {
      const answer = await post(BASE, input, key);
      expect(answer.statusCode, key).toBe(400);
      expect(errorOf(answer).message).toBe(messages.errors.idempotencyKeyInvalid);
    }
    expect(await ordersNoted(notes)).toBe(0);
  });

  it('refuses a key on a file upload (400): the file is not part of the fingerprint', async () => {
    const file = multipart('clientes.csv', 'Nome\nCliente idempotente');
    const answer = await api.request({
      method: 'POST',
      url: '/api/v1/clients/import',
      token,
      payload: file.payload,
      headers: { ...file.headers, 'idempotency-key': randomUUID() },
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(errorOf(answer).message).toBe(messages.errors.idempotencyKeyWithFile);
  });

  it('does not store an invalid body (400): the same key with the body fixed acts', async () => {
    const notes = `corrigido ${randomUUID()}`;
    const input = await draftInput(notes);
    const key = randomUUID();
    const invalid = await post(BASE, { ...input, supplierId: undefined }, key);
    expect(invalid.statusCode).toBe(400);
    const fixed = await post(BASE, input, key);
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(await ordersNoted(notes)).toBe(1);
  });
});

describe('a keyed workflow action: receiving a purchase order', () => {
  it('a double receive with one key posts one receipt, and both answers are the same', async () => {
    const order = await approvedOrder();
    const key = randomUUID();
    const [a, b] = await Promise.all([
      post(`${BASE}/${order.id}/receive`, oneUnitOf(order), key),
      post(`${BASE}/${order.id}/receive`, oneUnitOf(order), key),
    ]);
    expect([a.statusCode, b.statusCode], a.body).toEqual([201, 201]);
    expect(b.body).toBe(a.body);
    expect(await receiptsOf(order.id)).toBe(1);
    const again = await post(`${BASE}/${order.id}/receive`, oneUnitOf(order), key);
    expect(again.body).toBe(a.body);
    expect(await receiptsOf(order.id)).toBe(1);
    const stock = await api.db
      .selectFrom('stockMovements')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('originType', '=', 'PURCHASE_ORDER')
      .where('originId', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stock.n).toBe(1);
  });

  it('without a key, the same double receive posts two receipts (as before)', async () => {
    const order = await approvedOrder();
    await Promise.all([
      post(`${BASE}/${order.id}/receive`, oneUnitOf(order)),
      post(`${BASE}/${order.id}/receive`, oneUnitOf(order)),
    ]);
    expect(await receiptsOf(order.id)).toBe(2);
  });

  it('keeps a refusal (4xx): the repeat gets it again even once the action would be allowed', async () => {
    const created = await post(BASE, await draftInput(`recusa ${randomUUID()}`));
    const draft = created.json() as PurchaseOrderDetail;
    const key = randomUUID();
    const refused = await post(`${BASE}/${draft.id}/receive`, oneUnitOf(draft), key);
    expect(refused.statusCode).toBe(409);
    expect((await post(`${BASE}/${draft.id}/approve`, {})).statusCode).toBe(200);
    const repeated = await post(`${BASE}/${draft.id}/receive`, oneUnitOf(draft), key);
    expect(repeated.statusCode).toBe(409);
    expect(repeated.body).toBe(refused.body);
    expect(await receiptsOf(draft.id)).toBe(0);
    // A new submission (a new key) acts.
    const fresh = await post(`${BASE}/${draft.id}/receive`, oneUnitOf(draft), randomUUID());
    expect(fresh.statusCode, fresh.body).toBe(201);
  });
});

/**
 * The layer alone, on routes that count their runs, fail or wait when told: what the real routes
 * cannot show on demand (a 5xx, a first request still running, an abandoned or expired claim).
 */
describe('the idempotency layer', () => {
  let app: FastifyInstance;
  let userId = 0;
  let runs = 0;
  let failNext = false;
  let release: () => void = () => undefined;

  beforeAll(async () => {
    userId = (await api.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    app = Fastify({ logger: false });
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-user'] === 'yes') {
        request.user = { id: userId } as NonNullable<typeof request.user>;
      }
    });
    registerErrorHandler(app);
    registerIdempotency(app, api.db, { waitMs: 300 });
    app.post('/count', async () => {
      runs += 1;
      if (failNext) {
        failNext = false;
        throw new Error('boom');
      }
      return { runs };
    });
    app.post('/slow', async () => {
      runs += 1;
      await new Promise<void>((resolve) => (release = resolve));
      return { runs };
    });
    app.post('/empty', async (_request, reply) => {
      runs += 1;
      return reply.status(204).send();
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  const send = (url: string, key: string, body: object = { a: 1 }, signedIn = true) =>
    app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { 'idempotency-key': key, ...(signedIn ? { 'x-user': 'yes' } : {}) },
    });
  const row = (key: string) =>
    api.db
      .selectFrom('idempotencyKeys')
      .selectAll()
      .where('userId', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();

  it('lets a 5xx go: the retry runs again, and its answer is the one kept', async () => {
    const key = randomUUID();
    const before = runs;
    failNext = true;
    expect((await send('/count', key)).statusCode).toBe(500);
    expect(await row(key)).toBeUndefined();
    const retry = await send('/count', key);
    expect(retry.statusCode).toBe(200);
    expect(runs).toBe(before + 2);
    expect((await send('/count', key)).body).toBe(retry.body);
    expect(runs).toBe(before + 2);
  });

  it('answers a repeat 409 while the first still runs past the wait, then replays its answer', async () => {
    const key = randomUUID();
    const first = send('/slow', key);
    await expect.poll(async () => (await row(key))?.status, { interval: 20 }).toBeNull();
    const repeat = await send('/slow', key);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().error).toMatchObject({
      code: ErrorCode.IDEMPOTENCY_IN_PROGRESS,
      message: messages.errors.idempotencyInProgress,
    });
    release();
    const answer = await first;
    expect(answer.statusCode).toBe(200);
    const runsAfter = runs;
    expect((await send('/slow', key)).body).toBe(answer.body);
    expect(runs).toBe(runsAfter);
  });

  it('takes over a claim abandoned without an answer (its server stopped) after 5 minutes', async () => {
    const key = randomUUID();
    await send('/count', key);
    const abandon = (age: string) =>
      api.db
        .updateTable('idempotencyKeys')
        .set({ status: null, body: null, claimedAt: sql<Date>`now() - ${age}::interval` })
        .where('key', '=', key)
        .execute();
    await abandon('1 minute');
    expect((await send('/count', key)).statusCode).toBe(409);
    await abandon('6 minutes');
    const before = runs;
    const retried = await send('/count', key);
    expect(retried.statusCode).toBe(200);
    expect(runs).toBe(before + 1);
    expect((await row(key))?.status).toBe(200);
  });

  it('forgets an answer after 24 hours: the key may then mean a new request', async () => {
    const key = randomUUID();
    await send('/count', key, { a: 1 });
    await api.db
      .updateTable('idempotencyKeys')
      .set({ claimedAt: sql<Date>`now() - interval '25 hours'` })
      .where('key', '=', key)
      .execute();
    const before = runs;
    expect((await send('/count', key, { a: 2 })).statusCode).toBe(200);
    expect(runs).toBe(before + 1);
  });

  it('trims expired rows when it claims, without a job', async () => {
    const stale = randomUUID();
    await api.db
      .insertInto('idempotencyKeys')
      .values({
        userId,
        key: stale,
        fingerprint: '0'.repeat(64),
        requestId: 'old',
        claimedAt: sql<Date>`now() - interval '30 hours'`,
        status: 200,
      })
      .execute();
    // A fresh app: its first claim trims (then at most once a minute).
    const fresh = Fastify({ logger: false });
    fresh.decorateRequest('user', null);
    fresh.addHook('onRequest', async (request) => {
      request.user = { id: userId } as NonNullable<typeof request.user>;
    });
    registerIdempotency(fresh, api.db);
    fresh.post('/x', async () => ({ ok: true }));
    await fresh.ready();
    const answer = await fresh.inject({
      method: 'POST',
      url: '/x',
      payload: {},
      headers: { 'idempotency-key': randomUUID() },
    });
    await fresh.close();
    expect(answer.statusCode).toBe(200);
    expect(await row(stale)).toBeUndefined();
  });

  it('replays an empty answer (204) as empty', async () => {
    const key = randomUUID();
    const first = await send('/empty', key);
    const before = runs;
    const again = await send('/empty', key);
    expect([first.statusCode, again.statusCode]).toEqual([204, 204]);
    expect(again.body).toBe('');
    expect(runs).toBe(before);
  });

  it('ignores the key of a request without a signed-in user (the login)', async () => {
    const key = randomUUID();
    const before = runs;
    await send('/count', key, { a: 1 }, false);
    await send('/count', key, { a: 1 }, false);
    expect(runs).toBe(before + 2);
    expect(await row(key)).toBeUndefined();
  });
});
