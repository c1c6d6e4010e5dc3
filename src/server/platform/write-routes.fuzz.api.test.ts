import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode } from '../../shared/error-codes.js';
import type { FieldSpec, ResourceDefinition } from '../../shared/resource.js';
import { resources } from '../../shared/resources/index.js';
import { useTestApi } from '../testing/api-app.js';
import { cpfFrom } from '../testing/documents.js';
import { multipart } from '../testing/multipart.js';
import { setValueAt, sheetFields } from './spreadsheet-format.js';

/**
 * Every write route of the app, taken from its own OpenAPI document (so a new route is fuzzed
 * without touching this file), gets a valid body spoiled in the ways a fuzzer or a broken client
 * spoils it: malformed JSON, wrong types, NUL and control characters, 1 MB strings, 16-digit
 * numbers, impossible dates, unknown fields, `__proto__` keys, odd ids and content types.
 * The property: never a 5xx; every error is DOMAIN's `{ error: { code, message, fields?,
 * requestId } }` in pt-BR; a refused request changes nothing in the database.
 */
const api = useTestApi();

/** Cases per route: 48 routes today, about 3,800 requests in 20–30 s on 2 cores. */
const RUNS_PER_ROUTE = 80;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

interface WriteRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `/api/v1/clients/{id}` */
  path: string;
  multipart: boolean;
  bodySchema?: JsonSchema;
  /** The master-data resource the route belongs to, when it is one. */
  definition?: ResourceDefinition;
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The write routes as the app itself publishes them (Fastify's routes through @fastify/swagger). */
function writeRoutes(): WriteRoute[] {
  const spec = (api.app as unknown as { swagger: () => unknown }).swagger() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  const routes: WriteRoute[] = [];
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (upper !== 'POST' && upper !== 'PUT' && upper !== 'PATCH' && upper !== 'DELETE') continue;
      const content = operation.requestBody?.content ?? {};
      const segment = path.split('/')[3] ?? '';
      routes.push({
        method: upper,
        path,
        multipart: 'multipart/form-data' in content,
        bodySchema: content['application/json']?.schema,
        definition: (resources as Record<string, ResourceDefinition>)[segment],
      });
    }
  }
  return routes;
}

// ---- Valid bodies ----------------------------------------------------------------------------

let serial = 0;
/** Ids of existing rows per resource path, for reference fields (a user's role). */
const referenceIds = new Map<string, number>();

function propertyAt(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  let current = schema;
  for (const part of key.split('.')) current = current?.properties?.[part];
  return current;
}

function textMatching(schema: JsonSchema | undefined, fallback: string): string {
  const min = schema?.minLength ?? 1;
  const max = schema?.maxLength ?? 60;
  if (schema?.pattern) {
    const pattern = new RegExp(schema.pattern);
    const [sample] = fc.sample(
      fc.stringMatching(pattern).filter((s) => s.length >= min && s.length <= max),
      { numRuns: 1, seed: serial },
    );
    if (sample !== undefined) return sample;
  }
  return fallback.padEnd(min, 'x').slice(0, max);
}

/** A valid value of a resource field, unique per call where the field may be unique. */
function validValue(field: FieldSpec, schema: JsonSchema | undefined): unknown {
  serial += 1;
  // Texts with a rule of their own (products' fiscal codes, an exit's CFOPs and IPI CST: the
  // first direction offered is OUT).
  const byKey: Record<string, unknown> = {
    ncm: '61091000',
    cest: '2803800',
    barcode: '7891000315507',
    cfopInState: '5101',
    cfopOutOfState: '6101',
    ipiCst: '50',
    cClassTrib: '000001',
  };
  if (field.key in byKey) return byKey[field.key];
  switch (field.kind) {
    case 'document':
      return cpfFrom(String(700_000_000 + serial));
    case 'cep':
      return '01310100';
    case 'phone':
      return '11987654321';
    case 'email':
      return `fuzz${serial}@fabril.test`;
    case 'uf':
      return 'SP';
    case 'municipality':
      // São Paulo: a municipality of the 'SP' every UF field gets.
      return '3550308';
    case 'color':
      return '#A1B2C3';
    case 'money':
      return '10.00';
    case 'unitCost':
      return '10.0000';
    case 'quantity':
      // Whole: it fits a unit of any decimals.
      return '1';
    case 'percent':
      return '10.00';
    case 'date':
      return '2025-01-31';
    case 'boolean':
      return true;
    case 'enum':
      return Object.keys(field.options ?? {})[0];
    case 'reference':
      return referenceIds.get(field.references ?? '');
    case 'password':
      return 'senha-segura-1';
    case 'permissions':
      return [];
    case 'integer':
      return Math.min(Math.max(1, schema?.minimum ?? 1), schema?.maximum ?? 1);
    default:
      return textMatching(schema, `Fuzz ${serial}`);
  }
}

/** A value for a schema the resource registry does not describe (account, login, company…). */
function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return {};
  if (schema.enum) return schema.enum[0];
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant) return sampleOf(variant.find((s) => s.type !== 'null') ?? variant[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, s]) => [key, sampleOf(s)]),
      );
    case 'array':
      if (schema.prefixItems) return schema.prefixItems.map(sampleOf);
      if (Array.isArray(schema.items)) return schema.items.map(sampleOf);
      return [];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      serial += 1;
      return textMatching(schema, `Fuzz ${serial}`);
  }
}

/** A body the route accepts: from the resource's fields, else from the route's schema. */
function validBody(route: WriteRoute): Record<string, unknown> {
  const body = (sampleOf(route.bodySchema) ?? {}) as Record<string, unknown>;
  for (const field of route.definition?.fields ?? []) {
    if (field.readOnly || field.formOnly) continue;
    setValueAt(body, field.key, validValue(field, propertyAt(route.bodySchema, field.key)));
  }
  return body;
}

// ---- Spoiling them ---------------------------------------------------------------------------

/** A string of `length` x's, shown by its length when fast-check reports a case. */
class LongText {
  constructor(readonly length: number) {}
  [fc.toStringMethod]() {
    return `'x' × ${this.length}`;
  }
}
const CONTROL = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u007f'];

const controlText = fc
  .tuple(fc.string({ maxLength: 4 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 4 }))
  .map(([a, c, b]) => `${a}${c}${b}`);

const wrongType = fc.constantFrom<unknown>(
  123,
  -1,
  0,
  1.5,
  true,
  false,
  null,
  [],
  {},
  [1, 'a'],
  { a: 1 },
  '',
  '   ',
  'texto',
  '\ud800',
  '😀',
);

const bigNumber = fc.constantFrom<unknown>(
  1234567890123456,
  -1234567890123456,
  9007199254740991,
  1e16,
  1e308,
  -1e308,
  5e-324,
  2147483648,
  '1234567890123456',
  '9999999999999999.99',
  '1e16',
  '1.234.567.890.123.456,00',
);

const impossibleDate = fc.constantFrom(
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '2025-02-30',
  '2025-02-29',
  '2025-13-01',
  '2025-00-10',
  '9999-12-32',
  '99999-01-01',
  '-0001-01-01',
  '2025-1-1',
  '31/12/2025',
  '2025-12-31T25:00:00Z',
);

// Just over Fastify's 1 MB body limit, and just under it (then the field's maximum length).
const hugeString = fc.constantFrom(new LongText(1024 * 1024), new LongText(1000 * 1000));

interface FieldEdit {
  path: string;
  value: unknown;
}

/** What a case does to the valid body; plain data, so a failure reads as it was sent. */
type Spoil =
  | { kind: 'raw'; payload: string; contentType: string | null }
  | { kind: 'edit'; edits: FieldEdit[]; extra: Record<string, unknown>; proto: string | null };

const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  'nul',
  '[1,',
  '{"name": "x",}',
  "{'name': 'x'}",
  '{"a":1}{"b":2}',
  '"texto"',
  '\u0000',
  '',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
);

const rawSpoil = fc.oneof(
  fc.record({
    kind: fc.constant('raw' as const),
    payload: fc.oneof(malformedJson, fc.string({ maxLength: 40 })),
    contentType: fc.constantFrom<string | null>(
      'application/json',
      'application/json; charset=utf-8',
    ),
  }),
  fc.record({
    kind: fc.constant('raw' as const),
    payload: fc.constantFrom('{"name":"x"}', 'name=x', '<name>x</name>'),
    contentType: fc.constantFrom<string | null>(
      null,
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=fuzz',
      'application/json; charset=latin1',
    ),
  }),
);

function editSpoil(paths: string[]): fc.Arbitrary<Spoil> {
  const path = paths.length > 0 ? fc.constantFrom(...paths) : fc.constant('name');
  const edit = fc.record({
    path: fc.oneof(
      { weight: 4, arbitrary: path },
      { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
    ),
    value: fc.oneof(
      controlText,
      wrongType,
      bigNumber,
      impossibleDate,
      hugeString,
      fc.constant(undefined),
    ),
  });
  return fc.record({
    kind: fc.constant('edit' as const),
    edits: fc.array(edit, { minLength: 0, maxLength: 3 }),
    extra: fc.oneof(
      fc.constant({}),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      fc.constant({ id: 424242, version: 99, createdBy: 1, createdAt: '2000-01-01' }),
    ),
    proto: fc.constantFrom<string | null>(
      null,
      null,
      '"__proto__": {"polluted": true}',
      '"constructor": {"prototype": {"polluted": true}}',
    ),
  });
}

/** Ids in a path: the seeded row most of the time, else what should never reach the database. */
const oddIds = [
  '0',
  '-1',
  'abc',
  '1e3',
  '1.5',
  '0x10',
  '%20%31',
  '9999999',
  '2147483648',
  '9999999999999999',
  '%00',
  '1%00',
  '%E0%A4%A',
  '%D9%A1',
  '1'.repeat(150),
];

function applyEdits(body: Record<string, unknown>, spoil: Extract<Spoil, { kind: 'edit' }>) {
  const copy = structuredClone(body);
  for (const { path, value } of spoil.edits) {
    if (value === undefined) {
      const parts = path.split('.');
      let target: unknown = copy;
      for (const part of parts.slice(0, -1)) target = (target as Record<string, unknown>)?.[part];
      if (target && typeof target === 'object') {
        delete (target as Record<string, unknown>)[parts.at(-1)!];
      }
    } else {
      try {
        setValueAt(copy, path, value instanceof LongText ? 'x'.repeat(value.length) : value);
      } catch {
        // A path through a scalar (`name.x`): that edit is simply not made.
      }
    }
  }
  let text = JSON.stringify({ ...copy, ...spoil.extra });
  if (spoil.proto) text = text === '{}' ? `{${spoil.proto}}` : `{${spoil.proto},${text.slice(1)}`;
  return text;
}

function leafPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return prefix ? [prefix] : [];
  const entries = Object.entries(value);
  if (entries.length === 0) return prefix ? [prefix] : [];
  return entries.flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
}

/** A CSV file of the resource's columns with one row of the (spoiled) body's values. */
function csvOf(definition: ResourceDefinition, body: Record<string, unknown>): string {
  const fields = sheetFields(definition).filter((f) => !f.readOnly);
  const cell = (field: FieldSpec) => {
    let value: unknown = body;
    for (const part of field.key.split('.')) value = (value as Record<string, unknown>)?.[part];
    const text =
      value === null || value === undefined
        ? ''
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
    return `"${text.replaceAll('"', '""')}"`;
  };
  return `${fields.map((f) => f.label).join(';')}\r\n${fields.map(cell).join(';')}\r\n`;
}

const oddFile = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('não é zip')])),
  fc.constant(Buffer.from(`Nome;CPF / CNPJ\r\n${'x'.repeat(5000)}\u0000;1\r\n`)),
  fc.constant(Buffer.alloc(0)),
);

// ---- The property ----------------------------------------------------------------------------

/** DOMAIN §1's error body; `details` is where a business rule lists what the user needs. */
const errorBody = z
  .object({
    error: z
      .object({
        // Only codes of the shared catalogue, which the web compares with.
        code: z.enum(Object.values(ErrorCode)),
        message: z.string().min(1),
        fields: z.record(z.string(), z.string().min(1)).optional(),
        details: z.unknown().optional(),
        requestId: z.uuid(),
      })
      .strict(),
  })
  .strict();

/** Words of the framework's English messages; pt-BR ones have none of them. */
const ENGLISH =
  /\b(the|is|are|must|should|expected|invalid|required|request|body|error|not|unsupported|too|large|string|number|received|unexpected|field|value|bad)\b/i;

/**
 * Rows and versions of every table: a refused request must leave it as it was. The login
 * throttle's table is left out: recording a failed login is what it is for.
 */
let fingerprintQuery = '';
async function fingerprint(): Promise<string> {
  const { rows } = await sql.raw(fingerprintQuery).execute(api.db);
  return JSON.stringify(rows[0]);
}

describe('every write route, fuzzed', () => {
  let routes: WriteRoute[] = [];
  let token = '';
  const seeded = new Map<string, number>();

  beforeAll(async () => {
    token = await api.adminToken();
    routes = writeRoutes();

    const { rows: tables } = await sql<{ name: string; versioned: boolean }>`
      SELECT t.table_name AS name, EXISTS (
        SELECT 1 FROM information_schema.columns c
        WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name
          AND c.column_name = 'version') AS versioned
      FROM information_schema.tables t
      WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND t.table_name <> 'login_failures'
      ORDER BY 1`.execute(api.db);
    const parts = tables.flatMap(({ name, versioned }) => [
      `(SELECT count(*) FROM "${name}") AS "${name}"`,
      ...(versioned
        ? [`(SELECT coalesce(sum(version), 0) FROM "${name}") AS "${name}_version"`]
        : []),
    ]);
    fingerprintQuery = `SELECT ${parts.join(', ')}`;

    // One row per resource to edit and delete, references first (a user's role).
    const order = [...routes]
      .filter((r) => r.method === 'POST' && r.definition && !r.path.includes('{'))
      .filter((r) => !r.multipart)
      .sort(
        (a, b) =>
          Number(a.definition!.fields.some((f) => f.kind === 'reference')) -
          Number(b.definition!.fields.some((f) => f.kind === 'reference')),
      );
    for (const route of order) {
      const response = await api.request({
        method: 'POST',
        url: route.path,
        token,
        payload: validBody(route),
      });
      // A body this file cannot make valid would leave the route fuzzed only at its surface.
      expect(response.statusCode, `${route.path}: ${response.body}`).toBe(201);
      seeded.set(route.definition!.path, response.json().id);
      referenceIds.set(route.definition!.path, response.json().id);
    }
  });

  it('finds every write route of the registry and the hand-written modules', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    for (const path of Object.keys(resources)) {
      expect(names).toContain(`POST /api/v1/${path}`);
      expect(names).toContain(`PUT /api/v1/${path}/{id}`);
      expect(names).toContain(`DELETE /api/v1/${path}/{id}`);
    }
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/v1/account/login',
        'PUT /api/v1/account/password',
        'PUT /api/v1/company',
        'POST /api/v1/clients/import',
      ]),
    );
    // Uploads are fuzzed as multipart files, which the OpenAPI document must say they are.
    expect(routes.filter((r) => r.multipart).map((r) => r.path)).toEqual([
      '/api/v1/company/certificate',
      '/api/v1/fiscal-operations/import',
      '/api/v1/clients/import',
      '/api/v1/suppliers/import',
      '/api/v1/products/import',
      '/api/v1/feedstocks/import',
    ]);
  });

  it('never answers 5xx; every error is DOMAIN’s body in pt-BR; a refused request changes nothing', async () => {
    const started = performance.now();
    const statuses = new Map<number, number>();
    /** Requests refused for want of a session outside the account's own routes. */
    const signedOut: string[] = [];
    let before = await fingerprint();

    for (const route of routes) {
      // A session of its own per route: a route that ends one (Sair, a new password) must not
      // leave every later route answering 401 before its handler is reached.
      token = await api.login();
      before = await fingerprint();
      const hasId = route.path.includes('{id}');
      const seededId = route.definition ? seeded.get(route.definition.path) : undefined;
      // The row as GET shows it is a valid PUT body (unknown keys are dropped by the schema).
      let base: Record<string, unknown> = validBody(route);
      if (route.method === 'PUT') {
        const url = hasId ? route.path.replace('{id}', String(seededId)) : route.path;
        const current = await api.request({ method: 'GET', url, token });
        if (current.statusCode === 200) base = current.json();
      }
      const paths = leafPaths(base);
      const id = fc.oneof(
        { weight: 3, arbitrary: fc.constant(String(seededId ?? 1)) },
        { weight: 1, arbitrary: fc.constantFrom(...oddIds) },
      );
      const spoil: fc.Arbitrary<Spoil> =
        route.method === 'DELETE'
          ? fc.constant({ kind: 'edit', edits: [], extra: {}, proto: null })
          : fc.oneof(
              { weight: 1, arbitrary: rawSpoil },
              { weight: 4, arbitrary: editSpoil(paths) },
            );

      // Uploads also get files that are no spreadsheet at all.
      const file = route.multipart ? fc.option(oddFile, { freq: 3 }) : fc.constant(null);

      await fc.assert(
        fc.asyncProperty(id, spoil, file, async (idValue, how, oddUpload) => {
          const url = route.path.replace('{id}', idValue);
          let payload: string | Buffer | undefined;
          let contentType: string | null = null;
          if (route.method === 'DELETE') {
            payload = undefined;
          } else if (route.multipart && route.definition) {
            const content =
              oddUpload ??
              (how.kind === 'raw'
                ? how.payload
                : csvOf(route.definition, JSON.parse(applyEdits(base, { ...how, proto: null }))));
            const file = multipart('planilha.csv', content);
            payload = file.payload;
            contentType = file.headers['content-type'];
          } else if (how.kind === 'raw') {
            payload = how.payload;
            contentType = how.contentType;
          } else {
            payload = applyEdits(base, how);
            contentType = 'application/json';
          }
          const response = await api.request({
            method: route.method,
            url,
            token,
            payload,
            headers: contentType ? { 'content-type': contentType } : {},
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode === 401 && !route.path.startsWith('/api/v1/account/')) {
            signedOut.push(`${route.method} ${url}`);
          }
          const where = `${route.method} ${url} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          const after = await fingerprint();
          if (response.statusCode >= 400) {
            const parsed = errorBody.safeParse(response.json());
            expect(parsed.success, `${where}\n${parsed.error?.message}`).toBe(true);
            const { error } = parsed.data!;
            expect(error.requestId, where).toBe(response.headers['x-request-id']);
            for (const text of [error.message, ...Object.values(error.fields ?? {})]) {
              expect(text, where).not.toMatch(ENGLISH);
            }
            expect(after, `${where}: the database changed`).toBe(before);
          }
          before = after;
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }

    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const seconds = (performance.now() - started) / 1000;
    const requests = [...statuses.values()].reduce((a, b) => a + b, 0);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    console.log(
      `fuzzed ${routes.length} write routes with ${requests} requests in ${seconds.toFixed(1)} s (${byStatus.join(', ')})`,
    );
    // Every case reached its route's handler, not only the sign-in gate.
    expect(signedOut.slice(0, 5)).toEqual([]);
    // Some spoiled bodies are still valid: the cases reach the database, not only the parser.
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  }, 240_000);
});
