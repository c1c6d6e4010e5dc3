import type { DbOrTrx } from '../db/connection.js';

export type AuditAction = 'create' | 'update' | 'delete' | (string & {});

export interface AuditContext {
  userId: number | null;
  requestId?: string;
}

export interface AuditEntry {
  entity: string;
  entityId: string | number;
  action: AuditAction;
  before?: object | null;
  after?: object | null;
}

/** Fields that are bookkeeping or secret never appear in a record's history. */
const IGNORED = new Set([
  'version',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'passwordHash',
  'password',
]);

/**
 * The one function every write goes through: who, when, which record, what changed from → to.
 * It runs in the caller's transaction, so a write and its history commit or roll back together.
 */
export async function recordAudit(
  db: DbOrTrx,
  ctx: AuditContext,
  entry: AuditEntry,
): Promise<void> {
  const changes = diff(entry.before ?? null, entry.after ?? null);
  await db
    .insertInto('auditLog')
    .values({
      userId: ctx.userId,
      entity: entry.entity,
      entityId: String(entry.entityId),
      action: entry.action,
      changes: JSON.stringify(changes),
      requestId: ctx.requestId ?? null,
    })
    .execute();
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
      .values(
        entries.slice(start, start + chunkSize).map((entry) => ({
          userId: ctx.userId,
          entity: entry.entity,
          entityId: String(entry.entityId),
          action: entry.action,
          changes: JSON.stringify(diff(entry.before ?? null, entry.after ?? null)),
          requestId: ctx.requestId ?? null,
        })),
      )
      .execute();
  }
}

export function diff(
  before: object | null,
  after: object | null,
): Record<string, { from: unknown; to: unknown }> {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (IGNORED.has(key)) continue;
    const from = normalize(b[key]);
    const to = normalize(a[key]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

function normalize(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}
