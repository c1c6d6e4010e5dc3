import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { cityNameKey } from '../../../shared/br/municipalities.js';
import { messages } from '../../../shared/messages.js';
import { createDb } from '../../db/connection.js';
import { createDatabaseIfMissing } from '../../db/database-url.js';
import { migrate } from '../../db/migrate.js';
import { migrations } from '../../db/migrations/index.js';
import { useTestApi } from '../../testing/api-app.js';
import { multipart } from '../../testing/multipart.js';
import { urlFor } from '../../testing/test-database.js';
import {
  BASE,
  cnpjFrom,
  cpfFrom,
  expectError,
  masterData,
  userWith,
} from '../master-data/testing/master-data-helpers.js';

/** Issue 18, "Fiscal set-up": every address gets its IBGE municipality code. */
const api = useTestApi();
const clients = masterData(api, 'clients');
const suppliers = masterData(api, 'suppliers');

const SAO_PAULO = '3550308';
const CAMPINAS = '3509502';
const RIO = '3304557';

let documents = 0;
function party(address: Record<string, unknown>) {
  documents += 1;
  return {
    personType: 'F',
    name: `Endereço ${documents}`,
    document: cpfFrom(`7${String(documents).padStart(3, '0')}00000`),
    address,
  };
}

const list = (query: string, token?: string) =>
  api.request({ method: 'GET', url: `${BASE}/municipalities?${query}`, token });

describe('GET /municipalities', () => {
  it('is for signed-in users only, whatever their permissions', async () => {
    expect((await list('uf=SP&q=campi')).statusCode).toBe(401);
    const { token } = await userWith(api, []);
    const response = await list('uf=SP&q=campi', token);
    expect(response.statusCode, response.body).toBe(200);
  });

  it("lists the UF's municipalities whose name matches, accents and case ignored, by name", async () => {
    const token = await api.adminToken();
    const campi = (await list('uf=SP&q=campi', token)).json().items;
    expect(campi.map((m: { name: string }) => m.name)).toEqual([
      'Campina do Monte Alegre',
      'Campinas',
      'Nova Campina',
    ]);
    expect(campi[1]).toEqual({ code: CAMPINAS, name: 'Campinas', uf: 'SP' });

    const saoPaulo = (await list('uf=SP&q=SAO%20PAULO', token)).json().items;
    expect(saoPaulo).toContainEqual({ code: SAO_PAULO, name: 'São Paulo', uf: 'SP' });
    // Another UF's municipality of the same name is not offered.
    expect((await list('uf=RJ&q=campinas', token)).json().items).toEqual([]);
  });

  it('finds a code by its digits, and answers at most 50 rows without a search', async () => {
    const token = await api.adminToken();
    expect((await list(`uf=SP&q=${SAO_PAULO}`, token)).json().items).toEqual([
      { code: SAO_PAULO, name: 'São Paulo', uf: 'SP' },
    ]);
    const all = (await list('uf=MG', token)).json().items as { name: string }[];
    expect(all).toHaveLength(50);
    expect(all[0]!.name).toBe('Abadia dos Dourados');
  });

  it('needs a valid UF', async () => {
    const token = await api.adminToken();
    expect((await list('q=campi', token)).statusCode).toBe(400);
    expect((await list('uf=XX', token)).statusCode).toBe(400);
  });

  it("keys every municipality's name the same way in the database and on the web", async () => {
    const { rows } = await sql<{ name: string; nameKey: string }>`
      SELECT name, name_key FROM municipalities`.execute(api.db);
    // The shipped table: 5,571 municipalities (Boa Esperança do Norte, MT, since 2024).
    expect(rows).toHaveLength(5571);
    const differ = rows.filter((r) => cityNameKey(r.name) !== r.nameKey);
    expect(differ).toEqual([]);
  });
});

describe('an address saved with a city and a UF', () => {
  it('gets the code of the one municipality of that name in the UF', async () => {
    const created = await clients.create(party({ city: 'sao  PAULO', state: 'sp' }));
    expect(created.address).toMatchObject({ city: 'sao  PAULO', state: 'SP', cityCode: SAO_PAULO });

    const supplier = await suppliers.create(party({ city: 'Campinas', state: 'SP' }));
    expect(supplier.address).toMatchObject({ cityCode: CAMPINAS });

    // A move to another city refills the code when none is sent.
    const moved = await clients.put(created.id, {
      ...party({}),
      document: created.document,
      address: {
        ...(created.address as object),
        city: 'Rio de Janeiro',
        state: 'RJ',
        cityCode: '',
      },
      version: created.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().address.cityCode).toBe(RIO);
  });

  it('is saved without a code when no municipality matches', async () => {
    const created = await clients.create(party({ city: 'Cidade Inventada', state: 'SP' }));
    expect(created.address).toMatchObject({ city: 'Cidade Inventada', cityCode: null });
  });

  it('keeps a chosen code of its UF, and refuses one of another UF or none at all', async () => {
    const chosen = await clients.create(
      party({ city: 'Campinas', state: 'SP', cityCode: CAMPINAS }),
    );
    expect(chosen.address).toMatchObject({ cityCode: CAMPINAS });

    expectError(
      await clients.post(party({ city: 'Campinas', state: 'RJ', cityCode: CAMPINAS })),
      400,
      messages.errors.badRequest,
      { 'address.cityCode': messages.cityCodeOfAnotherUf },
    );
    expectError(
      await suppliers.post(party({ city: 'Nenhures', state: 'SP', cityCode: '3599999' })),
      400,
      messages.errors.badRequest,
      { 'address.cityCode': messages.cityCodeOfAnotherUf },
    );
    expectError(
      await clients.post(party({ city: 'Campinas', cityCode: CAMPINAS })),
      400,
      messages.errors.badRequest,
      { 'address.cityCode': messages.cityCodeWithoutUf },
    );
    expectError(
      await clients.post(party({ city: 'Campinas', state: 'SP', cityCode: '35095' })),
      400,
      messages.errors.badRequest,
      { 'address.cityCode': messages.invalidCityCode },
    );
  });

  it("fills and checks the company's address the same way", async () => {
    const token = await api.adminToken();
    const company = (await api.request({ method: 'GET', url: `${BASE}/company`, token })).json();
    const put = (address: Record<string, unknown>, version: number) =>
      api.request({
        method: 'PUT',
        url: `${BASE}/company`,
        token,
        payload: { ...company, address: { ...company.address, ...address }, version },
      });
    const filled = await put({ city: 'Campinas', state: 'SP' }, company.version);
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().address.cityCode).toBe(CAMPINAS);

    expectError(
      await put({ city: 'Campinas', state: 'MG', cityCode: CAMPINAS }, filled.json().version),
      400,
      messages.errors.badRequest,
      { 'address.cityCode': messages.cityCodeOfAnotherUf },
    );
  });

  it('exports the code as its own column', async () => {
    const created = await clients.create(party({ city: 'Campinas', state: 'SP' }));
    const csv = await api.request({
      method: 'GET',
      url: `${clients.url}/export?format=csv&q=${encodeURIComponent(String(created.name))}`,
      token: await api.adminToken(),
    });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const column = header!.split(';').indexOf('Município (IBGE)');
    expect(column).toBeGreaterThan(-1);
    expect(row!.split(';')[column]).toBe(CAMPINAS);
  });
});

describe('an import of clients', () => {
  it('takes the code column, and fills the rows that have none', async () => {
    const csv = [
      'Tipo de pessoa;CPF / CNPJ;Nome / Razão social;Cidade;UF;Município (IBGE)',
      `Pessoa Física;${cpfFrom('821000000')};Importado Campinas;Campinas;SP;`,
      `Pessoa Física;${cpfFrom('822000000')};Importado Rio;Rio;RJ;${RIO}`,
    ].join('\r\n');
    const response = await api.request({
      method: 'POST',
      url: `${clients.url}/import`,
      token: await api.adminToken(),
      ...multipart('clientes.csv', csv),
    });
    expect(response.statusCode, response.body).toBe(200);
    // The code is the record's (GET /:id): a list row's address is its city and UF.
    const rows = (await Promise.all(
      (await clients.ids({ q: 'Importado', sort: 'name' })).map((id) => clients.read(id)),
    )) as unknown as { name: string; address: { cityCode: string | null } }[];
    expect(rows.map((r) => [r.name, r.address.cityCode])).toEqual([
      ['Importado Campinas', CAMPINAS],
      ['Importado Rio', RIO],
    ]);
  });
});

describe('an import of clients with a code of another UF', () => {
  it('imports nothing and names the line of each wrong code', async () => {
    const csv = [
      'Tipo de pessoa;CPF / CNPJ;Nome / Razão social;Cidade;UF;Município (IBGE)',
      `Pessoa Física;${cpfFrom('823000000')};Linha Certa;Campinas;SP;${CAMPINAS}`,
      `Pessoa Física;${cpfFrom('824000000')};Linha Errada;Campinas;RJ;${CAMPINAS}`,
    ].join('\r\n');
    const response = await api.request({
      method: 'POST',
      url: `${clients.url}/import`,
      token: await api.adminToken(),
      ...multipart('clientes.csv', csv),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'IMPORT_INVALID',
      message: 'Nenhum registro importado: 1 linha com erro.',
      fields: { '3.address.cityCode': messages.cityCodeOfAnotherUf },
    });
    expect((await clients.list({ q: 'Linha' })).json().items).toEqual([]);
  });
});

describe('migration 0021 on an existing database', () => {
  it('fills the code of the addresses whose city matches one municipality of their UF', async () => {
    const adminUrl = inject('testDatabaseAdminUrl');
    const name = `${inject('testDatabaseTemplate').replace(/_template$/, '')}_before_0021`;
    await createDatabaseIfMissing(adminUrl, name);
    const db = createDb(urlFor(adminUrl, name), 2);
    try {
      const at = migrations.findIndex((m) => m.name === '0021-municipalities');
      await migrate(db, migrations.slice(0, at));
      const address = (city: string | null, state: string | null) =>
        JSON.stringify({ city, state, street: 'Rua A' });
      await sql`
        INSERT INTO clients (person_type, name, document, address) VALUES
          ('F', 'Acentos', ${cpfFrom('811000000')}, ${address('SÃO PAULO', 'SP')}),
          ('F', 'Hífen', ${cpfFrom('812000000')}, ${address(' Mogi-Mirim', 'SP')}),
          ('F', 'Outra UF', ${cpfFrom('813000000')}, ${address('Campinas', 'RJ')}),
          ('F', 'Nenhuma', ${cpfFrom('814000000')}, ${address('Cidade Inventada', 'SP')}),
          ('F', 'Sem UF', ${cpfFrom('815000000')}, ${address('Campinas', null)})`.execute(db);
      await sql`
        INSERT INTO suppliers (person_type, name, document, address)
        VALUES ('J', 'Fornecedor', ${cnpjFrom('816000000000')}, ${address('rio de janeiro', 'RJ')})`.execute(
        db,
      );
      await sql`
        INSERT INTO company (id, legal_name, address, phones)
        VALUES (1, 'Empresa', ${address('Belo Horizonte', 'MG')}, '[]')`.execute(db);

      expect(await migrate(db, migrations.slice(0, at + 1))).toEqual(['0021-municipalities']);

      const { rows } = await sql<{ name: string; address: Record<string, unknown> }>`
        SELECT name, address FROM clients ORDER BY id`.execute(db);
      expect(rows.map((r) => [r.name, r.address.cityCode ?? null])).toEqual([
        ['Acentos', SAO_PAULO],
        ['Hífen', '3530805'],
        ['Outra UF', null],
        ['Nenhuma', null],
        ['Sem UF', null],
      ]);
      // The rest of the address is left as it was.
      expect(rows[0]!.address).toEqual({
        city: 'SÃO PAULO',
        state: 'SP',
        street: 'Rua A',
        cityCode: SAO_PAULO,
      });
      const supplier = await sql<{ code: string }>`
        SELECT address->>'cityCode' AS code FROM suppliers`.execute(db);
      expect(supplier.rows).toEqual([{ code: RIO }]);
      const company = await sql<{ code: string }>`
        SELECT address->>'cityCode' AS code FROM company`.execute(db);
      expect(company.rows).toEqual([{ code: '3106200' }]);
    } finally {
      await db.destroy();
    }
  });
});
