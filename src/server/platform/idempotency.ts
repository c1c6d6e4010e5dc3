import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type ExpressionBuilder } from 'kysely';
import { ErrorCode } from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/types.js';
import { BusinessRuleError, ConflictError, ValidationError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The `Idempotency-Key` this request claimed; its answer is stored as it is sent. */
    idempotencyClaim: Claim | null;
  }
}

interface Claim {
  userId: number;
  key: string;
}

const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A UUID, a ULID or any client's token of that kind; no spaces, commas or quotes. */
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;
/** How long an answer is kept, and so how long a key means that request. */
const KEPT_FOR = sql<Date>`now() - interval '24 hours'`;
/**
 * A claim without an answer this old is abandoned: its server stopped between the claim and the
 * answer. No POST of this API runs for minutes, so a request still running is never taken over.
 */
const ABANDONED = sql<Date>`now() - interval '5 minutes'`;
const DEFAULT_WAIT_MS = 15_000;
const TRIM_EVERY_MS = 60_000;

/**
 * A submission happens once (ARCHITECTURE "Patterns", issue 16 §6). A POST of a signed-in user
 * that carries an `Idempotency-Key` header runs once per (user, key); a repeat gets the first
 * answer (status, content type, body, plus `Idempotent-Replayed: true`) without running the route
 * again. A request without the header, or of no signed-in user (the login), is served as always.
 *
 * - Claim before running: `INSERT … ON CONFLICT DO NOTHING` on (user, key) in the preHandler,
 *   after authentication and validation (an invalid body is answered 400 and claims nothing).
 *   The row carries the fingerprint of the request (method, matched route — never the raw URL —,
 *   its parameters, query and body); the same key with another fingerprint answers 422.
 * - Store after running: the onSend hook writes the answer into the claim, after the route's
 *   transaction has committed. 2xx and 4xx are kept (a refusal is the answer to that request:
 *   repeating it gets the same refusal); a 5xx releases the claim, so a retry runs again.
 * - A repeat that finds the claim still without an answer polls the row (20 → 250 ms) for up to
 *   15 s, then answers 409 IDEMPOTENCY_IN_PROGRESS. Polling rather than waiting on a row or
 *   advisory lock: a lock would keep a second pool connection per keyed request for as long as
 *   the route runs on its own transaction's connection, and a pool full of such holders would
 *   wait forever for the connections their routes need. Polling holds nothing and works the same
 *   across server processes.
 * - The crash window: a server that stops after claiming and before storing leaves a claim
 *   without an answer. A repeat of the same request may take it over after 5 minutes. If the
 *   server stopped after its transaction committed (milliseconds before the answer is stored),
 *   that repeat acts a second time: the one case where a key does not help, said so in
 *   docs/decisions.md.
 * - Rows live 24 hours: an older row is taken over by a new claim as if absent, and each process
 *   deletes the expired rows at most once a minute, when it claims; no job.
 *
 * A keyed multipart request (a file) is refused 400: its body is read by the route itself, so
 * it could not be part of the fingerprint. Answers that are not text (a stream, a buffer) are not
 * kept; no POST of this API answers one.
 */
export function registerIdempotency(
  app: FastifyInstance,
  db: Db,
  options: { waitMs?: number } = {},
) {
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  let trimmedAt = 0;

  const trimExpired = async () => {
    if (Date.now() - trimmedAt < TRIM_EVERY_MS) return;
    trimmedAt = Date.now();
    await db.deleteFrom('idempotencyKeys').where('claimedAt', '<', KEPT_FOR).execute();
  };

  const claim = async (request: FastifyRequest, owner: Claim, fingerprint: string) => {
    const row = await db
      .insertInto('idempotencyKeys')
      .values({ ...owner, fingerprint, requestId: request.id })
      .onConflict((conflict) =>
        conflict
          .columns(['userId', 'key'])
          .doUpdateSet({
            fingerprint,
            requestId: request.id,
            claimedAt: sql<Date>`now()`,
            status: null,
            contentType: null,
            body: null,
          })
          .where((eb) =>
            eb.or([
              eb('idempotencyKeys.claimedAt', '<', KEPT_FOR),
              eb.and([
                eb('idempotencyKeys.status', 'is', null),
                eb('idempotencyKeys.fingerprint', '=', fingerprint),
                eb('idempotencyKeys.claimedAt', '<', ABANDONED),
              ]),
            ]),
          ),
      )
      .returning('requestId')
      .executeTakeFirst();
    return row !== undefined;
  };

  const stored = (owner: Claim) =>
    db
      .selectFrom('idempotencyKeys')
      .select(['fingerprint', 'status', 'contentType', 'body'])
      .where('userId', '=', owner.userId)
      .where('key', '=', owner.key)
      .executeTakeFirst();

  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (request.method !== 'POST' || !request.user || header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new ValidationError({}, messages.errors.idempotencyKeyInvalid);
    }
    if (request.headers['content-type']?.toLowerCase().startsWith('multipart/')) {
      throw new ValidationError({}, messages.errors.idempotencyKeyWithFile);
    }
    const owner: Claim = { userId: request.user.id, key: header };
    const fingerprint = fingerprintOf(request);
    await trimExpired();

    const deadline = Date.now() + waitMs;
    let pause = 20;
    for (;;) {
      if (await claim(request, owner, fingerprint)) {
        request.idempotencyClaim = owner;
        return;
      }
      const row = await stored(owner);
      // Gone meanwhile (the first answered 5xx and let go): claim it again.
      if (!row) continue;
      if (row.fingerprint !== fingerprint) {
        throw new BusinessRuleError({
          code: ErrorCode.IDEMPOTENCY_KEY_REUSED,
          message: messages.errors.idempotencyKeyReused,
        });
      }
      if (row.status !== null) return replay(reply, row);
      if (Date.now() >= deadline) {
        throw new ConflictError(
          messages.errors.idempotencyInProgress,
          ErrorCode.IDEMPOTENCY_IN_PROGRESS,
        );
      }
      await sleep(pause);
      pause = Math.min(pause * 2, 250);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const owner = request.idempotencyClaim;
    if (!owner) return payload;
    request.idempotencyClaim = null;
    const kept = payload === null || payload === undefined || typeof payload === 'string';
    try {
      const mine = { userId: owner.userId, key: owner.key, requestId: request.id };
      if (reply.statusCode >= 500 || !kept) {
        await db.deleteFrom('idempotencyKeys').where(matches(mine)).execute();
      } else {
        await db
          .updateTable('idempotencyKeys')
          .set({
            status: reply.statusCode,
            contentType: contentTypeOf(reply),
            body: (payload as string | null | undefined) ?? null,
          })
          .where(matches(mine))
          .execute();
      }
    } catch (error) {
      // The answer still goes out; a repeat finds the claim unanswered (409, then abandoned).
      request.log.error({ err: error }, 'idempotency: the answer could not be stored');
    }
    return payload;
  });
}

/**
 * What makes two requests the same one: method, matched route, its parameters, query and body.
 * Passwords (a new user's) are left out: a plain SHA-256 of a body whose other fields the database
 * holds would let someone who reads it test guesses far faster than against the argon2id hash.
 */
function fingerprintOf(request: FastifyRequest): string {
  const what = [
    request.method,
    request.routeOptions.url,
    request.params ?? null,
    request.query ?? null,
    request.body ?? null,
  ];
  const json = JSON.stringify(what, (key, value: unknown) =>
    /password/i.test(key) ? '(omitida)' : value,
  );
  return createHash('sha256').update(json).digest('hex');
}

/** The claim this request made (a takeover by another request since then is not touched). */
function matches(claim: Claim & { requestId: string }) {
  return (eb: ExpressionBuilder<Database, 'idempotencyKeys'>) =>
    eb.and([
      eb('userId', '=', claim.userId),
      eb('key', '=', claim.key),
      eb('requestId', '=', claim.requestId),
    ]);
}

function contentTypeOf(reply: FastifyReply): string | null {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' ? type.slice(0, 200) : null;
}

function replay(
  reply: FastifyReply,
  row: { status: number | null; contentType: string | null; body: string | null },
) {
  reply.code(row.status!).header('idempotent-replayed', 'true');
  if (row.contentType) reply.type(row.contentType);
  return reply.send(row.body ?? undefined);
}
