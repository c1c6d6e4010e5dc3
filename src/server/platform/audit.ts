import { sql } from 'kysely';
import type { DbOrTrx } from '../db/connection.js';
import { diff, type FieldChanges, type LineChanges } from './record-changes.js';

export type AuditAction = 'create' | 'update' | 'delete' | (string & {});

/**
 * Who is acting. A request always has its signed-in user (request-context.ts; the database refuses
 * an entry with a request id and no user, migration 0017); only setup and the console
 * (SYSTEM_ACTOR) write without one.
 */
export type AuditContext =
  | { userId: number; requestId: string; sessionId?: string }
  | { userId: null; requestId?: undefined; sessionId?: undefined };

/** The first administrator on a new database and `npm run admin:reset-password`: no request. */
export const SYSTEM_ACTOR: AuditContext = { userId: null };

export interface AuditEntry {
  entity: string;
  entityId: string | number;
  action: AuditAction;
  before?: object | null;
  after?: object | null;
  /** A document's line changes by its lines field (`items`), from replaceLines. */
  lines?: Record<string, LineChanges>;
}

/**
 * The one function every write goes through: who, when, which record, what changed from → to.
 * It runs in the caller's transaction, so a write and its history commit or roll back together.
 */
export async function recordAudit(
  db: DbOrTrx,
  ctx: AuditContext,
  entry: AuditEntry,
): Promise<void> {
  await db.insertInto('auditLog').values(auditRow(ctx, entry)).execute();
}

/**
 * The entries' INSERT as a statement to compose after a caller's own write in one round trip
 * (`WITH written AS (UPDATE …) <this>`: stock postings write the items' valuation so). The same
 * rows recordAuditMany writes.
 */
export function auditInsert(ctx: AuditContext, entries: AuditEntry[]) {
  const rows = entries.map((entry) => auditRow(ctx, entry));
  return sql`INSERT INTO audit_log (user_id, entity, entity_id, action, changes, request_id)
    SELECT * FROM unnest(${rows.map((r) => r.userId)}::integer[],
      ${rows.map((r) => r.entity)}::varchar[], ${rows.map((r) => r.entityId)}::varchar[],
      ${rows.map((r) => r.action)}::varchar[], ${rows.map((r) => r.changes)}::jsonb[],
      ${rows.map((r) => r.requestId)}::varchar[])`;
}

function auditRow(ctx: AuditContext, entry: AuditEntry) {
  return {
    userId: ctx.userId,
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    changes: JSON.stringify(changesOf(entry)),
    requestId: ctx.requestId ?? null,
  };
}

/**
 * recordAudit for many records at once (imports): the same entries, written with one INSERT per
 * chunk instead of one per record.
 */
export async function recordAuditMany(
  db: DbOrTrx,
  ctx: AuditContext,
  entries: AuditEntry[],
  chunkSize = 1000,
): Promise<void> {
  for (let start = 0; start < entries.length; start += chunkSize) {
    await db
      .insertInto('auditLog')
      .values(entries.slice(start, start + chunkSize).map((entry) => auditRow(ctx, entry)))
      .execute();
  }
}

/**
 * What an entry stores: the changed fields of the record and, for a document, its line changes
 * under the lines field: `from` lists the lines removed and the old values of the lines changed,
 * `to` the lines added and the new values of the lines changed, each with its id and position
 * (shared AuditLine), so the history can say "Item 2 incluído", "Item 1 alterado: Quantidade
 * 5 → 8", "Item 3 removido".
 */
function changesOf(entry: AuditEntry): FieldChanges {
  const changes = diff(entry.before ?? null, entry.after ?? null);
  for (const [key, lines] of Object.entries(entry.lines ?? {})) {
    const side = (side: 'from' | 'to') =>
      lines.changed.map(({ id, position, fields }) => ({
        id,
        position,
        ...Object.fromEntries(
          Object.entries(fields).map(([field, change]) => [field, change[side]]),
        ),
      }));
    const from = [...lines.removed, ...side('from')];
    const to = [...lines.added, ...side('to')];
    if (from.length || to.length) changes[key] = { from, to };
  }
  return changes;
}
