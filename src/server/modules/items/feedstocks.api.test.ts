import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import {
  crudContract,
  expectError,
  letter,
  nextTag,
  userWith,
  type Payload,
} from '../master-data/testing/master-data-helpers.js';
import { csvRows, unique, useItemsTestApi } from './testing/items-fixtures.js';

const { api, fx, feedstocksApi, productsApi } = useItemsTestApi();
const errors = messages.errors;

const ids = {} as {
  pieces: number;
  kilos: number;
  materialTypes: [number, number];
  suppliers: [number, number];
  color: number;
};

beforeAll(async () => {
  ids.pieces = await fx.unit(0);
  ids.kilos = await fx.unit(3);
  ids.materialTypes = [
    (await fx.post('material-types', { name: `Tipo ${unique()}` })).id,
    (await fx.post('material-types', { name: `Tipo ${unique()}` })).id,
  ];
  const supplier = async (document: string) =>
    (
      await fx.post('suppliers', {
        personType: 'J',
        document,
        name: `Fornecedor ${unique()}`,
      })
    ).id;
  ids.suppliers = [await supplier('11444777000161'), await supplier('11222333000181')];
  ids.color = (await fx.post('colors', { name: `Cor ${unique()}` })).id;
});

const feedstockPayload = (extra: Payload = {}): Payload => ({
  code: `INS-${unique()}`,
  name: `Insumo ${unique()}`,
  unitId: ids.kilos,
  ...extra,
});

crudContract(api, {
  path: 'feedstocks',
  table: 'items',
  make: (n, tag, index) => ({
    code: `${tag.toUpperCase()}-${index}-${n}`,
    name: `${tag} insumo ${letter(3 - n)}`,
    materialTypeId: ids.materialTypes[n % 2],
    unitId: ids.kilos,
    colorId: n % 2 === 0 ? ids.color : null,
    defaultSupplierId: ids.suppliers[(n >> 1) % 2],
    minimumStock: `${n}.125`,
    active: n % 2 === 0,
  }),
  edit: (row) => ({
    code: row.code,
    name: `${String(row.name)} editado`,
    materialTypeId: null,
    unitId: ids.pieces,
    colorId: ids.color,
    defaultSupplierId: null,
    minimumStock: '3.000',
    active: false,
  }),
  duplicate: (n, tag, index) => ({
    code: ` ${tag}-${index}-${n} `,
    name: 'Outro',
    unitId: ids.pieces,
  }),
  duplicateError: { code: messages.items.duplicateCode },
  required: ['code', 'name', 'unitId'],
  maxLengths: { code: 30, name: 120 },
  invalid: [
    { field: 'minimumStock', value: '1.0001', message: messages.tooManyDecimals(3) },
    { field: 'minimumStock', value: 'muito', message: messages.notANumber },
    { field: 'unitId', value: 99999999, message: errors.missingReference },
    { field: 'materialTypeId', value: 99999999, message: errors.missingReference },
    { field: 'defaultSupplierId', value: 99999999, message: errors.missingReference },
    { field: 'colorId', value: 'azul', message: messages.notANumber },
  ],
  normalised: (tag) => [
    { input: { code: ` ${tag}-minusculo ` }, stored: { code: `${tag.toUpperCase()}-MINUSCULO` } },
    { input: { minimumStock: '1.234,5' }, stored: { minimumStock: '1234.500' } },
    {
      input: { materialTypeId: '', colorId: null, defaultSupplierId: '', minimumStock: '' },
      stored: { materialTypeId: null, colorId: null, defaultSupplierId: null, minimumStock: null },
    },
  ],
});

describe('feedstocks', () => {
  it('answers the stock figures read-only: sent, they are ignored', async () => {
    const row = await feedstocksApi.create(
      feedstockPayload({ averageCost: '9.9900', lastPurchasePrice: '8.00', stock: '5.000' }),
    );
    expect(row).toMatchObject({
      averageCost: '0.0000',
      lastPurchasePrice: null,
      stock: '0.000',
      unitCode: expect.stringMatching(/^U/),
    });
    expect(row).not.toHaveProperty('components');
    expect(row).not.toHaveProperty('standardCost');

    await fx.setAverageCost(row.id, '2.3750');
    const [first, second] = [await fx.location(), await fx.location()];
    await fx.setBalance(row.id, first, '1.500');
    await fx.setBalance(row.id, second, '2.250');
    expect(await feedstocksApi.read(row.id)).toMatchObject({
      averageCost: '2.3750',
      stock: '3.750',
    });
  });

  it('keeps the code unique among products too (409 on code)', async () => {
    const product = await productsApi.create({
      code: `PRD-${unique()}`,
      name: 'Produto',
      origin: 'RESALE',
      unitId: ids.pieces,
    });
    const response = await feedstocksApi.post(
      feedstockPayload({ code: ` ${String(product.code).toLowerCase()} ` }),
    );
    expectError(response, 409, messages.items.duplicateCode, {
      code: messages.items.duplicateCode,
    });
    expect(response.json().error.code).toBe('DUPLICATE');
  });

  it('keeps the minimum stock within the unit’s decimals', async () => {
    const response = await feedstocksApi.post(
      feedstockPayload({ unitId: ids.pieces, minimumStock: '2.5' }),
    );
    expectError(response, 400, errors.badRequest, {
      minimumStock: messages.tooManyUnitDecimals(0),
    });
    expect(
      (await feedstocksApi.create(feedstockPayload({ minimumStock: '2.125' }))).minimumStock,
    ).toBe('2.125');
  });

  it('answers 409 IN_USE when a bill of materials uses it, and deletes it once none does', async () => {
    const material = await feedstocksApi.create(feedstockPayload());
    const product = await productsApi.create({
      code: `PRD-${unique()}`,
      name: 'Produto com estrutura',
      origin: 'MANUFACTURED',
      unitId: ids.pieces,
      components: [{ feedstockId: material.id, quantity: '0.5' }],
    });
    const inUse = await feedstocksApi.del(material.id);
    expectError(inUse, 409, errors.inUse);
    expect(inUse.json().error.code).toBe('IN_USE');
    expect(await feedstocksApi.read(material.id)).toMatchObject({ id: material.id, version: 1 });

    const cleared = await productsApi.put(product.id, {
      code: product.code,
      name: product.name,
      origin: 'MANUFACTURED',
      unitId: ids.pieces,
      components: [],
      version: 1,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await feedstocksApi.del(material.id)).statusCode).toBe(204);
  });

  it('answers 409 IN_USE while the ledger refers to it, and keeps its unit (422)', async () => {
    const material = await feedstocksApi.create(feedstockPayload());
    await fx.addMovement(material.id, await fx.location());
    expectError(await feedstocksApi.del(material.id), 409, errors.inUse);
    const changed = await feedstocksApi.put(material.id, {
      ...feedstockPayload({ code: material.code }),
      unitId: ids.pieces,
      version: 1,
    });
    expectError(changed, 422, messages.items.unitLocked, { unitId: messages.items.unitLocked });
    const { rows } = await sql<{ unitId: number }>`
      SELECT unit_id FROM items WHERE id = ${material.id}`.execute(api.db);
    expect(rows[0]!.unitId).toBe(ids.kilos);
  });

  it('needs feedstocks:write to create (403), whatever products allows', async () => {
    const { token } = await userWith(api, ['feedstocks:read', 'products:read', 'products:write']);
    expectError(await feedstocksApi.post(feedstockPayload(), token), 403, errors.forbidden);
  });
});

describe('feedstocks export and import', () => {
  it('imports an exported file back as it was', async () => {
    const tag = nextTag().tag;
    for (const payload of [
      feedstockPayload({
        code: `${tag}-A`.toUpperCase(),
        name: `${tag} Tecido`,
        materialTypeId: ids.materialTypes[0],
        colorId: ids.color,
        defaultSupplierId: ids.suppliers[1],
        minimumStock: '1234.125',
      }),
      feedstockPayload({ code: `${tag}-B`.toUpperCase(), name: `${tag} Linha`, active: false }),
    ]) {
      await feedstocksApi.create(payload);
    }
    // Every field of each record (GET /:id), as the export writes and the import reads them.
    const rowsOf = async () =>
      (
        await Promise.all(
          (await feedstocksApi.ids({ q: tag, sort: 'code' })).map((id) => feedstocksApi.read(id)),
        )
      ).map(({ id: _id, version: _v, createdAt: _c, updatedAt: _u, ...row }) => row);
    const stored = await rowsOf();
    expect(stored).toHaveLength(2);

    const exported = await fx.exportFile('feedstocks', `q=${tag}&sort=code`);
    expect(csvRows(exported.body)[0]).toMatchObject({
      Código: `${tag}-A`.toUpperCase(),
      // As Excel pt-BR reads a number: a decimal comma, dots between thousands.
      'Estoque mínimo': '1.234,125',
      'Último preço de compra': '',
      Ativo: 'Sim',
    });
    for (const id of await feedstocksApi.ids({ q: tag })) {
      expect((await feedstocksApi.del(id)).statusCode).toBe(204);
    }
    const imported = await fx.importFile('feedstocks', 'insumos.csv', exported.body);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 2 });
    expect(await rowsOf()).toEqual(stored);

    const history = await fx.history('feedstocks', (await feedstocksApi.ids({ q: tag }))[0]!);
    expect(history.map((entry) => entry.action)).toEqual(['import']);
  });
});
