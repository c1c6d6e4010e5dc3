import { cnpj, cpf } from '../../../../shared/br/documents.js';
export { cnpjFrom, cpfFrom } from '../../../testing/documents.js';
import { Decimal } from 'decimal.js';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../shared/api-error.js';
import { messages } from '../../../../shared/messages.js';
import { resources, type ResourcePath } from '../../../../shared/resources/index.js';
import type { TestApi } from '../../../testing/api-app.js';

/**
 * What every master-data API test repeats: requests as the admin, users with chosen permissions,
 * valid Brazilian documents, unique search tags, and `crudContract`, the checks every resource's
 * CRUD must pass (DOMAIN §1) run against the real routes and the file's own database.
 */
export type Payload = Record<string, unknown>;
export type Row = Payload & { id: number; version: number };

export const PASSWORD = 'senha-segura-1';
export const BASE = '/api/v1';

const errors = messages.errors;

let tagCounter = 0;
/**
 * A word found in no other row ("xqab"), so that `q=<tag>` lists exactly the rows a test made;
 * `index` (1…) makes documents unique per tag. Fixed length, so no tag contains another.
 */
export function nextTag(): { tag: string; index: number } {
  tagCounter += 1;
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const n = tagCounter;
  return { tag: `xq${letters[Math.floor(n / 26) % 26]}${letters[n % 26]}`, index: n };
}

/** The n-th lowercase letter: values that sort the same under every collation. */
export const letter = (n: number) => 'abcdefghijklmnopqrstuvwxyz'[n]!;

// ---- Brazilian documents -------------------------------------------------------------------

export const formatCpf = cpf.format;
export const formatCnpj = cnpj.format;

// ---- Requests --------------------------------------------------------------------------------

export function getPath(value: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((acc, part) => (acc as Record<string, unknown> | null)?.[part], value);
}

/** A copy of `payload` with `key` (`address.zipCode`) set, or removed when `value` is undefined. */
function withValue(payload: Payload, key: string, value: unknown): Payload {
  const copy = structuredClone(payload);
  const parts = key.split('.');
  let target = copy as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) {
    target[part] = { ...((target[part] as object | undefined) ?? {}) };
    target = target[part] as Record<string, unknown>;
  }
  const last = parts.at(-1)!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

/** Expects the API's error body with this status, message and (when given) field messages. */
export function expectError(
  response: LightMyRequestResponse,
  status: number,
  message: string,
  fields?: Record<string, string>,
) {
  expect({ status: response.statusCode, message: response.json().error?.message }).toEqual({
    status,
    message,
  });
  const body = response.json().error;
  expect(body.requestId).toEqual(expect.any(String));
  if (fields) expect(body.fields).toMatchObject(fields);
}

const queryString = (query: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

export function masterData(api: TestApi, path: string) {
  const url = `${BASE}/${path}`;
  const admin = () => api.adminToken();
  return {
    url,
    post: async (payload: Payload, token?: string) =>
      api.request({ method: 'POST', url, token: token ?? (await admin()), payload }),
    put: async (id: number, payload: Payload, token?: string) =>
      api.request({ method: 'PUT', url: `${url}/${id}`, token: token ?? (await admin()), payload }),
    get: async (id: number | string, token?: string) =>
      api.request({ method: 'GET', url: `${url}/${id}`, token: token ?? (await admin()) }),
    del: async (id: number, token?: string) =>
      api.request({ method: 'DELETE', url: `${url}/${id}`, token: token ?? (await admin()) }),
    list: async (query: Record<string, string | number> = {}, token?: string) =>
      api.request({
        method: 'GET',
        url: `${url}?${queryString(query)}`,
        token: token ?? (await admin()),
      }),
    /** POST that must answer 201; the created row. */
    create: async (payload: Payload): Promise<Row> => {
      const response = await api.request({ method: 'POST', url, token: await admin(), payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Row;
    },
    /** The row as GET answers it now. */
    read: async (id: number): Promise<Row> => {
      const response = await api.request({
        method: 'GET',
        url: `${url}/${id}`,
        token: await admin(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Row;
    },
    /** The ids `q` lists (up to 100), in the list's order. */
    ids: async (query: Record<string, string | number>): Promise<number[]> => {
      const response = await api.request({
        method: 'GET',
        url: `${url}?${queryString({ pageSize: 100, ...query })}`,
        token: await admin(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as Row[]).map((r) => r.id);
    },
    history: async (id: number): Promise<AuditEntry[]> => {
      const response = await api.request({
        method: 'GET',
        url: `${BASE}/audit?entity=${path}&entityId=${id}`,
        token: await admin(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items as AuditEntry[];
    },
  };
}

let userCounter = 0;
/** A signed-in user whose role has exactly `permissions`. */
export async function userWith(
  api: TestApi,
  permissions: string[],
): Promise<{ token: string; userId: number; roleId: number }> {
  userCounter += 1;
  const suffix = `${userCounter}-${Math.random().toString(36).slice(2, 8)}`;
  const token = await api.adminToken();
  const role = await api.request({
    method: 'POST',
    url: `${BASE}/roles`,
    token,
    payload: { name: `Perfil de teste ${suffix}`, permissions },
  });
  expect(role.statusCode, role.body).toBe(201);
  const email = `teste-${suffix}@fabril.test`;
  const user = await api.request({
    method: 'POST',
    url: `${BASE}/users`,
    token,
    payload: { name: `Usuário ${suffix}`, email, roleId: role.json().id, password: PASSWORD },
  });
  expect(user.statusCode, user.body).toBe(201);
  return {
    token: await api.login(email, PASSWORD),
    userId: user.json().id,
    roleId: role.json().id,
  };
}

async function adminId(api: TestApi): Promise<number> {
  const me = await api.request({
    method: 'GET',
    url: `${BASE}/account/me`,
    token: await api.adminToken(),
  });
  return me.json().id as number;
}

/**
 * A table of this file's own database that references `table` (what a product or an order will
 * do later), so that deleting a referenced row can be tried. Returns a function adding a reference.
 */
async function referencingTable(api: TestApi, table: string) {
  const name = `test_refs_${table}`;
  await sql
    .raw(
      `CREATE TABLE IF NOT EXISTS ${name} (id serial PRIMARY KEY, ref_id integer NOT NULL REFERENCES ${table} (id))`,
    )
    .execute(api.db);
  return {
    add: async (id: number) => {
      await sql.raw(`INSERT INTO ${name} (ref_id) VALUES (${Number(id)})`).execute(api.db);
    },
    remove: async (id: number) => {
      await sql.raw(`DELETE FROM ${name} WHERE ref_id = ${Number(id)}`).execute(api.db);
    },
  };
}

// ---- Sorting ---------------------------------------------------------------------------------

type Comparable = string | number | boolean | null | undefined;

/** Field kinds PostgreSQL stores as numeric: ordered by value, not as text. */
const DECIMAL_KINDS = new Set(['money', 'unitCost', 'quantity', 'percent']);

/** How PostgreSQL orders one column ascending: NULLs last; decimals by value. */
function compareValues(a: Comparable, b: Comparable, kind?: string): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
  if (kind && DECIMAL_KINDS.has(kind))
    return new Decimal(String(a)).comparedTo(new Decimal(String(b)));
  if (typeof a === 'boolean' || typeof a === 'number') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), 'pt-BR');
}

/** The ids of `rows` in the order `sort` (`name`, `-name`) must list them, ties by id. */
function expectedOrder(rows: Row[], sort: string, kind?: string): number[] {
  const desc = sort.startsWith('-');
  const key = sort.replace(/^-/, '');
  const asc = [...rows].sort(
    (a, b) =>
      compareValues(getPath(a, key) as Comparable, getPath(b, key) as Comparable, kind) ||
      a.id - b.id,
  );
  return (desc ? asc.reverse() : asc).map((r) => r.id);
}

// ---- The contract ----------------------------------------------------------------------------

export interface CrudContract {
  path: ResourcePath;
  /** The table the API writes (snake_case), for the "in use" test. */
  table: string;
  /**
   * A valid payload, unique per (n, tag, index), n in 0…4: a searched field contains `tag`; the
   * rows of n = 0…3 differ in every sortable column (with values that sort the same under every
   * collation), enums and booleans vary so that each filter splits them, and `active` is
   * `n % 2 === 0`.
   */
  make: (n: number, tag: string, index: number) => Payload;
  /** A whole-row edit of `row` (without `version`), with values already as stored. */
  edit: (row: Row) => Payload;
  /** A payload whose unique value is `make(n, tag, index)`'s written another way. */
  duplicate: (n: number, tag: string, index: number) => Payload;
  /** What `duplicate` answers: the unique field and its sentence, also the 409's message. */
  duplicateError: Record<string, string>;
  /** Fields that must be given: absent, null and "   " answer "Preenchimento obrigatório". */
  required: string[];
  /** Text fields and their maximum length ("No máximo N caracteres" above it). */
  maxLengths: Record<string, number>;
  /** The field the accent-insensitive search test writes "João Conceição" into. */
  accentField?: string;
  /**
   * Invalid values (set on `make(0)` plus `with`) and their message in `error.fields` under
   * `errorKey` (default: `field`).
   */
  invalid?: { field: string; value: unknown; message: string; with?: Payload; errorKey?: string }[];
  /** Accepted input (set on a `make` of its own tag) and how it is stored. */
  normalised?: (tag: string, index: number) => { input: Payload; stored: Payload }[];
  /** Row field each list filter compares (`state` → `address.state`). */
  filterPaths?: Record<string, string>;
  /** Sortable columns `make` cannot set (read-only); their order is only checked as by id. */
  sortUnseeded?: string[];
}

/** Registers the CRUD checks every master-data resource must pass (DOMAIN §1, §10). */
export function crudContract(api: TestApi, contract: CrudContract) {
  const definition = resources[contract.path];
  const area = definition.area;
  const md = masterData(api, contract.path);
  const title = definition.titleField;

  const createSeeds = async (order = [2, 0, 3, 1]) => {
    const { tag, index } = nextTag();
    const rows: Row[] = [];
    // Created out of order, so that an ORDER BY id never passes for a sorted column.
    for (const n of order) rows.push(await md.create(contract.make(n, tag, index)));
    return { tag, index, rows };
  };

  describe(`${contract.path}: CRUD contract`, () => {
    it('creates (201) with bookkeeping fields, reads it back, 404 for an unknown id', async () => {
      const { tag, index } = nextTag();
      const payload = contract.make(0, tag, index);
      const response = await md.post(payload);
      expect(response.statusCode, response.body).toBe(201);
      const row = response.json() as Row;
      const me = await adminId(api);
      expect(row).toMatchObject({
        id: expect.any(Number),
        version: 1,
        active: true,
        createdBy: me,
        updatedBy: me,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
        updatedAt: row.createdAt,
      });
      expect(getPath(row, title)).toEqual(expect.any(String));
      expect(await md.read(row.id)).toEqual(row);

      // Identity and bookkeeping are the server's: sent in the body, they are ignored.
      const { tag: other, index: otherIndex } = nextTag();
      const forged = await md.create({
        ...contract.make(1, other, otherIndex),
        id: 424242,
        version: 7,
        createdBy: 424242,
        createdAt: '2000-01-01T00:00:00.000Z',
      });
      expect(forged).toMatchObject({ version: 1, createdBy: me });
      expect(forged.id).not.toBe(424242);
      expect(forged.createdAt).not.toBe('2000-01-01T00:00:00.000Z');

      expectError(await md.get(99999999), 404, errors.notFound);
      expect((await md.get('abc')).statusCode).toBe(400);
    });

    it('stores normalised values: trimmed, empty optional → null, defaults', async () => {
      const { tag, index } = nextTag();
      const payload = contract.make(0, tag, index);
      // Every free text arrives padded with spaces and is stored trimmed.
      const texts = definition.fields
        .filter((f) => (f.kind === 'text' || f.kind === 'textarea') && !f.readOnly)
        .map((f) => f.key)
        .filter((key) => typeof getPath(payload, key) === 'string');
      expect(texts.length).toBeGreaterThan(0);
      let padded = withValue(payload, 'active', undefined);
      for (const key of texts)
        padded = withValue(padded, key, `  ${String(getPath(payload, key))}  `);
      const row = await md.create(padded);
      expect(row.active).toBe(true);
      for (const key of texts) expect(getPath(row, key), key).toBe(getPath(payload, key));
      for (const [i, { input, stored }] of (contract.normalised?.(tag, index) ?? []).entries()) {
        // A fresh tag per case keeps the unique values (documents, codes) apart.
        const fresh = nextTag();
        let body = contract.make(1 + (i % 3), fresh.tag, fresh.index);
        for (const [key, value] of Object.entries(input)) body = withValue(body, key, value);
        const response = await md.post(body);
        expect(response.statusCode, `${JSON.stringify(input)}: ${response.body}`).toBe(201);
        expect(response.json(), JSON.stringify(input)).toMatchObject(stored);
        expect(await md.read(response.json().id)).toEqual(response.json());
      }
    });

    it('updates with the version it read (200); the version grows and updatedBy is the writer', async () => {
      const { tag, index } = nextTag();
      const row = await md.create(contract.make(0, tag, index));
      const writer = await userWith(api, [`${area}:read`, `${area}:write`]);
      const edit = contract.edit(row);
      const response = await md.put(row.id, { ...edit, version: row.version }, writer.token);
      expect(response.statusCode, response.body).toBe(200);
      const updated = response.json() as Row;
      expect(updated).toMatchObject({
        ...edit,
        id: row.id,
        version: 2,
        createdAt: row.createdAt,
        createdBy: row.createdBy,
        updatedBy: writer.userId,
      });
      expect(Date.parse(updated.updatedAt as string)).toBeGreaterThan(
        Date.parse(row.updatedAt as string),
      );
      expect(await md.read(row.id)).toEqual(updated);

      const again = await md.put(row.id, { ...edit, version: 2 });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().version).toBe(3);

      const missing = await md.put(99999999, { ...edit, version: 1 });
      expectError(missing, 404, errors.notFound);
      const noVersion = await md.put(row.id, edit);
      expectError(noVersion, 400, errors.badRequest, { version: messages.required });
    });

    it('answers 409 to a stale version and changes nothing', async () => {
      const { tag, index } = nextTag();
      const row = await md.create(contract.make(0, tag, index));
      const current = (
        await md.put(row.id, { ...contract.make(0, tag, index), version: 1 })
      ).json() as Row;
      expect(current.version).toBe(2);
      const historyBefore = await md.history(row.id);

      const stale = await md.put(row.id, { ...contract.edit(current), version: 1 });
      expectError(stale, 409, errors.staleVersion);
      expect(stale.json().error.code).toBe('STALE_VERSION');
      expect(errors.staleVersion).toBe(
        'Este registro foi alterado por outro usuário. Recarregue e tente novamente.',
      );
      expect(await md.read(row.id)).toEqual(current);
      expect(await md.history(row.id)).toEqual(historyBefore);

      const future = await md.put(row.id, { ...contract.edit(current), version: 3 });
      expectError(future, 409, errors.staleVersion);
    });

    it('pages the list: total, page, pageSize; pageSize at most 100', async () => {
      const { tag, rows } = await createSeeds([0, 1, 2, 3, 4]);
      const seen: number[] = [];
      for (const page of [1, 2, 3]) {
        const response = await md.list({ q: tag, pageSize: 2, page });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json();
        expect({ total: body.total, page: body.page, pageSize: body.pageSize }).toEqual({
          total: 5,
          page,
          pageSize: 2,
        });
        expect(body.items).toHaveLength(page === 3 ? 1 : 2);
        seen.push(...body.items.map((r: Row) => r.id));
      }
      expect([...seen].sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
      const beyond = (await md.list({ q: tag, pageSize: 2, page: 4 })).json();
      expect(beyond).toMatchObject({ total: 5, page: 4, pageSize: 2, items: [] });

      const defaults = (await md.list({ q: tag })).json();
      expect(defaults).toMatchObject({ total: 5, page: 1, pageSize: 20 });
      expect((await md.list({ pageSize: 100 })).statusCode).toBe(200);
      expectError(await md.list({ pageSize: 101 }), 400, errors.badRequest, {
        pageSize: messages.outOfRange,
      });
      expectError(await md.list({ page: 0 }), 400, errors.badRequest, {
        page: messages.outOfRange,
      });
      expectError(await md.list({ pageSize: 'dez' }), 400, errors.badRequest, {
        pageSize: messages.notANumber,
      });
    });

    const sortable = definition.columns.filter((c) => c.sortable);
    for (const column of sortable) {
      it(`sorts by ${column.key}, ascending and descending`, async () => {
        const { tag, rows } = await createSeeds();
        const kind = column.kind;
        const asc = await md.list({ q: tag, sort: column.key });
        expect(asc.statusCode, asc.body).toBe(200);
        const ascIds = (asc.json().items as Row[]).map((r) => r.id);
        expect(ascIds).toEqual(expectedOrder(rows, column.key, kind));
        const descIds = await md.ids({ q: tag, sort: `-${column.key}` });
        expect(descIds).toEqual(expectedOrder(rows, `-${column.key}`, kind));
        // The seeds differ in this column, so its order is not just the creation order.
        if (contract.sortUnseeded?.includes(column.key)) return;
        expect(
          new Set(rows.map((r) => JSON.stringify(getPath(r, column.key)))).size,
        ).toBeGreaterThan(1);
      });
    }

    it(`sorts by ${definition.defaultSort} by default and refuses an unknown sort`, async () => {
      const { tag, rows } = await createSeeds();
      const column = definition.columns.find((c) => c.key === definition.defaultSort);
      expect(await md.ids({ q: tag })).toEqual(
        expectedOrder(rows, definition.defaultSort, column?.kind),
      );
      expectError(await md.list({ sort: 'naoExiste' }), 400, errors.badRequest, {
        sort: messages.invalid,
      });
      expectError(await md.list({ sort: '-createdBy' }), 400, errors.badRequest, {
        sort: messages.invalid,
      });
      expectError(await md.list({ sort: 'name;drop' }), 400, errors.badRequest, {
        sort: messages.pattern,
      });
    });

    it('searches with q, case- and accent-insensitively, and escapes LIKE wildcards', async () => {
      const { tag, index } = nextTag();
      const field = contract.accentField ?? title;
      const row = await md.create(
        withValue(contract.make(0, tag, index), field, `${tag} João Conceição`),
      );
      const other = await md.create(contract.make(1, tag, index));
      expect(await md.ids({ q: `${tag} joao` })).toEqual([row.id]);
      expect(await md.ids({ q: `${tag.toUpperCase()} JOÃO CONCEICAO` })).toEqual([row.id]);
      expect(await md.ids({ q: 'CONCEICAO' })).toContain(row.id);
      expect(await md.ids({ q: 'conceiçao' })).toContain(row.id);
      expect(await md.ids({ q: tag })).toEqual(expect.arrayContaining([row.id, other.id]));
      expect(await md.ids({ q: `${tag} jose` })).toEqual([]);
      expect((await md.list({ q: '%' })).json().total).toBe(0);
      expect((await md.list({ q: '_' })).json().total).toBe(0);
      expectError(await md.list({ q: 'x'.repeat(101) }), 400, errors.badRequest, {
        q: messages.tooLong(100),
      });
    });

    it('filters by every list filter', async () => {
      const { tag, rows } = await createSeeds([0, 1, 2, 3]);
      const byId = (ids: number[]) => [...ids].sort((a, b) => a - b);
      for (const filter of definition.filters) {
        const path = contract.filterPaths?.[filter.key] ?? filter.key;
        const values =
          filter.kind === 'boolean'
            ? ['true', 'false']
            : filter.kind === 'enum'
              ? Object.keys(filter.options)
              : [...new Set(rows.map((r) => String(getPath(r, path))))];
        let matchedSome = false;
        for (const value of values) {
          const expected = rows.filter((r) => String(getPath(r, path)) === value).map((r) => r.id);
          matchedSome ||= expected.length > 0 && expected.length < rows.length;
          expect(
            byId(await md.ids({ q: tag, [filter.key]: value })),
            `${filter.key}=${value}`,
          ).toEqual(byId(expected));
        }
        expect(matchedSome, `seeds split by ${filter.key}`).toBe(true);
        const wrong = await md.list({ [filter.key]: 'nenhum-valor' });
        expect(wrong.statusCode, `${filter.key}=nenhum-valor`).toBe(400);
        expect(Object.keys(wrong.json().error.fields)).toEqual([filter.key]);
      }
      expect(byId(await md.ids({ q: tag, active: 'true' }))).toEqual(
        byId(rows.filter((r) => r.active).map((r) => r.id)),
      );
    });

    it('deletes (204), then answers 404; the history keeps the deletion', async () => {
      const { tag, index } = nextTag();
      const row = await md.create(contract.make(0, tag, index));
      const deleted = await md.del(row.id);
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(deleted.body).toBe('');
      expectError(await md.get(row.id), 404, errors.notFound);
      expectError(await md.del(row.id), 404, errors.notFound);
      expectError(
        await md.put(row.id, { ...contract.edit(row), version: 1 }),
        404,
        errors.notFound,
      );
      expect((await md.history(row.id)).map((e) => e.action)).toEqual(['delete', 'create']);
    });

    it('answers 409 "in use" when deleting a referenced row, and keeps it', async () => {
      const { tag, index } = nextTag();
      const row = await md.create(contract.make(0, tag, index));
      const refs = await referencingTable(api, contract.table);
      await refs.add(row.id);
      const inUse = await md.del(row.id);
      expectError(inUse, 409, errors.inUse);
      expect(inUse.json().error.code).toBe('IN_USE');
      expect(errors.inUse).toBe('Registro em uso; inative-o em vez de excluir.');
      expect(await md.read(row.id)).toEqual(row);
      expect((await md.history(row.id)).map((e) => e.action)).toEqual(['create']);
      await refs.remove(row.id);
      expect((await md.del(row.id)).statusCode).toBe(204);
    });

    it('rejects a duplicate (409) on create and on update', async () => {
      const { tag, index } = nextTag();
      const first = await md.create(contract.make(0, tag, index));
      const [message] = Object.values(contract.duplicateError);
      const duplicate = await md.post(contract.duplicate(0, tag, index));
      expectError(duplicate, 409, message!);
      expect(duplicate.json().error.code).toBe('DUPLICATE');
      expect(duplicate.json().error.fields).toEqual(contract.duplicateError);
      const second = await md.create(contract.make(1, tag, index));
      const renamed = await md.put(second.id, {
        ...contract.duplicate(0, tag, index),
        version: second.version,
      });
      expectError(renamed, 409, message!);
      expect(renamed.json().error.fields).toEqual(contract.duplicateError);
      expect(await md.read(second.id)).toEqual(second);
      expect(await md.read(first.id)).toEqual(first);
    });

    it('requires its mandatory fields with "Preenchimento obrigatório"', async () => {
      const { tag, index } = nextTag();
      const valid = contract.make(0, tag, index);
      const empty = await md.post({});
      expect(empty.statusCode).toBe(400);
      for (const field of contract.required) {
        expect(empty.json().error.fields[field], `{} → ${field}`).toBe(messages.required);
        for (const value of [undefined, null, '', '   ']) {
          const response = await md.post(withValue(valid, field, value));
          expectError(response, 400, errors.badRequest, { [field]: messages.required });
        }
      }
      const row = await md.create(valid);
      for (const field of contract.required) {
        const response = await md.put(row.id, { ...withValue(valid, field, ''), version: 1 });
        expectError(response, 400, errors.badRequest, { [field]: messages.required });
      }
      expect(await md.read(row.id)).toEqual(row);
    });

    it('limits text lengths with "No máximo N caracteres"', async () => {
      for (const [field, max] of Object.entries(contract.maxLengths)) {
        const { tag, index } = nextTag();
        const valid = contract.make(0, tag, index);
        const base = String(getPath(valid, field) ?? tag);
        const fill = base.length >= max ? base.slice(0, max) : base + 'X'.repeat(max - base.length);
        const tooLong = await md.post(withValue(valid, field, `${fill}X`));
        expectError(tooLong, 400, errors.badRequest, { [field]: messages.tooLong(max) });
        const longest = await md.post(withValue(valid, field, fill));
        expect(longest.statusCode, `${field} with ${max} characters: ${longest.body}`).toBe(201);
        expect(getPath(longest.json(), field)).toBe(fill);
      }
    });

    it('refuses invalid values with their pt-BR message', async () => {
      const { tag, index } = nextTag();
      const valid = contract.make(0, tag, index);
      for (const { field, value, message, with: extra, errorKey } of contract.invalid ?? []) {
        const response = await md.post(withValue({ ...valid, ...extra }, field, value));
        expect(
          {
            status: response.statusCode,
            message: response.json().error?.fields?.[errorKey ?? field],
          },
          `${field} = ${JSON.stringify(value)}`,
        ).toEqual({ status: 400, message });
      }
      const wrongType = await md.post({ ...valid, active: 'sim' });
      expectError(wrongType, 400, errors.badRequest, { active: messages.invalid });
      // Nothing of the refused payloads was written.
      expect(await md.ids({ q: tag })).toEqual([]);
    });

    it(`lets a role with only ${area}:read read (200) but not write or delete (403)`, async () => {
      const { tag, index } = nextTag();
      const row = await md.create(contract.make(0, tag, index));
      const { token } = await userWith(api, [`${area}:read`]);
      expect((await md.list({}, token)).statusCode).toBe(200);
      expect((await md.get(row.id, token)).statusCode).toBe(200);
      expectError(await md.post(contract.make(1, tag, index), token), 403, errors.forbidden);
      expectError(
        await md.put(row.id, { ...contract.edit(row), version: 1 }, token),
        403,
        errors.forbidden,
      );
      expectError(await md.del(row.id, token), 403, errors.forbidden);
      expect(await md.read(row.id)).toEqual(row);

      const { token: outsider } = await userWith(api, ['company:read']);
      expectError(await md.list({}, outsider), 403, errors.forbidden);
      expectError(await md.get(row.id, outsider), 403, errors.forbidden);
    });

    it(`needs ${area}:delete to delete (403 with write only)`, async () => {
      const { tag, index } = nextTag();
      const { token } = await userWith(api, [`${area}:read`, `${area}:write`]);
      const created = await md.post(contract.make(0, tag, index), token);
      expect(created.statusCode, created.body).toBe(201);
      const row = created.json() as Row;
      expectError(await md.del(row.id, token), 403, errors.forbidden);
      expect(await md.read(row.id)).toEqual(row);
      const deleter = await userWith(api, [`${area}:read`, `${area}:delete`]);
      expect((await md.del(row.id, deleter.token)).statusCode).toBe(204);
    });

    it('answers 401 without a token', async () => {
      const { tag, index } = nextTag();
      const row = await md.create(contract.make(0, tag, index));
      const anonymous = [
        api.request({ method: 'GET', url: md.url }),
        api.request({ method: 'GET', url: `${md.url}/${row.id}` }),
        api.request({ method: 'POST', url: md.url, payload: contract.make(1, tag, index) }),
        api.request({
          method: 'PUT',
          url: `${md.url}/${row.id}`,
          payload: { ...contract.edit(row), version: 1 },
        }),
        api.request({ method: 'DELETE', url: `${md.url}/${row.id}` }),
        api.request({ method: 'GET', url: md.url, token: 'not-a-token' }),
      ];
      for (const response of await Promise.all(anonymous)) {
        expectError(response, 401, errors.unauthorized);
      }
      expect(await md.read(row.id)).toEqual(row);
      expect(await md.ids({ q: tag })).toEqual([row.id]);
    });

    it('writes the history of create, update and delete, newest first', async () => {
      const { tag, index } = nextTag();
      const row = await md.create(contract.make(0, tag, index));
      const edit = contract.edit(row);
      const updated = (await md.put(row.id, { ...edit, version: 1 })).json() as Row;
      expect(updated.version).toBe(2);
      expect((await md.del(row.id)).statusCode).toBe(204);

      const history = await md.history(row.id);
      expect(history.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
      const me = await adminId(api);
      for (const entry of history) {
        expect(entry).toMatchObject({
          entity: contract.path,
          entityId: String(row.id),
          userId: me,
          userName: 'Administrador',
        });
        for (const hidden of ['version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']) {
          expect(entry.changes, hidden).not.toHaveProperty(hidden);
        }
      }
      const [deletion, update, creation] = history;
      expect(creation!.changes[title]).toEqual({ from: null, to: getPath(row, title) });
      expect(creation!.changes.active).toEqual({ from: null, to: true });
      expect(creation!.changes.id).toEqual({ from: null, to: row.id });
      const expectedChanges: Record<string, { from: unknown; to: unknown }> = {};
      for (const key of Object.keys(edit)) {
        if (JSON.stringify(row[key]) !== JSON.stringify(updated[key])) {
          expectedChanges[key] = { from: row[key], to: updated[key] };
        }
      }
      expect(Object.keys(expectedChanges).length).toBeGreaterThan(0);
      expect(update!.changes).toEqual(expectedChanges);
      expect(deletion!.changes[title]).toEqual({ from: getPath(updated, title), to: null });
    });
  });
}
