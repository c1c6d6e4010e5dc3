import type { StatusMachine } from '../../shared/status-machine.js';
import type { DbOrTrx, Trx } from '../db/connection.js';
import type { Database } from '../db/types.js';
import { recordAudit, type AuditContext } from './audit.js';
import {
  documentRepository,
  readLines,
  lineValues,
  updateWithLines,
  type DocumentLines,
  type LineInput,
} from './document-lines.js';
import { NotFoundError, StaleVersionError } from './errors.js';
import type { LineChanges } from './record-changes.js';
import { inTransaction } from './transaction.js';
import { invalidStatus, transition } from './transition.js';

/**
 * The one path of a document's action (ARCHITECTURE "Workflow modules"): in one transaction, lock
 * the document, guard its status against the shared machine (409 INVALID_STATUS), check the
 * version where the action edits (409 STALE_VERSION), run the action's steps, record the audit in
 * one shape (the database rows before and after, plus the line changes) and answer the document
 * as its screen reads it. Purchase orders, production orders and bills are each one
 * `DocumentType`; a new document declares its own and writes only its steps.
 */

/** What every document row has that the path reads. */
export interface LockedDocument<S extends string> {
  id: number;
  status: S;
  version: number;
}

export interface DocumentType<
  S extends string,
  A extends string,
  Row extends LockedDocument<S>,
  Detail,
> {
  /** The audit entity: the resource's path (`purchase-orders`). */
  entity: string;
  table: keyof Database & string;
  machine: StatusMachine<S, A>;
  /** The document's row, locked (SELECT … FOR UPDATE); undefined when there is none (404). */
  lock: (trx: Trx, id: number) => Promise<Row | undefined>;
  /** The answer of every action: the document as its screen reads it. */
  read: (db: DbOrTrx, id: number) => Promise<Detail>;
  /** Its lines tables (`items`; `materials` and `costs`), for the audit of a create or delete. */
  lines?: readonly DocumentLines[];
}

/** What an action's steps get: the transaction, who acts, and the document as it was locked. */
export interface DocumentStep<Row> {
  trx: Trx;
  ctx: AuditContext;
  id: number;
  document: Row;
}

/**
 * Locks the document and guards `action` from its status (404, 409 INVALID_STATUS) and, when the
 * action edits, the version the user read (409 STALE_VERSION). `action` null: the action guards
 * its statuses itself (a payment, whose "nothing left open" is a rule with its own message).
 */
async function lockDocument<S extends string, A extends string, Row extends LockedDocument<S>>(
  trx: Trx,
  type: DocumentType<S, A, Row, unknown>,
  id: number,
  action: A | null,
  version?: number,
): Promise<Row> {
  const document = await type.lock(trx, id);
  if (!document) throw new NotFoundError();
  if (action !== null && !type.machine.can(document.status, action)) {
    throw invalidStatus(type.machine, document.status);
  }
  if (version !== undefined && document.version !== version) throw new StaleVersionError();
  return document;
}

/**
 * An action on an existing document: lock, guard, version (when given), the steps, then the
 * document read back. Everything commits or rolls back together; an error a step throws answers
 * as it is and leaves nothing behind.
 */
export function documentAction<
  S extends string,
  A extends string,
  Row extends LockedDocument<S>,
  Detail,
>(
  db: DbOrTrx,
  ctx: AuditContext,
  type: DocumentType<S, A, Row, Detail>,
  target: { id: number; action: A | null; version?: number },
  steps: (step: DocumentStep<Row>) => Promise<void>,
): Promise<Detail> {
  return inTransaction(db, async (trx) => {
    const document = await lockDocument(trx, type, target.id, target.action, target.version);
    await steps({ trx, ctx, id: target.id, document });
    return type.read(trx, target.id);
  });
}

/**
 * Moves the document by `action` (its machine's target status, or `status` when the action
 * decides it, as a receipt does), setting the action's own columns in the same statement, and
 * audits the move: the status before and after, and `after`'s facts of what the action did.
 */
export async function moveDocument<
  S extends string,
  A extends string,
  Row extends LockedDocument<S>,
>(
  step: DocumentStep<Row>,
  type: DocumentType<S, A, Row, unknown>,
  action: A,
  move: { set?: Record<string, unknown>; status?: S; after?: Record<string, unknown> } = {},
): Promise<void> {
  const { row } = await transition(step.trx, {
    table: type.table,
    id: step.id,
    machine: type.machine,
    action,
    userId: step.ctx.userId,
    set: { ...move.set, ...(move.status ? { status: move.status } : {}) },
  });
  await recordAudit(step.trx, step.ctx, {
    entity: type.entity,
    entityId: step.id,
    action,
    before: { status: step.document.status },
    after: { status: row.status, ...move.after },
  });
}

/**
 * An edit (the `edit` action, guarded and version-checked by documentAction): the header's columns
 * with the version check, each lines table replaced by id, audited as the rows before and after
 * and the line changes.
 */
export async function saveDocument<
  S extends string,
  A extends string,
  Row extends LockedDocument<S>,
>(
  step: DocumentStep<Row>,
  type: DocumentType<S, A, Row, unknown>,
  values: Record<string, unknown>,
  lines: readonly { lines: DocumentLines; inputs: readonly LineInput[] }[] = [],
): Promise<void> {
  const saved = await updateWithLines(step.trx, {
    repo: documentRepository(type.table),
    id: step.id,
    version: step.document.version,
    values,
    userId: step.ctx.userId,
    lines,
  });
  await recordAudit(step.trx, step.ctx, {
    entity: type.entity,
    entityId: step.id,
    action: 'update',
    before: saved.before,
    after: saved.after,
    lines: saved.lines,
  });
}

/** A document's lines, each as added (a create) or removed (a delete), for the audit. */
async function allLines(
  trx: Trx,
  tables: readonly DocumentLines[] = [],
  id: number,
  side: 'added' | 'removed',
): Promise<Record<string, LineChanges>> {
  const changes: Record<string, LineChanges> = {};
  for (const lines of tables) {
    const rows = (await readLines(trx, lines, id)).map((row) => lineValues(lines, row));
    changes[lines.key] = { added: [], removed: [], changed: [], [side]: rows };
  }
  return changes;
}

/** Audits a new document (its row and lines just written, in the caller's transaction). */
export async function auditCreated<
  S extends string,
  A extends string,
  Row extends LockedDocument<S>,
>(trx: Trx, ctx: AuditContext, type: DocumentType<S, A, Row, unknown>, id: number): Promise<void> {
  const after = await documentRepository(type.table).findRow(trx, id);
  await recordAudit(trx, ctx, {
    entity: type.entity,
    entityId: id,
    action: 'create',
    after,
    lines: await allLines(trx, type.lines, id, 'added'),
  });
}

/**
 * Deletes a document its machine lets go (`delete`: a DRAFT), locked and guarded like any action;
 * its lines go by the foreign key's cascade, and the audit keeps what it was.
 */
export function deleteDocument<S extends string, A extends string, Row extends LockedDocument<S>>(
  db: DbOrTrx,
  ctx: AuditContext,
  type: DocumentType<S, A | 'delete', Row, unknown>,
  id: number,
): Promise<void> {
  return inTransaction(db, async (trx) => {
    const document = await lockDocument(trx, type, id, 'delete');
    const lines = await allLines(trx, type.lines, id, 'removed');
    await documentRepository(type.table).remove(trx, id);
    await recordAudit(trx, ctx, {
      entity: type.entity,
      entityId: id,
      action: 'delete',
      before: document,
      lines,
    });
  });
}
