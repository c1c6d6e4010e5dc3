import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { createDb } from '../../db/connection.js';
import { createDatabaseIfMissing } from '../../db/database-url.js';
import { migrate } from '../../db/migrate.js';
import { migrations } from '../../db/migrations/index.js';
import { useTestApi } from '../../testing/api-app.js';
import { multipart } from '../../testing/multipart.js';
import { urlFor } from '../../testing/test-database.js';
import {
  crudContract,
  expectError,
  BASE,
  letter,
  masterData,
  nextTag,
  type Payload,
  type Row,
} from './testing/master-data-helpers.js';

/** Naturezas de Operação (issue 18, migration 0023). */
const api = useTestApi();
const operations = masterData(api, 'fiscal-operations');
const errors = messages.errors;
const fiscal = messages.fiscal;

const directions = ['OUT', 'IN', 'OUT', 'IN', 'OUT'] as const;
const cfops = { OUT: ['5101', '6101'], IN: ['1202', '2202'] };

crudContract(api, {
  path: 'fiscal-operations',
  table: 'fiscal_operations',
  make: (n, tag) => {
    const direction = directions[n]!;
    return {
      name: `${tag} Natureza ${letter(n)}`,
      direction,
      purpose: n % 2 === 0 ? 'NORMAL' : 'RETURN',
      cfopInState: `${cfops[direction][0]!.slice(0, 3)}${n}`,
      cfopOutOfState: `${cfops[direction][1]!.slice(0, 3)}${n}`,
      icmsRate: '18.00',
      additionalInfo: `Texto ${n}`,
      active: n % 2 === 0,
    };
  },
  edit: (row) => ({
    name: row.name,
    direction: 'OUT',
    purpose: 'RETURN',
    cfopInState: '5202',
    cfopOutOfState: '6202',
    icmsCsosn: '900',
    icmsCst: '90',
    icmsRate: '12.00',
    ipiCst: '50',
    ipiRate: '5.00',
    pisCst: '49',
    pisRate: '0.00',
    cofinsCst: '49',
    cofinsRate: '0.00',
    ibsCbsEnabled: true,
    cClassTrib: '000001',
    ibsStateRate: '0.10',
    ibsCityRate: '0.00',
    cbsRate: '0.90',
    movesStock: false,
    createsBills: false,
    additionalInfo: null,
    active: row.active,
  }),
  duplicate: (n, tag) => ({
    name: `${tag} NATUREZA ${letter(n)}`,
    direction: 'OUT',
    cfopInState: '5101',
    cfopOutOfState: '6101',
  }),
  duplicateError: { name: 'Já existe uma natureza de operação com este nome.' },
  required: ['name', 'direction', 'cfopInState', 'cfopOutOfState'],
  maxLengths: { name: 60, additionalInfo: 5000 },
  invalid: [
    { field: 'direction', value: 'SAIDA', message: messages.invalid },
    { field: 'purpose', value: 'TROCA', message: messages.invalid },
    // make(0) is an exit: its CFOPs start with 5 (within the state) and 6 (to another state).
    { field: 'cfopInState', value: '1101', message: fiscal.cfopStart('5') },
    { field: 'cfopInState', value: '6101', message: fiscal.cfopStart('5') },
    { field: 'cfopOutOfState', value: '5101', message: fiscal.cfopStart('6') },
    { field: 'cfopInState', value: '510', message: fiscal.cfopDigits },
    { field: 'cfopInState', value: '51O1', message: fiscal.cfopDigits },
    {
      field: 'cfopInState',
      value: '5202',
      with: { direction: 'IN' },
      message: fiscal.cfopStart('1'),
    },
    {
      field: 'cfopOutOfState',
      value: '6202',
      with: { direction: 'IN', cfopInState: '1202' },
      message: fiscal.cfopStart('2'),
    },
    { field: 'icmsCsosn', value: '104', message: messages.invalid },
    { field: 'icmsCsosn', value: '00', message: messages.invalid },
    { field: 'icmsCst', value: '01', message: messages.invalid },
    { field: 'icmsCst', value: '102', message: messages.invalid },
    { field: 'ipiCst', value: '06', message: messages.invalid },
    { field: 'ipiCst', value: '00', message: fiscal.ipiCstDirection(false) },
    {
      field: 'ipiCst',
      value: '50',
      with: { direction: 'IN' },
      message: fiscal.ipiCstDirection(true),
    },
    { field: 'pisCst', value: '10', message: messages.invalid },
    { field: 'cofinsCst', value: 'AB', message: messages.invalid },
    { field: 'icmsRate', value: '100.01', message: messages.outOfRange },
    { field: 'icmsRate', value: '-1', message: messages.mustNotBeNegative },
    { field: 'ipiRate', value: '101', message: messages.outOfRange },
    { field: 'pisRate', value: '-0.01', message: messages.mustNotBeNegative },
    { field: 'cofinsRate', value: '250', message: messages.outOfRange },
    { field: 'ibsStateRate', value: '100.5', message: messages.outOfRange },
    { field: 'ibsCityRate', value: '-2', message: messages.mustNotBeNegative },
    { field: 'cbsRate', value: '0.001', message: messages.tooManyDecimals(2) },
    { field: 'cClassTrib', value: '12345', message: fiscal.classTribDigits },
    { field: 'cClassTrib', value: null, with: { ibsCbsEnabled: true }, message: messages.required },
  ],
  normalised: () => [
    {
      input: { purpose: undefined },
      stored: {
        purpose: 'NORMAL',
        icmsCsosn: '102',
        icmsCst: '00',
        ipiCst: null,
        ipiRate: '0.00',
        pisCst: '01',
        pisRate: '0.65',
        cofinsCst: '01',
        cofinsRate: '3.00',
        ibsCbsEnabled: false,
        cClassTrib: null,
        movesStock: true,
        createsBills: true,
      },
    },
    {
      input: {
        direction: 'IN',
        cfopInState: '1.202',
        cfopOutOfState: ' 2.202 ',
        icmsRate: '17,5',
        ipiCst: '',
      },
      stored: { cfopInState: '1202', cfopOutOfState: '2202', icmsRate: '17.50', ipiCst: null },
    },
  ],
});

const SEEDED = [
  ['Devolução de compra', 'OUT', 'RETURN', '5202', '6202', false],
  ['Devolução de venda', 'IN', 'RETURN', '1202', '2202', false],
  ['Venda de mercadoria adquirida', 'OUT', 'NORMAL', '5102', '6102', true],
  ['Venda de produção do estabelecimento', 'OUT', 'NORMAL', '5101', '6101', true],
];

/** The seeded records as their form reads them (GET /:id: a list row is only its columns). */
async function seeded(): Promise<Row[]> {
  const response = await operations.list({ pageSize: 100, sort: 'name' });
  expect(response.statusCode, response.body).toBe(200);
  const names = new Set(SEEDED.map(([name]) => name));
  const listed = (response.json().items as Row[]).filter((row) => names.has(row.name as string));
  return Promise.all(listed.map((row) => operations.read(row.id)));
}

describe('a new database', () => {
  it('has the four starter natures of operation with their CFOPs and taxes', async () => {
    const rows = await seeded();
    expect(
      rows.map((r) => [
        r.name,
        r.direction,
        r.purpose,
        r.cfopInState,
        r.cfopOutOfState,
        r.createsBills,
      ]),
    ).toEqual(SEEDED);
    for (const row of rows) {
      expect(row).toMatchObject({
        icmsCsosn: '102',
        icmsCst: '00',
        pisCst: '01',
        pisRate: '0.65',
        cofinsCst: '01',
        cofinsRate: '3.00',
        ibsCbsEnabled: false,
        movesStock: true,
        active: true,
      });
      const history = await operations.history(row.id);
      expect(history).toEqual([
        expect.objectContaining({
          action: 'create',
          userName: null,
          changes: expect.objectContaining({ name: { from: null, to: row.name } }),
        }),
      ]);
    }
  });

  it('lets the company edit a seeded one like its own', async () => {
    const sale = (await seeded()).find((r) => r.cfopInState === '5101')!;
    const body: Payload = { ...sale };
    for (const key of ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']) {
      delete body[key];
    }
    const edited = await operations.put(sale.id, {
      ...body,
      icmsRate: '18.00',
      additionalInfo: 'Documento emitido por ME ou EPP optante pelo Simples Nacional.',
      version: sale.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ icmsRate: '18.00', version: sale.version + 1 });
  });
});

describe('an existing database', () => {
  it('gets the starter natures of operation and the products keep their rows, with origin 0', async () => {
    const adminUrl = inject('testDatabaseAdminUrl');
    const name = `${inject('testDatabaseTemplate').replace(/_template$/, '')}_before_0023`;
    await createDatabaseIfMissing(adminUrl, name);
    const db = createDb(urlFor(adminUrl, name), 2);
    try {
      const index = migrations.findIndex((m) => m.name === '0023-fiscal-operations');
      await migrate(db, migrations.slice(0, index));
      await sql`
        INSERT INTO items (kind, code, name, origin, unit_id)
        SELECT 'PRODUCT', 'ANTIGO', 'Produto antigo', 'RESALE', id
        FROM units_of_measurement WHERE code = 'UN'`.execute(db);

      expect(await migrate(db, migrations.slice(0, index + 1))).toEqual(['0023-fiscal-operations']);

      const { rows } = await sql<{ name: string; cfopInState: string }>`
        SELECT name, cfop_in_state FROM fiscal_operations ORDER BY name`.execute(db);
      expect(rows.map((r) => [r.name, r.cfopInState])).toEqual(
        SEEDED.map(([n, , , cfop]) => [n, cfop]),
      );
      const { rows: items } = await sql<{ taxOrigin: string; cest: string | null }>`
        SELECT tax_origin, cest FROM items WHERE code = 'ANTIGO'`.execute(db);
      expect(items).toEqual([{ taxOrigin: '0', cest: null }]);
      const { rows: audit } = await sql<{ count: string }>`
        SELECT count(*) AS count FROM audit_log
        WHERE entity = 'fiscal-operations' AND user_id IS NULL AND action = 'create'`.execute(db);
      expect(audit).toEqual([{ count: '4' }]);
    } finally {
      await db.destroy();
    }
  });
});

describe('export and import', () => {
  it('imports an exported file back as it was, labels and codes alike', async () => {
    const { tag } = nextTag();
    const payloads: Payload[] = [
      {
        name: `${tag} Remessa para industrialização`,
        direction: 'OUT',
        cfopInState: '5901',
        cfopOutOfState: '6901',
        icmsCsosn: '400',
        icmsCst: '50',
        ipiCst: '55',
        createsBills: false,
        additionalInfo: 'Suspensão do ICMS; "retorno" em 180 dias',
      },
      {
        name: `${tag} Compra para industrialização`,
        direction: 'IN',
        cfopInState: '1101',
        cfopOutOfState: '2101',
        icmsRate: '12.00',
        ipiCst: '00',
        ipiRate: '5.00',
        ibsCbsEnabled: true,
        cClassTrib: '000001',
        ibsStateRate: '0.10',
        cbsRate: '0.90',
      },
    ];
    for (const payload of payloads) await operations.create(payload);
    // Every field of each record (GET /:id), as the export writes and the import reads them.
    const rowsOf = async () =>
      (
        await Promise.all(
          (await operations.ids({ q: tag, sort: 'name' })).map((id) => operations.read(id)),
        )
      ).map(({ id: _i, version: _v, createdAt: _c, updatedAt: _u, ...row }) => row);
    const stored = await rowsOf();
    const token = await api.adminToken();
    const exported = await api.request({
      method: 'GET',
      url: `${BASE}/fiscal-operations/export?format=csv&q=${tag}&sort=name`,
      token,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain('Saída');
    expect(exported.body).toContain('55 — Saída com suspensão');
    for (const id of await operations.ids({ q: tag })) {
      expect((await operations.del(id)).statusCode).toBe(204);
    }
    const imported = await api.request({
      method: 'POST',
      url: `${BASE}/fiscal-operations/import`,
      token,
      ...multipart('naturezas.csv', exported.rawPayload),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 2 });
    expect(await rowsOf()).toEqual(stored);
  });
});

describe('permissions', () => {
  it('are in the catalogue, and the administrator has them', async () => {
    const me = await api.request({
      method: 'GET',
      url: '/api/v1/account/me',
      token: await api.adminToken(),
    });
    expect(me.json().permissions).toEqual(
      expect.arrayContaining([
        'fiscalOperations:read',
        'fiscalOperations:write',
        'fiscalOperations:delete',
      ]),
    );
    expectError(await operations.get(99999999), 404, errors.notFound);
  });
});
