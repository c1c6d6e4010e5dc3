import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { createDb } from '../../db/connection.js';
import { createDatabaseIfMissing } from '../../db/database-url.js';
import { migrate } from '../../db/migrate.js';
import { migrations } from '../../db/migrations/index.js';
import { useTestApi } from '../../testing/api-app.js';
import { urlFor } from '../../testing/test-database.js';
import { masterData, type Row } from './testing/master-data-helpers.js';

/** Issue 16 §15: what a new database starts with (migration 0020). */
const api = useTestApi();
const units = masterData(api, 'units-of-measurement');
const methods = masterData(api, 'payment-methods');
const accounts = masterData(api, 'checking-accounts');
const locations = masterData(api, 'stock-locations');

async function all(resource: ReturnType<typeof masterData>): Promise<Row[]> {
  const response = await resource.list({ pageSize: 100 });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as Row[];
}

const UNITS = ['CM', 'CX', 'G', 'KG', 'L', 'M', 'ML', 'PAR', 'PC', 'UN'];
const METHODS = [
  ['Boleto', 'BOLETO'],
  ['Cartão de crédito', 'CREDIT_CARD'],
  ['Cartão de débito', 'DEBIT_CARD'],
  ['Dinheiro', 'CASH'],
  ['PIX', 'PIX'],
  ['Transferência', 'BANK_TRANSFER'],
];

describe('a new database', () => {
  it('has the common units, payment methods, a "Caixa" account and a default location', async () => {
    const unitRows = await all(units);
    expect(unitRows.map((u) => u.code).sort()).toEqual(UNITS);
    expect(unitRows.find((u) => u.code === 'UN')).toMatchObject({
      description: 'Unidade',
      decimals: 0,
      active: true,
    });
    expect(unitRows.find((u) => u.code === 'KG')).toMatchObject({
      description: 'Quilograma',
      decimals: 3,
    });

    const methodRows = await all(methods);
    expect(methodRows.map((m) => [m.name, m.kind])).toEqual(METHODS);
    expect(methodRows.every((m) => m.usage === 'BOTH' && m.active)).toBe(true);

    const accountRows = await all(accounts);
    expect(accountRows).toEqual([
      expect.objectContaining({ name: 'Caixa', bankCode: '000', balance: '0.00', active: true }),
    ]);
    // The opening balance is the record's, not the list's.
    expect(await accounts.read(accountRows[0]!.id)).toMatchObject({
      name: 'Caixa',
      bankCode: '000',
      openingBalance: '0.00',
      balance: '0.00',
      active: true,
    });

    expect(await all(locations)).toEqual([
      expect.objectContaining({ name: 'Estoque principal', isDefault: true, active: true }),
    ]);
  });

  it('shows each seeded row as created by the system, with no user', async () => {
    const [caixa] = await all(accounts);
    const history = await accounts.history(caixa!.id);
    expect(history).toEqual([
      expect.objectContaining({
        action: 'create',
        userName: null,
        changes: expect.objectContaining({
          name: { from: null, to: 'Caixa' },
          openingBalance: { from: null, to: '0.00' },
        }),
      }),
    ]);
  });

  it('lets the company edit and delete the seeded rows like its own', async () => {
    const listed = (await all(units)).find((u) => u.code === 'UN')!;
    // The version is the record's (the form's), not the list's.
    const un = await units.read(listed.id);
    const edited = await units.put(un.id, {
      code: 'UN',
      description: 'Unidade avulsa',
      decimals: 0,
      active: true,
      version: un.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ description: 'Unidade avulsa', version: 2 });

    const [caixa] = await all(accounts);
    expect((await accounts.del(caixa!.id)).statusCode).toBe(204);
    expect(await all(accounts)).toEqual([]);

    const pix = (await all(methods)).find((m) => m.kind === 'PIX')!;
    expect((await methods.del(pix.id)).statusCode).toBe(204);
    const [entry] = await methods.history(pix.id);
    expect(entry).toMatchObject({ action: 'delete', userName: 'Administrador' });
  });
});

describe('an existing database', () => {
  it('gets only the starter rows it lacks, and keeps its own as they are', async () => {
    const adminUrl = inject('testDatabaseAdminUrl');
    const name = `${inject('testDatabaseTemplate').replace(/_template$/, '')}_before_0020`;
    await createDatabaseIfMissing(adminUrl, name);
    const db = createDb(urlFor(adminUrl, name), 2);
    try {
      const before = migrations.findIndex((m) => m.name === '0020-starter-records');
      await migrate(db, migrations.slice(0, before));
      // A company already at work: its own "UN", a PIX method under another name, a "CAIXA"
      // account and its own default location.
      await sql`
        INSERT INTO units_of_measurement (code, description, decimals) VALUES ('UN', 'Unidades', 2);
        INSERT INTO payment_methods (name, kind, usage) VALUES ('Pix Itaú', 'PIX', 'RECEIVE');
        INSERT INTO checking_accounts (name, bank_code, opening_date)
          VALUES ('CAIXA', '104', '2024-01-01');
        INSERT INTO stock_locations (name, is_default) VALUES ('Galpão', true);
      `.execute(db);

      // Up to 0020 only: later migrations seed rows of their own (0023) and have their tests.
      expect(await migrate(db, migrations.slice(0, before + 1))).toEqual(['0020-starter-records']);

      const { rows: unitRows } = await sql<{ code: string; description: string }>`
        SELECT code, description FROM units_of_measurement ORDER BY code`.execute(db);
      expect(unitRows.map((u) => u.code)).toEqual(UNITS);
      expect(unitRows.find((u) => u.code === 'UN')!.description).toBe('Unidades');

      const { rows: methodRows } = await sql<{ name: string }>`
        SELECT name FROM payment_methods ORDER BY name`.execute(db);
      expect(methodRows.map((m) => m.name)).toEqual([
        'Boleto',
        'Cartão de crédito',
        'Cartão de débito',
        'Dinheiro',
        'Pix Itaú',
        'Transferência',
      ]);

      const { rows: accountRows } = await sql<{ name: string }>`
        SELECT name FROM checking_accounts`.execute(db);
      expect(accountRows).toEqual([{ name: 'CAIXA' }]);

      const { rows: locationRows } = await sql<{ name: string }>`
        SELECT name FROM stock_locations`.execute(db);
      expect(locationRows).toEqual([{ name: 'Galpão' }]);

      // One history entry per row added, none written as if by a request.
      const { rows: audit } = await sql<{ entity: string; count: string }>`
        SELECT entity, count(*) AS count FROM audit_log
        WHERE user_id IS NULL AND request_id IS NULL AND action = 'create'
        GROUP BY entity ORDER BY entity`.execute(db);
      expect(audit).toEqual([
        { entity: 'payment-methods', count: '5' },
        { entity: 'units-of-measurement', count: '9' },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
