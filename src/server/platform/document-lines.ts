import { sql, type Kysely } from 'kysely';
import { messages } from '../../shared/messages.js';
import type { DbOrTrx, Trx } from '../db/connection.js';
import type { Database } from '../db/types.js';
import { diff, type ChangedLine, type LineChanges, type LineValues } from './record-changes.js';
import { StaleVersionError, ValidationError } from './errors.js';
import { deleteUnlessInUse } from './in-use.js';

/**
 * A document's lines (ARCHITECTURE "Lines are rows"): rows of a child table with their own ids,
 * so that what points at a line (a receipt at the order line it received) keeps pointing at it
 * across edits. The table has `id`, the column that points at the document, `position` (the
 * line's place on the document, 1…, kept here) and the line's own scalar columns.
 */
export interface DocumentLines {
  /** The document's field that carries the lines (`items`): error paths and the audit's key. */
  key: string;
  table: keyof Database & string;
  /** The column that points at the document (`purchaseOrderId`). */
  parentColumn: string;
  /** The columns a line's input writes (`itemId`, `quantity`, `unitPrice`). */
  columns: readonly string[];
}

/** A line as the document's input sends it: with the id of an existing line, or new without. */
export type LineInput = { id?: number | null } & Record<string, unknown>;

// One helper for every lines table: Kysely's types follow one table at a time (as in repository.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (db: DbOrTrx) => db as unknown as Kysely<any>;
type Row = Record<string, unknown>;

/** The document's lines, in their order. */
export async function readLines(db: DbOrTrx, lines: DocumentLines, documentId: number) {
  return (await untyped(db)
    .selectFrom(lines.table)
    .selectAll()
    .where(lines.parentColumn, '=', documentId)
    .orderBy('position')
    .orderBy('id')
    .execute()) as Row[];
}

/** A line as the audit keeps it: id, position and the line's own columns. */
export const lineValues = (lines: DocumentLines, row: Row): LineValues => {
  const values: LineValues = { id: row.id as number, position: row.position as number };
  for (const column of lines.columns) values[column] = row[column];
  return values;
};

/**
 * Makes the document's lines what `inputs` says, in its order: an input with an id updates that
 * line (400 on `items.<n>.id` when the id is not one of this document's lines), one without
 * inserts a line, and a line left out is deleted (409 IN_USE when something points at it). Runs
 * in the document's transaction, after the document itself was updated with its version check
 * (updateWithLines does both), so that two saves of the same document never interleave and a
 * stale one changes nothing. A line whose values are unchanged is not written.
 */
export async function replaceLines(
  trx: Trx,
  lines: DocumentLines,
  documentId: number,
  inputs: readonly LineInput[],
): Promise<LineChanges> {
  const current = new Map((await readLines(trx, lines, documentId)).map((row) => [row.id, row]));

  const fields: Record<string, string> = {};
  const kept = new Set<unknown>();
  inputs.forEach((input, index) => {
    if (input.id === undefined || input.id === null) return;
    if (!current.has(input.id) || kept.has(input.id)) {
      fields[`${lines.key}.${index}.id`] = messages.errors.lineNotInDocument;
    }
    kept.add(input.id);
  });
  if (Object.keys(fields).length) throw new ValidationError(fields);

  const removedIds = [...current.keys()].filter((id) => !kept.has(id));
  if (removedIds.length) {
    await deleteUnlessInUse(() =>
      untyped(trx)
        .deleteFrom(lines.table)
        .where(lines.parentColumn, '=', documentId)
        .where('id', 'in', removedIds)
        .execute(),
    );
  }

  const changed: ChangedLine[] = [];
  const added: Row[] = [];
  for (const [index, input] of inputs.entries()) {
    const values: Row = { position: index + 1 };
    for (const column of lines.columns) values[column] = input[column] ?? null;
    if (input.id === undefined || input.id === null) {
      added.push({ ...values, [lines.parentColumn]: documentId });
      continue;
    }
    const names = Object.keys(values);
    // Only a line whose stored values differ is written (numeric 5 and 5.000 are equal here).
    const after = (await untyped(trx)
      .updateTable(lines.table)
      .set(values)
      .where('id', '=', input.id)
      .where(lines.parentColumn, '=', documentId)
      .where(
        sql<boolean>`(${sql.join(names.map((name) => sql.ref(name)))}) IS DISTINCT FROM (${sql.join(names.map((name) => values[name]))})`,
      )
      .returningAll()
      .executeTakeFirst()) as Row | undefined;
    if (!after) continue;
    const before = current.get(input.id)!;
    const changes = diff(lineValues(lines, before), lineValues(lines, after));
    delete changes.id;
    delete changes.position;
    if (Object.keys(changes).length) {
      changed.push({ id: input.id, position: index + 1, fields: changes });
    }
  }
  const inserted = added.length
    ? ((await untyped(trx).insertInto(lines.table).values(added).returningAll().execute()) as Row[])
    : [];

  return {
    added: inserted.map((row) => lineValues(lines, row)),
    removed: removedIds.map((id) => lineValues(lines, current.get(id)!)),
    changed,
  };
}

/** The generic repository's part that a document's update goes through (platform/repository.ts). */
export interface DocumentRepository {
  findRow: (db: DbOrTrx, id: number, forUpdate?: boolean) => Promise<Row>;
  update: (
    db: DbOrTrx,
    id: number,
    version: number,
    values: Row,
    userId: number | null,
  ) => Promise<Row>;
}

/**
 * The DocumentRepository of a document table whose list and reads are written by hand (purchase
 * and production orders): the stored row, and its update with the version check (409
 * STALE_VERSION when another save came first) that bumps the version and stamps who and when.
 */
export function documentRepository(table: keyof Database & string): DocumentRepository & {
  /** Deletes the row (its lines go by the foreign key's ON DELETE CASCADE). */
  remove: (db: DbOrTrx, id: number) => Promise<void>;
} {
  return {
    findRow: async (db, id) =>
      (await untyped(db)
        .selectFrom(table)
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()) as Row,
    update: async (db, id, version, values, userId) => {
      const row = await untyped(db)
        .updateTable(table)
        .set({
          ...values,
          version: sql`version + 1`,
          updatedAt: sql`now()`,
          updatedBy: userId,
        })
        .where('id', '=', id)
        .where('version', '=', version)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new StaleVersionError();
      return row as Row;
    },
    remove: async (db, id) => {
      await untyped(db).deleteFrom(table).where('id', '=', id).execute();
    },
  };
}

/**
 * A document's update: its header with the version check first (404, or 409 STALE_VERSION before
 * any line is touched), then each of its lines tables replaced. Answers the header before and
 * after and the line changes by field, ready for recordAudit.
 */
export async function updateWithLines(
  trx: Trx,
  options: {
    repo: DocumentRepository;
    id: number;
    version: number;
    values: Row;
    userId: number | null;
    lines: readonly { lines: DocumentLines; inputs: readonly LineInput[] }[];
  },
) {
  const { repo, id } = options;
  const before = await repo.findRow(trx, id, true);
  const after = await repo.update(trx, id, options.version, options.values, options.userId);
  const lineChanges: Record<string, LineChanges> = {};
  for (const { lines, inputs } of options.lines) {
    lineChanges[lines.key] = await replaceLines(trx, lines, id, inputs);
  }
  return { before, after, lines: lineChanges };
}
