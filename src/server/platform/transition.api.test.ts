import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/error-codes.js';
import { defineStatusMachine } from '../../shared/status-machine.js';
import type { DbOrTrx } from '../db/connection.js';
import type { Database } from '../db/types.js';
import { useTestDb } from '../testing/test-db.js';
import { recordAudit, type AuditContext } from './audit.js';
import { registerErrorHandler } from './error-handler.js';
import { inTransaction } from './transaction.js';
import { transition } from './transition.js';

const test = useTestDb();
let app: FastifyInstance;
/** Who acts: the database's administrator (an audited request always has a user). */
let actor: number;

const machine = defineStatusMachine({
  statuses: { DRAFT: 'Rascunho', APPROVED: 'Aprovada', CANCELLED: 'Cancelada' },
  transitions: {
    approve: { from: ['DRAFT'], to: 'APPROVED' },
    cancel: { from: ['DRAFT', 'APPROVED'], to: 'CANCELLED' },
  },
});
type Action = keyof typeof machine.transitions;

// A test-only table: Database does not know it.
const table = 'testOrders' as keyof Database & string;
const ENTITY = 'test-orders';

/** A workflow action as a service writes it: transition, audit, in one transaction. */
const act = (db: DbOrTrx, ctx: AuditContext, id: number, action: Action) =>
  inTransaction(db, async (trx) => {
    const { row, previousStatus } = await transition(trx, {
      table,
      id,
      machine,
      action,
      userId: ctx.userId,
      set: action === 'approve' ? { approvedAt: sql`now()` } : {},
    });
    // Keep the transaction open a moment, so that a second request arrives while it runs.
    await sql`SELECT pg_sleep(0.05)`.execute(trx);
    await recordAudit(trx, ctx, {
      entity: ENTITY,
      entityId: id,
      action,
      before: { status: previousStatus },
      after: { status: row.status },
    });
    return row;
  });

beforeAll(async () => {
  actor = (await test.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
  await sql`
    CREATE TABLE test_orders (
      id serial PRIMARY KEY,
      status text NOT NULL DEFAULT 'DRAFT',
      approved_at timestamptz,
      version integer NOT NULL DEFAULT 1,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by integer
    )`.execute(test.db);
  app = Fastify();
  registerErrorHandler(app);
  app.post<{ Params: { id: string; action: Action } }>('/test-orders/:id/:action', (request) =>
    act(
      test.db,
      { userId: actor, requestId: request.id },
      Number(request.params.id),
      request.params.action,
    ),
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

async function newOrder(status = 'DRAFT') {
  const { rows } = await sql<{
    id: number;
  }>`INSERT INTO test_orders (status) VALUES (${status}) RETURNING id`.execute(test.db);
  return rows[0]!.id;
}

const post = (id: number, action: Action) =>
  app.inject({ method: 'POST', url: `/test-orders/${id}/${action}` });

async function stored(id: number) {
  const { rows } = await sql<{
    status: string;
    version: number;
    approvedAt: Date | null;
  }>`SELECT status, version, approved_at FROM test_orders WHERE id = ${id}`.execute(test.db);
  return rows[0]!;
}

const auditOf = (id: number) =>
  test.db
    .selectFrom('auditLog')
    .select(['action', 'changes'])
    .where('entity', '=', ENTITY)
    .where('entityId', '=', String(id))
    .orderBy('id')
    .execute();

describe('transition', () => {
  it('moves the document, bumps its version, sets the action’s columns and audits from → to', async () => {
    const id = await newOrder();
    const approved = await post(id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id, status: 'APPROVED', version: 2 });
    expect((await stored(id)).approvedAt).toBeInstanceOf(Date);

    const cancelled = await post(id, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ status: 'CANCELLED', version: 3 });
    expect(await auditOf(id)).toEqual([
      { action: 'approve', changes: { status: { from: 'DRAFT', to: 'APPROVED' } } },
      { action: 'cancel', changes: { status: { from: 'APPROVED', to: 'CANCELLED' } } },
    ]);
  });

  it('answers 409 INVALID_STATUS naming the current status, and changes nothing', async () => {
    const id = await newOrder('CANCELLED');
    for (const action of ['approve', 'cancel'] as const) {
      const refused = await post(id, action);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: ErrorCode.INVALID_STATUS,
        message: 'Ação não permitida na situação Cancelada.',
      });
    }
    expect(await stored(id)).toMatchObject({ status: 'CANCELLED', version: 1, approvedAt: null });
    expect(await auditOf(id)).toEqual([]);
  });

  it('answers 404 for a document that does not exist', async () => {
    const missing = await post(999_999, 'approve');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('lets exactly one of two identical actions arriving at once through', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await newOrder();
      const answers = await Promise.all([post(id, 'approve'), post(id, 'approve')]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409)!;
      expect(refused.json().error).toMatchObject({
        code: ErrorCode.INVALID_STATUS,
        message: 'Ação não permitida na situação Aprovada.',
      });
      expect(await stored(id)).toMatchObject({ status: 'APPROVED', version: 2 });
      expect(await auditOf(id)).toHaveLength(1);
    }
  });
});
