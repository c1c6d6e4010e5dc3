import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/error-codes.js';
import { messages } from '../../shared/messages.js';
import type { DbOrTrx } from '../db/connection.js';
import type { Database } from '../db/types.js';
import { useTestDb } from '../testing/test-db.js';
import { recordAudit } from './audit.js';
import { readLines, replaceLines, updateWithLines, type DocumentLines } from './document-lines.js';
import type { AppError } from './errors.js';
import { createRepository } from './repository.js';
import { inTransaction } from './transaction.js';

const test = useTestDb();

// Test-only tables: Database does not know them.
const items: DocumentLines = {
  key: 'items',
  table: 'testDocLines' as keyof Database & string,
  parentColumn: 'docId',
  columns: ['item', 'quantity', 'unitPrice'],
};
const docs = createRepository({
  table: 'testDocs' as never,
  searchColumns: [],
  sortable: { id: 'id' },
  defaultSort: 'id',
});
const ENTITY = 'test-docs';
const ctx = { userId: null };

type Line = {
  id?: number;
  item: string;
  quantity: string;
  unitPrice: string;
};

beforeAll(async () => {
  await sql`
    CREATE TABLE test_docs (
      id serial PRIMARY KEY,
      notes text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1
    );
    CREATE TABLE test_doc_lines (
      id serial PRIMARY KEY,
      doc_id integer NOT NULL REFERENCES test_docs ON DELETE CASCADE,
      position integer NOT NULL,
      item text NOT NULL,
      quantity numeric(15,3) NOT NULL,
      unit_price numeric(15,2) NOT NULL
    );
    -- Something that points at a line, as a receipt points at the order line it received.
    CREATE TABLE test_receipts (
      id serial PRIMARY KEY,
      line_id integer NOT NULL REFERENCES test_doc_lines
    );
  `.execute(test.db);
});

/** The services of a document with lines, as a workflow module writes them. */
const createDoc = (db: DbOrTrx, notes: string, lines: Line[]) =>
  inTransaction(db, async (trx) => {
    const row = (await docs.insert(trx, { notes }, ctx.userId)) as { id: number };
    const id = row.id;
    const changes = await replaceLines(trx, items, id, lines);
    await recordAudit(trx, ctx, {
      entity: ENTITY,
      entityId: id,
      action: 'create',
      after: row,
      lines: { items: changes },
    });
    return id;
  });

const updateDoc = (
  db: DbOrTrx,
  id: number,
  input: { version: number; notes: string; items: Line[] },
) =>
  inTransaction(db, async (trx) => {
    const { before, after, lines } = await updateWithLines(trx, {
      repo: docs,
      id,
      version: input.version,
      values: { notes: input.notes },
      userId: ctx.userId,
      lines: [{ lines: items, inputs: input.items }],
    });
    await recordAudit(trx, ctx, {
      entity: ENTITY,
      entityId: id,
      action: 'update',
      before,
      after,
      lines,
    });
    return after;
  });

/** The document as stored: header and lines (without their document's id). */
async function stored(id: number) {
  const header = (await docs.findRow(test.db, id)) as { notes: string | null; version: number };
  const lines = (await readLines(test.db, items, id)).map(
    ({ docId: _docId, ...line }) => line as Line & { id: number; position: number },
  );
  return { notes: header.notes, version: header.version, lines };
}

const auditOf = (id: number) =>
  test.db
    .selectFrom('auditLog')
    .select(['action', 'changes'])
    .where('entity', '=', ENTITY)
    .where('entityId', '=', String(id))
    .orderBy('id')
    .execute();

/** A document with three lines: parafuso 5, porca 2, arruela 1. */
async function threeLines() {
  const id = await createDoc(test.db, 'Primeira versão', [
    { item: 'parafuso', quantity: '5', unitPrice: '1.50' },
    { item: 'porca', quantity: '2', unitPrice: '0.40' },
    { item: 'arruela', quantity: '1', unitPrice: '0.10' },
  ]);
  return { id, ...(await stored(id)) };
}

async function expectError(promise: Promise<unknown>, status: number, code: string) {
  const error = (await promise.then(
    () => null,
    (reason: unknown) => reason,
  )) as AppError | null;
  expect(error, 'the call should have failed').not.toBeNull();
  expect({ status: error!.statusCode, code: error!.code }).toEqual({ status, code });
  return error!;
}

describe('document lines', () => {
  it('creates the lines in order and audits each one as added', async () => {
    const { id, lines } = await threeLines();
    expect(lines).toEqual([
      { id: lines[0]!.id, position: 1, item: 'parafuso', quantity: '5.000', unitPrice: '1.50' },
      { id: lines[1]!.id, position: 2, item: 'porca', quantity: '2.000', unitPrice: '0.40' },
      { id: lines[2]!.id, position: 3, item: 'arruela', quantity: '1.000', unitPrice: '0.10' },
    ]);
    const [created] = await auditOf(id);
    expect(created!.changes.items).toEqual({ from: [], to: lines });
    expect(created!.changes.notes).toEqual({ from: null, to: 'Primeira versão' });
  });

  it('adds, changes and removes lines by id, and the audit entry lists each change', async () => {
    const { id, lines, version } = await threeLines();
    const [parafuso, porca, arruela] = lines;
    const after = await updateDoc(test.db, id, {
      version,
      notes: 'Segunda versão',
      items: [
        { id: parafuso!.id, item: 'parafuso', quantity: '8', unitPrice: '1.50' },
        // Unchanged: the same values written differently are not a change.
        { id: porca!.id, item: 'porca', quantity: '2.0', unitPrice: '0.4' },
        { item: 'rebite', quantity: '3', unitPrice: '0.20' },
      ],
    });
    expect(after.version).toBe(version + 1);
    const now = await stored(id);
    expect(now.lines).toEqual([
      { ...parafuso, quantity: '8.000' },
      porca,
      { id: now.lines[2]!.id, position: 3, item: 'rebite', quantity: '3.000', unitPrice: '0.20' },
    ]);
    expect(now.lines[2]!.id).not.toBe(arruela!.id);

    const update = (await auditOf(id)).at(-1)!;
    expect(update.action).toBe('update');
    expect(update.changes).toEqual({
      notes: { from: 'Primeira versão', to: 'Segunda versão' },
      items: {
        from: [arruela, { id: parafuso!.id, position: 1, quantity: '5.000' }],
        to: [now.lines[2], { id: parafuso!.id, position: 1, quantity: '8.000' }],
      },
    });
  });

  it('keeps the line rows of an unchanged save (not rewritten, no line in the audit)', async () => {
    const { id, lines, version } = await threeLines();
    const rowVersions = () =>
      sql<{
        xmin: string;
      }>`SELECT xmin FROM test_doc_lines WHERE doc_id = ${id} ORDER BY id`.execute(test.db);
    const written = (await rowVersions()).rows;
    await updateDoc(test.db, id, { version, notes: 'Primeira versão', items: lines });
    expect((await rowVersions()).rows).toEqual(written);
    expect((await auditOf(id)).at(-1)!.changes).toEqual({});
  });

  it('follows the order of the input, without auditing a line that only moved', async () => {
    const { id, lines, version } = await threeLines();
    const [parafuso, porca, arruela] = lines;
    await updateDoc(test.db, id, {
      version,
      notes: 'Primeira versão',
      items: [arruela!, parafuso!, porca!],
    });
    expect((await stored(id)).lines.map((line) => [line.item, line.position])).toEqual([
      ['arruela', 1],
      ['parafuso', 2],
      ['porca', 3],
    ]);
    expect((await auditOf(id)).at(-1)!.changes).toEqual({});
  });

  it('changes nothing when the document’s version is stale (409 STALE_VERSION)', async () => {
    const { id, lines, version } = await threeLines();
    await updateDoc(test.db, id, { version, notes: 'Outro usuário salvou antes', items: lines });
    const before = await stored(id);
    const audited = (await auditOf(id)).length;

    await expectError(
      updateDoc(test.db, id, {
        version,
        notes: 'Versão velha',
        items: [
          { id: lines[0]!.id, item: 'parafuso', quantity: '9', unitPrice: '1.50' },
          { item: 'rebite', quantity: '3', unitPrice: '0.20' },
        ],
      }),
      409,
      ErrorCode.STALE_VERSION,
    );
    expect(await stored(id)).toEqual(before);
    expect(await auditOf(id)).toHaveLength(audited);
  });

  it('lets one of two saves of the same version through, the other changes nothing', async () => {
    const { id, lines, version } = await threeLines();
    const save = (quantity: string) =>
      updateDoc(test.db, id, {
        version,
        notes: `Quantidade ${quantity}`,
        items: [{ ...lines[0]!, quantity }],
      });
    const results = await Promise.allSettled([save('7'), save('9')]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const winner = results.findIndex((result) => result.status === 'fulfilled');
    const now = await stored(id);
    expect(now.notes).toBe(`Quantidade ${winner === 0 ? '7' : '9'}`);
    expect(now.lines).toHaveLength(1);
    expect(now.version).toBe(version + 1);
  });

  it('refuses a line id of another document or given twice (400), changing nothing', async () => {
    const mine = await threeLines();
    const other = await threeLines();
    const line = (id: number) => ({ id, item: 'x', quantity: '1', unitPrice: '1' });
    for (const inputs of [
      [line(mine.lines[0]!.id), line(other.lines[0]!.id)],
      [line(mine.lines[0]!.id), line(mine.lines[0]!.id)],
      [line(999_999)],
    ]) {
      const error = await expectError(
        updateDoc(test.db, mine.id, { version: mine.version, notes: 'x', items: inputs }),
        400,
        ErrorCode.VALIDATION,
      );
      expect(error.fields).toEqual({
        [`items.${inputs.length - 1}.id`]: messages.errors.lineNotInDocument,
      });
    }
    expect(await stored(mine.id)).toEqual({
      notes: mine.notes,
      version: mine.version,
      lines: mine.lines,
    });
    expect((await stored(other.id)).lines).toEqual(other.lines);
  });

  it('answers 409 IN_USE for removing a line that something points at, changing nothing', async () => {
    const { id, lines, version, notes } = await threeLines();
    await sql`INSERT INTO test_receipts (line_id) VALUES (${lines[2]!.id})`.execute(test.db);
    await expectError(
      updateDoc(test.db, id, { version, notes: 'Sem a arruela', items: lines.slice(0, 2) }),
      409,
      ErrorCode.IN_USE,
    );
    expect(await stored(id)).toEqual({ notes, version, lines });
  });
});
