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
  type Row,
} from '../master-data/testing/master-data-helpers.js';
import { csvRows, csvText, unique, useItemsTestApi } from './testing/items-fixtures.js';

const { api, fx, productsApi, feedstocksApi } = useItemsTestApi();
const errors = messages.errors;

/** Lookups every product of this file points at, made once. */
const ids = {} as {
  pieces: number; // UN, no decimals
  kilos: number; // KG, 3 decimals
  meters: number; // M, 2 decimals
  categories: [number, number];
  brands: [number, number];
  perUnit: number;
  perOrder: number;
  fabric: number; // a feedstock in meters
  button: number; // a feedstock in pieces
  supplier: number;
};

beforeAll(async () => {
  ids.pieces = await fx.unit(0);
  ids.kilos = await fx.unit(3);
  ids.meters = await fx.unit(2);
  ids.categories = [await fx.category(), await fx.category()];
  ids.brands = [await fx.brand(), await fx.brand()];
  ids.perUnit = await fx.outlay('PER_UNIT');
  ids.perOrder = await fx.outlay('PER_ORDER');
  ids.fabric = (await feedstock({ unitId: ids.meters })).id;
  ids.button = (await feedstock({ unitId: ids.pieces })).id;
  ids.supplier = (
    await fx.post('suppliers', {
      personType: 'J',
      document: '11444777000161',
      name: `Fornecedor ${unique()}`,
    })
  ).id;
});

const feedstock = (extra: Payload = {}) =>
  feedstocksApi.create({ code: `INS-${unique()}`, name: `Insumo ${unique()}`, ...extra });

/** A valid manufactured product with a fresh code. */
const productPayload = (extra: Payload = {}): Payload => ({
  code: `PRD-${unique()}`,
  name: `Produto ${unique()}`,
  origin: 'MANUFACTURED',
  unitId: ids.pieces,
  ...extra,
});

const barcodes = ['7891000315507', '96385074', '036000291452', '17891000315504'];

crudContract(api, {
  path: 'products',
  table: 'items',
  make: (n, tag, index) => ({
    code: `${tag.toUpperCase()}-${index}-${n}`,
    name: `${tag} produto ${letter(3 - n)}`,
    description: `Descrição ${n}`,
    origin: n % 2 === 0 ? 'MANUFACTURED' : 'RESALE',
    categoryId: ids.categories[n % 2],
    brandId: ids.brands[(n >> 1) % 2],
    unitId: ids.pieces,
    ncm: '61091000',
    taxOrigin: ['0', '1', '2', '5', '8'][n],
    cest: n % 2 === 0 ? '2803800' : null,
    barcode: barcodes[n % 4],
    salePrice: ['10.00', '25.50', '7.99', '100.00', '0.50'][n],
    defaultSupplierId: n % 2 === 0 ? null : ids.supplier,
    minimumStock: `${n + 1}.000`,
    active: n % 2 === 0,
  }),
  edit: (row) => ({
    code: row.code,
    name: `${String(row.name)} editado`,
    description: null,
    origin: 'RESALE',
    categoryId: null,
    brandId: ids.brands[1],
    unitId: ids.kilos,
    ncm: '84713012',
    taxOrigin: '6',
    cest: '0100100',
    barcode: null,
    salePrice: '19.90',
    defaultSupplierId: ids.supplier,
    minimumStock: '2.500',
    active: false,
  }),
  duplicate: (n, tag, index) => ({
    code: ` ${tag}-${index}-${n} `,
    name: 'Outro',
    origin: 'RESALE',
    unitId: ids.pieces,
  }),
  duplicateError: { code: messages.items.duplicateCode },
  required: ['code', 'name', 'origin', 'unitId'],
  maxLengths: { code: 30, name: 120, description: 1000 },
  // Read when the tests run, once the lookups exist.
  get invalid() {
    return [
      { field: 'ncm', value: '6109100', message: messages.invalidNcm },
      { field: 'ncm', value: '6109.10.0A', message: messages.invalidNcm },
      { field: 'taxOrigin', value: '9', message: messages.invalid },
      { field: 'taxOrigin', value: 'NACIONAL', message: messages.invalid },
      { field: 'cest', value: '280380', message: messages.fiscal.invalidCest },
      { field: 'cest', value: '28.038.0A', message: messages.fiscal.invalidCest },
      { field: 'barcode', value: '7891000315508', message: messages.invalidGtin },
      { field: 'barcode', value: '1234567890', message: messages.invalidGtin },
      { field: 'salePrice', value: '-1', message: messages.mustNotBeNegative },
      { field: 'salePrice', value: '1.001', message: messages.tooManyDecimals(2) },
      { field: 'minimumStock', value: '-1', message: messages.mustNotBeNegative },
      // The unit (UN) takes whole numbers only.
      { field: 'minimumStock', value: '1.5', message: messages.tooManyUnitDecimals(0) },
      { field: 'origin', value: 'IMPORTED', message: messages.invalid },
      { field: 'unitId', value: 99999999, message: errors.missingReference },
      { field: 'categoryId', value: 99999999, message: errors.missingReference },
      { field: 'defaultSupplierId', value: 99999999, message: errors.missingReference },
      // Not a list at all (found by the write routes' fuzz test: once a 500).
      { field: 'components', value: 'texto', message: messages.invalid },
      { field: 'outlays', value: { outlayId: ids.perUnit }, message: messages.invalid },
      {
        field: 'components',
        value: [{ feedstockId: ids.fabric, quantity: '1' }],
        with: { origin: 'RESALE' },
        message: messages.items.billOfMaterialsOnlyManufactured,
      },
      {
        field: 'outlays',
        value: [{ outlayId: ids.perUnit, value: '1.00' }],
        with: { origin: 'RESALE' },
        message: messages.items.billOfMaterialsOnlyManufactured,
      },
    ];
  },
  normalised: (tag) => [
    { input: { code: ` ${tag}-minusculo ` }, stored: { code: `${tag.toUpperCase()}-MINUSCULO` } },
    { input: { ncm: '6109.10.00' }, stored: { ncm: '61091000' } },
    // orig is a code: 0 (Nacional) unless told, a number taken as its digit.
    {
      input: { taxOrigin: undefined, cest: '28.038.00' },
      stored: { taxOrigin: '0', cest: '2803800' },
    },
    { input: { taxOrigin: 3 }, stored: { taxOrigin: '3' } },
    { input: { barcode: '789 1000 31550-7' }, stored: { barcode: '7891000315507' } },
    {
      input: { salePrice: '1.234,50', minimumStock: '12' },
      stored: { salePrice: '1234.50', minimumStock: '12.000' },
    },
    {
      input: {
        description: '',
        ncm: '',
        cest: '',
        barcode: '',
        salePrice: '',
        minimumStock: '',
        categoryId: '',
      },
      stored: {
        description: null,
        ncm: null,
        cest: null,
        barcode: null,
        salePrice: null,
        minimumStock: null,
        categoryId: null,
      },
    },
  ],
});

describe('products', () => {
  it('answers the read-only figures and the unit code; sent, they are ignored', async () => {
    const row = await productsApi.create(
      productPayload({ averageCost: '99.0000', standardCost: '5.00', stock: '10.000' }),
    );
    expect(row).toMatchObject({
      averageCost: '0.0000',
      standardCost: '0.0000',
      stock: '0.000',
      components: [],
      outlays: [],
      unitCode: expect.stringMatching(/^U/),
    });
    const resale = await productsApi.create(productPayload({ origin: 'RESALE' }));
    expect(resale.standardCost).toBeNull();
  });

  it('keeps the code unique across products and feedstocks, ignoring case (409 on code)', async () => {
    const code = `DUP-${unique()}`;
    await feedstock({ code, unitId: ids.pieces });
    const asProduct = await productsApi.post(productPayload({ code: code.toLowerCase() }));
    expectError(asProduct, 409, messages.items.duplicateCode, {
      code: messages.items.duplicateCode,
    });
    expect(asProduct.json().error.code).toBe('DUPLICATE');

    const product = await productsApi.create(productPayload());
    const asFeedstock = await feedstocksApi.post({
      code: String(product.code),
      name: 'Outro',
      unitId: ids.pieces,
    });
    expectError(asFeedstock, 409, messages.items.duplicateCode, {
      code: messages.items.duplicateCode,
    });
  });

  it('finds products by code, name and barcode, accent-insensitively, and never lists feedstocks', async () => {
    const tag = nextTag().tag;
    const product = await productsApi.create(
      productPayload({ code: `${tag}-1`, name: `Camisa Algodão ${tag}`, barcode: '7891000315507' }),
    );
    const material = await feedstock({
      code: `${tag}-2`,
      name: `Algodão ${tag}`,
      unitId: ids.pieces,
    });
    expect(await productsApi.ids({ q: tag })).toEqual([product.id]);
    expect(await productsApi.ids({ q: `algodao ${tag}` })).toEqual([product.id]);
    expect(await productsApi.ids({ q: `${tag.toUpperCase()}-1` })).toEqual([product.id]);
    expect(await productsApi.ids({ q: '7891000315507' })).toContain(product.id);
    expect(await feedstocksApi.ids({ q: tag })).toEqual([material.id]);
    // A feedstock's id is no product's, and the reverse.
    expectError(await productsApi.get(material.id), 404, errors.notFound);
    expectError(await feedstocksApi.get(product.id), 404, errors.notFound);
    expectError(await productsApi.del(material.id), 404, errors.notFound);
    expectError(
      await productsApi.put(material.id, { ...productPayload(), version: 1 }),
      404,
      errors.notFound,
    );
    expect((await feedstocksApi.read(material.id)).version).toBe(1);
  });

  it('needs products:write to save a bill of materials (403) and products:read to see what it can produce', async () => {
    const reader = await userWith(api, ['products:read']);
    const product = await productsApi.create(
      productPayload({ components: [{ feedstockId: ids.fabric, quantity: '1.00' }] }),
    );
    expectError(
      await productsApi.put(
        product.id,
        { ...productPayload(), version: 1, components: [] },
        reader.token,
      ),
      403,
      errors.forbidden,
    );
    const canProduceUrl = `${productsApi.url}/${product.id}/can-produce`;
    expect(
      (await api.request({ method: 'GET', url: canProduceUrl, token: reader.token })).statusCode,
    ).toBe(200);
    const outsider = await userWith(api, ['feedstocks:read']);
    expectError(
      await api.request({ method: 'GET', url: canProduceUrl, token: outsider.token }),
      403,
      errors.forbidden,
    );
    expect((await productsApi.read(product.id)).components).toHaveLength(1);
  });
});

describe('bill of materials', () => {
  it('creates the lines in order with their feedstock, unit and cost, and audits each one', async () => {
    const product = await productsApi.create(
      productPayload({
        components: [
          { feedstockId: ids.fabric, quantity: '1.5', lossPercent: '10' },
          { feedstockId: ids.button, quantity: '4' },
        ],
        outlays: [{ outlayId: ids.perUnit, value: '3.50' }],
      }),
    );
    const [fabric, button] = product.components as Row[];
    expect(product.components).toEqual([
      expect.objectContaining({
        id: expect.any(Number),
        feedstockId: ids.fabric,
        quantity: '1.500',
        lossPercent: '10.00',
        feedstockCode: expect.stringMatching(/^INS-/),
        unitCode: expect.any(String),
        averageCost: '0.0000',
        cost: '0.0000',
      }),
      expect.objectContaining({ feedstockId: ids.button, quantity: '4.000', lossPercent: '0.00' }),
    ]);
    expect(product.outlays).toEqual([
      {
        id: expect.any(Number),
        outlayId: ids.perUnit,
        value: '3.50',
        outlayName: expect.stringMatching(/^Custo /),
        kind: 'PER_UNIT',
      },
    ]);
    const [created] = await fx.history('products', product.id);
    expect(created!.changes.components).toEqual({
      from: [],
      to: [
        {
          id: fabric!.id,
          position: 1,
          feedstockId: ids.fabric,
          quantity: '1.500',
          lossPercent: '10.00',
        },
        {
          id: button!.id,
          position: 2,
          feedstockId: ids.button,
          quantity: '4.000',
          lossPercent: '0.00',
        },
      ],
    });
  });

  it('adds, changes and removes lines by id; the history lists each change', async () => {
    const product = await productsApi.create(
      productPayload({
        components: [
          { feedstockId: ids.fabric, quantity: '1.00' },
          { feedstockId: ids.button, quantity: '4' },
        ],
        outlays: [{ outlayId: ids.perUnit, value: '2.00' }],
      }),
    );
    const [fabric, button] = product.components as Row[];
    const zipper = await feedstock({ unitId: ids.pieces });
    const response = await productsApi.put(product.id, {
      ...productPayload({ code: product.code, name: product.name }),
      version: 1,
      components: [
        { id: button!.id, feedstockId: ids.button, quantity: '6' },
        { feedstockId: zipper.id, quantity: '1', lossPercent: '2.5' },
      ],
      outlays: [{ id: (product.outlays as Row[])[0]!.id, outlayId: ids.perUnit, value: '2.00' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json() as Row;
    expect(updated.version).toBe(2);
    const lines = updated.components as Row[];
    expect(lines.map((l) => [l.id === button!.id, l.feedstockId, l.quantity])).toEqual([
      [true, ids.button, '6.000'],
      [false, zipper.id, '1.000'],
    ]);

    const [update] = await fx.history('products', product.id);
    expect(update!.action).toBe('update');
    expect(update!.changes.components).toEqual({
      from: [
        {
          id: fabric!.id,
          position: 1,
          feedstockId: ids.fabric,
          quantity: '1.000',
          lossPercent: '0.00',
        },
        // A changed line carries its new position on both sides.
        { id: button!.id, position: 1, quantity: '4.000' },
      ],
      to: [
        {
          id: lines[1]!.id,
          position: 2,
          feedstockId: zipper.id,
          quantity: '1.000',
          lossPercent: '2.50',
        },
        { id: button!.id, position: 1, quantity: '6.000' },
      ],
    });
    // The outlay line was sent unchanged: not rewritten, not in the history.
    expect(update!.changes).not.toHaveProperty('outlays');
  });

  it('keeps the lines when a save leaves them out', async () => {
    const product = await productsApi.create(
      productPayload({
        components: [{ feedstockId: ids.fabric, quantity: '2' }],
        outlays: [{ outlayId: ids.perUnit, value: '1.00' }],
      }),
    );
    const response = await productsApi.put(product.id, {
      ...productPayload({ code: product.code, name: 'Renomeado' }),
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Renomeado',
      components: product.components,
      outlays: product.outlays,
    });
  });

  it('refuses a stale version with 409 and changes neither the product nor a line', async () => {
    const product = await productsApi.create(
      productPayload({ components: [{ feedstockId: ids.fabric, quantity: '1' }] }),
    );
    const line = (product.components as Row[])[0]!;
    const current = (
      await productsApi.put(product.id, { ...productPayload({ code: product.code }), version: 1 })
    ).json() as Row;
    const historyBefore = await fx.history('products', product.id);
    const stale = await productsApi.put(product.id, {
      ...productPayload({ code: product.code, name: 'Versão velha' }),
      version: 1,
      components: [
        { id: line.id, feedstockId: ids.fabric, quantity: '9' },
        { feedstockId: ids.button, quantity: '2' },
      ],
      outlays: [{ outlayId: ids.perUnit, value: '5.00' }],
    });
    expectError(stale, 409, errors.staleVersion);
    expect(stale.json().error.code).toBe('STALE_VERSION');
    expect(await productsApi.read(product.id)).toEqual(current);
    expect(await fx.history('products', product.id)).toEqual(historyBefore);
  });

  it('answers 400 on the line that is wrong, and writes nothing', async () => {
    const tag = nextTag().tag;
    const otherProduct = await productsApi.create(productPayload());
    const cases: [Payload, Record<string, string>][] = [
      [
        { components: [{ feedstockId: otherProduct.id, quantity: '1' }] },
        { 'components.0.feedstockId': messages.items.notAFeedstock },
      ],
      [
        { components: [{ feedstockId: 99999999, quantity: '1' }] },
        { 'components.0.feedstockId': errors.missingReference },
      ],
      [
        // Buttons are counted in whole pieces; fabric takes centimeters, not millimeters.
        {
          components: [
            { feedstockId: ids.button, quantity: '1.5' },
            { feedstockId: ids.fabric, quantity: '0.125' },
          ],
        },
        {
          'components.0.quantity': messages.tooManyUnitDecimals(0),
          'components.1.quantity': messages.tooManyUnitDecimals(2),
        },
      ],
      [
        {
          components: [
            { feedstockId: ids.fabric, quantity: '1' },
            { feedstockId: ids.fabric, quantity: '2' },
          ],
        },
        { 'components.1.feedstockId': messages.items.repeatedFeedstock },
      ],
      [
        { components: [{ feedstockId: ids.fabric, quantity: '0' }] },
        { 'components.0.quantity': messages.mustBePositive },
      ],
      [
        { components: [{ feedstockId: ids.fabric, quantity: '1', lossPercent: '100.01' }] },
        { 'components.0.lossPercent': messages.outOfRange },
      ],
      [
        { outlays: [{ outlayId: 99999999, value: '1.00' }] },
        { 'outlays.0.outlayId': errors.missingReference },
      ],
      [
        {
          outlays: [
            { outlayId: ids.perUnit, value: '1.00' },
            { outlayId: ids.perUnit, value: '2.00' },
          ],
        },
        { 'outlays.1.outlayId': messages.items.repeatedOutlay },
      ],
      [
        { outlays: [{ outlayId: ids.perUnit, value: '-1' }] },
        { 'outlays.0.value': messages.mustNotBeNegative },
      ],
    ];
    for (const [lines, fields] of cases) {
      const response = await productsApi.post(productPayload({ name: `${tag} produto`, ...lines }));
      expectError(response, 400, errors.badRequest, fields);
    }
    expect(await productsApi.ids({ q: tag })).toEqual([]);
  });

  it('saves a new product and its lines in one transaction: a line the database refuses leaves no product', async () => {
    // A failure only the database sees, after the product's row is written: a trigger of this
    // file's own database refuses one loss percentage.
    await sql`
      CREATE FUNCTION test_refuse_component() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.loss_percent = 99.99 THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_refuse_component BEFORE INSERT ON item_components
        FOR EACH ROW EXECUTE FUNCTION test_refuse_component();
    `.execute(api.db);
    const componentLineCount = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM item_components`.execute(api.db))
        .rows[0]!.n;
    try {
      const linesBefore = await componentLineCount();
      const tag = nextTag().tag;
      const refused = await productsApi.post(
        productPayload({
          name: `${tag} produto`,
          components: [
            { feedstockId: ids.button, quantity: '2' },
            { feedstockId: ids.fabric, quantity: '1', lossPercent: '99.99' },
          ],
        }),
      );
      expect(refused.statusCode).toBe(500);
      expect(await productsApi.ids({ q: tag })).toEqual([]);
      expect(await componentLineCount()).toBe(linesBefore);
    } finally {
      await sql`DROP TRIGGER test_refuse_component ON item_components;
        DROP FUNCTION test_refuse_component();`.execute(api.db);
    }
  });

  it('refuses the id of a line of another product', async () => {
    const first = await productsApi.create(
      productPayload({ components: [{ feedstockId: ids.fabric, quantity: '1' }] }),
    );
    const second = await productsApi.create(productPayload());
    const response = await productsApi.put(second.id, {
      ...productPayload({ code: second.code }),
      version: 1,
      components: [
        { id: (first.components as Row[])[0]!.id, feedstockId: ids.fabric, quantity: '1' },
      ],
    });
    expectError(response, 400, errors.badRequest, {
      'components.0.id': errors.lineNotInDocument,
    });
  });

  it('turns a product to resale only without lines', async () => {
    const product = await productsApi.create(
      productPayload({
        components: [{ feedstockId: ids.fabric, quantity: '1' }],
        outlays: [{ outlayId: ids.perUnit, value: '1.00' }],
      }),
    );
    const base = { ...productPayload({ code: product.code }), origin: 'RESALE', version: 1 };
    expectError(await productsApi.put(product.id, base), 400, errors.badRequest, {
      components: messages.items.billOfMaterialsOnlyManufactured,
      outlays: messages.items.billOfMaterialsOnlyManufactured,
    });
    const cleared = await productsApi.put(product.id, { ...base, components: [], outlays: [] });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({
      origin: 'RESALE',
      components: [],
      outlays: [],
      standardCost: null,
    });
  });
});

describe('standard cost and stock', () => {
  it('rolls the current average costs up with the loss, plus per-unit outlays, to the cent', async () => {
    const lining = await feedstock({ unitId: ids.meters });
    const snap = await feedstock({ unitId: ids.pieces });
    await fx.setAverageCost(lining.id, '12.3456');
    await fx.setAverageCost(snap.id, '0.0725');
    const product = await productsApi.create(
      productPayload({
        components: [
          { feedstockId: lining.id, quantity: '1.50', lossPercent: '10' },
          { feedstockId: snap.id, quantity: '4' },
        ],
        outlays: [
          { outlayId: ids.perUnit, value: '3.50' },
          { outlayId: ids.perOrder, value: '80.00' },
        ],
      }),
    );
    // 1.5 × 1.1 × 12.3456 = 20.37024; 4 × 0.0725 = 0.29; + 3.50 per unit (the 80.00 is per order).
    expect(product.standardCost).toBe('24.1602');
    expect((product.components as Row[]).map((c) => [c.averageCost, c.cost])).toEqual([
      ['12.3456', '20.3702'],
      ['0.0725', '0.2900'],
    ]);

    // Always from the average costs of now.
    await fx.setAverageCost(lining.id, '10.0000');
    expect((await productsApi.read(product.id)).standardCost).toBe('20.2900'); // 16.50 + 0.29 + 3.50
    // Found through the list (whose rows carry no cost), the record has it too.
    const listed = await productsApi.ids({ q: String(product.code) });
    expect(listed).toEqual([product.id]);
    expect((await productsApi.read(listed[0]!)).standardCost).toBe('20.2900');
  });

  it('shows the stock on hand over every location', async () => {
    const product = await productsApi.create(productPayload({ unitId: ids.kilos }));
    const [first, second] = [await fx.location(), await fx.location()];
    await fx.setBalance(product.id, first, '2.500');
    await fx.setBalance(product.id, second, '0.125');
    expect((await productsApi.read(product.id)).stock).toBe('2.625');
  });

  it('keeps the unit once stock has moved (422), and the minimum stock in the unit’s decimals', async () => {
    const product = await productsApi.create(
      productPayload({ unitId: ids.kilos, minimumStock: '1.25' }),
    );
    expect(product.minimumStock).toBe('1.250');
    const base = { ...productPayload({ code: product.code, unitId: ids.kilos }), version: 1 };
    expectError(
      await productsApi.put(product.id, { ...base, unitId: ids.pieces, minimumStock: '1.25' }),
      400,
      errors.badRequest,
      { minimumStock: messages.tooManyUnitDecimals(0) },
    );
    await fx.addMovement(product.id, await fx.location());
    const changed = await productsApi.put(product.id, { ...base, unitId: ids.pieces });
    expectError(changed, 422, messages.items.unitLocked, { unitId: messages.items.unitLocked });
    const renamed = await productsApi.put(product.id, { ...base, name: 'Mesmo produto' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

describe('can produce now', () => {
  it('gives each active location the whole units its stock allows and the limiting material', async () => {
    const cloth = await feedstock({ unitId: ids.meters });
    const thread = await feedstock({ unitId: ids.kilos });
    const product = await productsApi.create(
      productPayload({
        components: [
          { feedstockId: cloth.id, quantity: '1.50', lossPercent: '10' }, // 1.65 m per unit
          { feedstockId: thread.id, quantity: '0.020' }, // 20 g per unit
        ],
      }),
    );
    const [shop, depot, bare, closed] = [
      await fx.location(),
      await fx.location(),
      await fx.location(),
      await fx.location(),
    ];
    await fx.setBalance(cloth.id, shop, '10.00'); // 6 units
    await fx.setBalance(thread.id, shop, '1.000'); // 50 units
    await fx.setBalance(cloth.id, depot, '100.00'); // 60 units
    await fx.setBalance(thread.id, depot, '0.100'); // 5 units
    await fx.setBalance(cloth.id, closed, '100.00');
    await fx.setBalance(thread.id, closed, '100.000');
    const inactive = await api.request({
      method: 'PUT',
      url: `/api/v1/stock-locations/${closed}`,
      token: await api.adminToken(),
      payload: { name: `Fechado ${unique()}`, active: false, version: 1 },
    });
    expect(inactive.statusCode, inactive.body).toBe(200);

    const response = await api.request({
      method: 'GET',
      url: `${productsApi.url}/${product.id}/can-produce`,
      token: await api.adminToken(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const byLocation = new Map(
      (response.json().items as { locationId: number }[]).map((item) => [item.locationId, item]),
    );
    expect(byLocation.has(closed)).toBe(false);
    expect(byLocation.get(shop)).toMatchObject({
      quantity: 6,
      limitedBy: [
        {
          feedstockId: cloth.id,
          feedstockCode: cloth.code,
          feedstockName: cloth.name,
          available: '10.000',
          perUnit: '1.65',
        },
      ],
    });
    expect(byLocation.get(depot)).toMatchObject({
      quantity: 5,
      limitedBy: [{ feedstockId: thread.id, available: '0.100', perUnit: '0.02' }],
    });
    // A location without the materials allows none, and both stop it.
    expect(byLocation.get(bare)).toMatchObject({
      quantity: 0,
      limitedBy: [
        { feedstockId: cloth.id, available: '0.000' },
        { feedstockId: thread.id, available: '0.000' },
      ],
    });
  });

  it('answers 422 for a product without materials and 404 for a feedstock', async () => {
    const product = await productsApi.create(productPayload({ origin: 'RESALE' }));
    const response = await api.request({
      method: 'GET',
      url: `${productsApi.url}/${product.id}/can-produce`,
      token: await api.adminToken(),
    });
    expectError(response, 422, messages.items.noBillOfMaterials);
    const notAProduct = await api.request({
      method: 'GET',
      url: `${productsApi.url}/${ids.fabric}/can-produce`,
      token: await api.adminToken(),
    });
    expectError(notAProduct, 404, errors.notFound);
  });
});

describe('deleting a product', () => {
  it('takes its lines with it and keeps them in the history', async () => {
    const product = await productsApi.create(
      productPayload({ components: [{ feedstockId: ids.fabric, quantity: '1' }] }),
    );
    expect((await productsApi.del(product.id)).statusCode).toBe(204);
    const [deletion] = await fx.history('products', product.id);
    expect(deletion!.changes.components).toEqual({
      from: [
        {
          id: (product.components as Row[])[0]!.id,
          position: 1,
          feedstockId: ids.fabric,
          quantity: '1.000',
          lossPercent: '0.00',
        },
      ],
      to: [],
    });
  });

  it('answers 409 IN_USE while stock refers to it', async () => {
    const product = await productsApi.create(productPayload());
    await fx.setBalance(product.id, await fx.location(), '1');
    const response = await productsApi.del(product.id);
    expectError(response, 409, errors.inUse);
    expect(response.json().error.code).toBe('IN_USE');
    expect((await productsApi.read(product.id)).id).toBe(product.id);
  });
});

describe('products export and import', () => {
  it('imports an exported file back as it was (without bills of materials)', async () => {
    const tag = nextTag().tag;
    const payloads = [
      productPayload({
        code: `${tag}-A`.toUpperCase(),
        name: `${tag} Camiseta`,
        description: 'Malha; "penteada"',
        categoryId: ids.categories[0],
        brandId: ids.brands[1],
        ncm: '61091000',
        taxOrigin: '1',
        cest: '2803800',
        barcode: '7891000315507',
        salePrice: '1234.56',
        minimumStock: '10.000',
        components: [{ feedstockId: ids.fabric, quantity: '1' }],
      }),
      productPayload({
        code: `${tag}-B`.toUpperCase(),
        name: `${tag} Boné`,
        origin: 'RESALE',
        active: false,
      }),
    ];
    for (const payload of payloads) await productsApi.create(payload);
    // Every field of each record (GET /:id), as the export writes and the import reads them.
    const rowsOf = async () =>
      (
        await Promise.all(
          (await productsApi.ids({ q: tag, sort: 'code' })).map((id) => productsApi.read(id)),
        )
      ).map(
        ({
          id: _id,
          version: _v,
          createdAt: _c,
          updatedAt: _u,
          components: _l,
          standardCost: _s,
          ...row
        }) => row,
      );
    const stored = await rowsOf();

    for (const format of ['csv', 'xlsx'] as const) {
      const exported = await fx.exportFile('products', `q=${tag}&sort=code`, format);
      if (format === 'csv') {
        expect(csvRows(exported.body)[0]).toMatchObject({
          Código: `${tag}-A`.toUpperCase(),
          Origem: 'Fabricado',
          NCM: '61091000',
          'Origem da mercadoria': '1 — Estrangeira, importação direta',
          CEST: '2803800',
          'Preço de venda': '1.234,56',
          'Estoque mínimo': '10,000',
          'Custo médio': '0,0000',
          Ativo: 'Sim',
        });
      }
      // Already there: every code is refused, on its line.
      const again = await fx.importFile('products', `produtos.${format}`, exported.rawPayload);
      expectError(again, 400, 'Nenhum registro importado: 2 linhas com erro.', {
        '2.code': errors.duplicate,
        '3.code': errors.duplicate,
      });

      for (const id of await productsApi.ids({ q: tag })) {
        expect((await productsApi.del(id)).statusCode).toBe(204);
      }
      const imported = await fx.importFile('products', `produtos.${format}`, exported.rawPayload);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json()).toEqual({ imported: 2 });
      expect(await rowsOf()).toEqual(stored.map((row) => ({ ...row, outlays: [] })));
    }
  });

  it('refuses a file whose quantities do not fit the unit, naming the code, and imports nothing', async () => {
    const tag = nextTag().tag.toUpperCase();
    const file = csvText([
      ['Código', 'Nome', 'Origem', 'Unidade de medida', 'Estoque mínimo'],
      [`${tag}-1`, 'Caneca', 'Revenda', String(ids.pieces), '2'],
      [`${tag}-2`, 'Copo', 'Revenda', String(ids.pieces), '2,5'],
    ]);
    const response = await fx.importFile('products', 'produtos.csv', file);
    expectError(
      response,
      400,
      `Nenhum registro importado: ${tag}-2, Estoque mínimo: ${messages.tooManyUnitDecimals(0)}.`,
    );
    expect(await productsApi.ids({ q: tag })).toEqual([]);
  });
});
