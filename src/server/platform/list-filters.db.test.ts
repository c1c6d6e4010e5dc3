import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dateRangeFilter, anyOfFilter } from '../../shared/list-filters.js';
import { z } from '../../shared/zod-messages.js';
import { createDb, type Db } from '../db/connection.js';
import { createTestDatabase } from '../testing/test-database.js';
import { filterOf, type FilterRule } from './list-filters.js';
import { createRepository } from './repository.js';

/**
 * Lists of documents: several statuses at once, date ranges, a computed filter ("Vencida") and a
 * column of the referenced row (the supplier's name), sortable and searchable — on two tables made
 * for this test, shaped as an order list will be.
 */
let db: Db;

beforeAll(async () => {
  db = createDb(
    await createTestDatabase(inject('testDatabaseAdminUrl'), inject('testDatabaseTemplate')),
    2,
  );
  await sql`
    CREATE TABLE kit_suppliers (id serial PRIMARY KEY, name text NOT NULL);
    CREATE INDEX kit_suppliers_name_trgm ON kit_suppliers
      USING gin (f_unaccent(lower(name)) gin_trgm_ops);
    CREATE TABLE kit_orders (
      id serial PRIMARY KEY,
      number integer NOT NULL,
      supplier_id integer NOT NULL REFERENCES kit_suppliers (id),
      status text NOT NULL,
      due_date date NOT NULL,
      version integer NOT NULL DEFAULT 1
    );
    CREATE INDEX kit_orders_supplier_idx ON kit_orders (supplier_id);
    CREATE INDEX kit_orders_status_due_idx ON kit_orders (status, due_date);
    INSERT INTO kit_suppliers (name) VALUES ('Tecelagem São João'), ('Aviamentos Ágata'), ('Zíper & Cia');
    INSERT INTO kit_orders (number, supplier_id, status, due_date) VALUES
      (1, 1, 'OPEN', '2026-01-10'), (2, 2, 'PAID', '2026-01-15'), (3, 3, 'OPEN', '2026-02-01'),
      (4, 1, 'PARTIALLY_PAID', '2026-02-20'), (5, 2, 'CANCELLED', '2026-03-05'),
      (6, 3, 'OPEN', '2099-01-01');
  `.execute(db);
});

afterAll(async () => db?.destroy());

const statuses = ['OPEN', 'PARTIALLY_PAID', 'PAID', 'CANCELLED'] as const;
const query = z.object({
  status: anyOfFilter(statuses),
  supplierId: z.coerce.number().int().optional(),
  ...dateRangeFilter('dueDate'),
  overdue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
const OPEN_STATUSES = sql.join(['OPEN', 'PARTIALLY_PAID'].map((status) => sql.lit(status)));
const rules: Record<string, FilterRule> = {
  status: { anyOf: 'status' },
  supplierId: { equals: 'supplier_id' },
  dueDateFrom: { from: 'due_date' },
  dueDateTo: { to: 'due_date' },
  overdue: {
    where: (value) =>
      value
        ? sql<boolean>`status IN (${OPEN_STATUSES}) AND due_date < DATE '2026-11-23'`
        : sql<boolean>`NOT (status IN (${OPEN_STATUSES}) AND due_date < DATE '2026-11-23')`,
  },
};
const repo = createRepository<never, { number: number; supplierName: string }>({
  table: 'kitOrders' as never,
  searchColumns: [],
  sortable: { number: 'number', dueDate: 'due_date' },
  defaultSort: 'number',
  lookups: { supplierName: { table: 'kit_suppliers', key: 'supplier_id', column: 'name' } },
});

async function numbers(params: Record<string, unknown>, sort = 'number', q?: string) {
  const filters = query.parse(params);
  const page = await repo.list(db, { page: 1, pageSize: 20, sort, q }, filterOf(rules, filters));
  expect(page.total).toBe(page.items.length);
  return page.items.map((row) => row.number);
}

describe('document list filters', () => {
  it('takes several statuses at once, comma-separated or repeated', async () => {
    expect(await numbers({ status: 'OPEN,PARTIALLY_PAID' })).toEqual([1, 3, 4, 6]);
    expect(await numbers({ status: ['PAID', 'CANCELLED'] })).toEqual([2, 5]);
    expect(query.safeParse({ status: 'OPEN,LOST' }).success).toBe(false);
  });

  it('bounds dates inclusively on either side, and with other filters', async () => {
    expect(await numbers({ dueDateFrom: '2026-01-15', dueDateTo: '2026-02-20' })).toEqual([
      2, 3, 4,
    ]);
    expect(await numbers({ dueDateFrom: '2026-02-20' })).toEqual([4, 5, 6]);
    expect(await numbers({ dueDateTo: '2026-01-10', status: 'OPEN' })).toEqual([1]);
    expect(query.safeParse({ dueDateFrom: '2026-02-30' }).success).toBe(false);
  });

  it('filters by a computed condition ("Vencida": open and past due)', async () => {
    expect(await numbers({ overdue: 'true' })).toEqual([1, 3, 4]);
    expect(await numbers({ overdue: 'false' })).toEqual([2, 5, 6]);
  });

  it("shows, sorts and searches the referenced row's column", async () => {
    const page = await repo.list(db, { page: 1, pageSize: 3, sort: 'number' });
    expect(page.items.map((row) => row.supplierName)).toEqual([
      'Tecelagem São João',
      'Aviamentos Ágata',
      'Zíper & Cia',
    ]);
    expect(await numbers({}, 'supplierName')).toEqual([2, 5, 1, 4, 3, 6]);
    expect(await numbers({}, '-supplierName')).toEqual([6, 3, 4, 1, 5, 2]);
    // Accent- and case-insensitive, combined with a filter.
    expect(await numbers({}, 'number', 'sao joao')).toEqual([1, 4]);
    expect(await numbers({ status: 'OPEN' }, 'number', 'agata')).toEqual([]);
    // A deep page reads its ids first: the lookup still sorts it.
    const second = await repo.list(db, { page: 2, pageSize: 2, sort: 'supplierName' });
    expect(second.items.map((row) => row.number)).toEqual([1, 4]);
  });

  it('is served by the indexes the query can use', async () => {
    // One transaction: the tables are tiny, so a sequential scan is made the planner's last resort.
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const plan = async (statement: string) => {
        const { rows } = await sql
          .raw<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement}`)
          .execute(trx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      };
      expect(
        await plan(
          `SELECT id FROM kit_orders WHERE status = ANY('{OPEN,PAID}') AND due_date >= '2026-01-01'`,
        ),
      ).toMatch(/kit_orders_status_due_idx/);
      expect(
        await plan(
          `SELECT id FROM kit_orders WHERE supplier_id IN (SELECT id FROM kit_suppliers WHERE f_unaccent(lower(name)) LIKE '%joao%')`,
        ),
      ).toMatch(/kit_suppliers_name_trgm/);
    });
  });
});
