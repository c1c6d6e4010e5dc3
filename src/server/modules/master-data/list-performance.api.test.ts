import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { clients } from '../../../shared/resources/clients.js';
import { suppliers } from '../../../shared/resources/suppliers.js';
import type { Database } from '../../db/types.js';
import { readConfig } from '../../config.js';
import { createCrudService, sqlExpression } from '../../platform/crud.js';
import { setListCountReuse } from '../../platform/list-counts.js';
import { useTestApi } from '../../testing/api-app.js';
import { cpfFrom as cpf } from './testing/master-data-helpers.js';
import { masterDataConfigs } from './master-data.routes.js';

/**
 * What migration 0003 and the repository do for lists of 100,000 rows (bench/README.md) must
 * not change what a list answers: the counter-kept total, the stored search text and the
 * deferred join of deep pages give the same results as counting, searching and skipping rows.
 */
const api = useTestApi();
const BASE = '/api/v1';

async function list(query: string) {
  const response = await api.request({
    method: 'GET',
    url: `${BASE}/clients?${query}`,
    token: await api.adminToken(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Record<string, unknown>[]; total: number };
}

async function counted() {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM clients`.execute(api.db);
  return Number(rows[0]!.n);
}

async function create(index: number, extra: Record<string, unknown> = {}) {
  const response = await api.request({
    method: 'POST',
    url: `${BASE}/clients`,
    token: await api.adminToken(),
    payload: {
      personType: 'F',
      document: cpf(String(700_000_000 + index)),
      name: `Cliente Lista ${String(index).padStart(2, '0')}`,
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

/** A database handle of its own (one connection) that hands every statement's SQL to `onQuery`. */
function loggedDb(onQuery: (sql: string) => void) {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: api.url, max: 1 }) }),
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
    log: (event) => {
      if (event.level === 'query') onQuery(event.query.sql);
    },
  });
}

describe('lists of many rows', () => {
  it('keeps the unfiltered total exact through creates, deletes, rollbacks and truncation', async () => {
    for (let i = 0; i < 5; i++) await create(i);
    expect((await list('')).total).toBe(await counted());

    const { id } = await create(5);
    const removed = await api.request({
      method: 'DELETE',
      url: `${BASE}/clients/${id}`,
      token: await api.adminToken(),
    });
    expect(removed.statusCode).toBe(204);
    expect((await list('')).total).toBe(await counted());

    // A rolled-back write leaves the counter as it was.
    await expect(
      api.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO clients (person_type, name, document) VALUES ('F', 'Desfeito', ${cpf('700000099')})`.execute(
          trx,
        );
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await list('')).total).toBe(await counted());
    expect((await list('active=true')).total).toBe(await counted());

    await sql`TRUNCATE clients CASCADE`.execute(api.db);
    expect((await list('')).total).toBe(0);
    await create(6);
    expect((await list('')).total).toBe(1);
  });

  it('reuses a searched total only while nothing was written, even by another server process', async () => {
    for (let i = 10; i < 14; i++) await create(i, { name: `Estampa Conceição ${i}` });
    const searched = async () => (await list('q=estampa conceicao')).total;
    expect(await searched()).toBe(4);
    expect(await searched()).toBe(4);

    // Another process (or psql) changes a row so that it no longer matches: the total follows.
    await sql`UPDATE clients SET name = 'Outro nome' WHERE name = 'Estampa Conceição 10'`.execute(
      api.db,
    );
    expect(await searched()).toBe(3);
    // A rolled-back write does not move the stamp and does not change the total.
    await expect(
      api.db.transaction().execute(async (trx) => {
        await sql`DELETE FROM clients WHERE name LIKE 'Estampa%'`.execute(trx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await searched()).toBe(3);
    await create(14, { name: 'Estampa Conceição 14' });
    expect(await searched()).toBe(4);
    await sql`DELETE FROM clients WHERE name = 'Estampa Conceição 11'`.execute(api.db);
    expect(await searched()).toBe(3);
    expect((await list('q=estampa conceicao&active=false')).total).toBe(0);
  });

  it('counts a searched total at every request when FABRIL_LIST_COUNT_REUSE=0 turns reuse off', async () => {
    const counts: string[] = [];
    const db = loggedDb((sql) => {
      if (/count\(\*\)/.test(sql)) counts.push(sql);
    });
    const service = createCrudService(masterDataConfigs.find((c) => c.table === 'clients')!);
    const searched = () => service.list(db, { page: 1, pageSize: 5, q: 'estampa conceicao' });
    try {
      await searched();
      await searched();
      expect(counts).toHaveLength(1);
      setListCountReuse(readConfig({ FABRIL_LIST_COUNT_REUSE: '0' }).listCountReuse);
      const [first, second] = [await searched(), await searched()];
      expect(counts).toHaveLength(3);
      expect(second.total).toBe(first.total);
    } finally {
      setListCountReuse(readConfig({}).listCountReuse);
      await db.destroy();
    }
  });

  it('pages deep lists exactly like OFFSET, in both directions and with filters', async () => {
    await sql`TRUNCATE clients CASCADE`.execute(api.db);
    for (let i = 0; i < 23; i++) {
      await create(i, {
        name: `Cliente ${['Ágata', 'Bruno', 'Álvaro', 'Zé'][i % 4]} ${i % 3}`,
        active: i % 5 !== 0,
        address: { state: i % 2 ? 'SP' : 'RJ' },
      });
    }
    const all = async (query: string) => (await list(`pageSize=100&${query}`)).items;
    for (const query of ['sort=name', 'sort=-name', 'sort=personType&state=SP', 'sort=-active']) {
      const whole = (await all(query)).map((row) => row.id);
      const paged: unknown[] = [];
      for (let page = 1; page <= 5; page++) {
        const { items, total } = await list(`pageSize=5&page=${page}&${query}`);
        expect(total).toBe(whole.length);
        paged.push(...items.map((row) => row.id));
      }
      expect(paged, query).toEqual(whole);
    }
  });

  it('reads totals from the row counter only for the tables that opt in', async () => {
    const queries: string[] = [];
    const db = loggedDb((sql) => queries.push(sql));
    try {
      const services = new Map<string, ReturnType<typeof createCrudService>>();
      const listed = async (table: string, query: Record<string, unknown>) => {
        queries.length = 0;
        const config = masterDataConfigs.find((c) => c.table === table)!;
        if (!services.has(table)) services.set(table, createCrudService(config));
        const page = await services.get(table)!.list(db, { page: 1, pageSize: 5, ...query });
        return { page, sql: queries.join('\n') };
      };
      await listed('clients', {}); // reads the table's columns once per process
      const clientsPage = await listed('clients', {});
      expect(clientsPage.sql).toMatch(/row_counts/);
      expect(clientsPage.page.total).toBe(await counted());
      // One statement answers an unfiltered counted list: page and total together.
      expect(queries, clientsPage.sql).toHaveLength(1);
      const brandsPage = await listed('brands', {});
      expect(brandsPage.sql).not.toMatch(/row_counts/);
      expect(brandsPage.sql).toMatch(/count\(\*\)/);
    } finally {
      await db.destroy();
    }
  });

  it('searches the stored text like the columns, and never shows it', async () => {
    await sql`TRUNCATE clients CASCADE`.execute(api.db);
    const { id } = await create(1, {
      name: 'João Conceição',
      tradeName: 'Malhas Ipê',
      email: 'contato@ipe.com.br',
      address: { city: 'São Paulo', state: 'SP' },
    });
    await create(2, { name: 'Maria Souza', address: { city: 'Curitiba' } });
    const names = async (q: string) =>
      (await list(`q=${encodeURIComponent(q)}`)).items.map((row) => row.name);
    expect(await names('joao')).toEqual(['João Conceição']);
    expect(await names('IPE')).toEqual(['João Conceição']);
    expect(await names('sao paulo')).toEqual(['João Conceição']);
    expect(await names('contato@ipe')).toEqual(['João Conceição']);
    expect(await names(cpf('700000001').slice(6))).toEqual(['João Conceição']);
    // The separator between fields is never matched: "Conceição" and "Malhas" are not adjacent.
    expect(await names('ceicao malhas')).toEqual([]);
    expect(await names('ceicao\u001fmalhas')).toEqual([]);

    const one = await api.request({
      method: 'GET',
      url: `${BASE}/clients/${id}`,
      token: await api.adminToken(),
    });
    expect(one.json()).not.toHaveProperty('searchText');
    expect((await list('q=joao')).items[0]).not.toHaveProperty('searchText');
    const history = await api.request({
      method: 'GET',
      url: `${BASE}/audit?entity=clients&entityId=${id}`,
      token: await api.adminToken(),
    });
    expect(history.json().items[0].changes).not.toHaveProperty('searchText');
  });

  it('stores the search text of every field the definitions search', async () => {
    for (const definition of [clients, suppliers]) {
      const config = masterDataConfigs.find((c) => c.definition === definition)!;
      expect(config.searchColumn).toBe('search_text');
      const { rows } = await sql<{ expression: string }>`
        SELECT pg_get_expr(d.adbin, d.adrelid) AS expression
        FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
        WHERE d.adrelid = ${definition.path}::regclass AND a.attname = 'search_text'`.execute(
        api.db,
      );
      const bare = (expression: string) => expression.replace(/[()\s]|::text/g, '');
      const stored = bare(rows[0]!.expression);
      for (const field of definition.searchFields) {
        expect(stored, `${definition.path}.${field}`).toContain(bare(sqlExpression(config, field)));
      }
    }
  });
});
