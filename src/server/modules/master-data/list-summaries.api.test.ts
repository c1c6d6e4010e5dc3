import { describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../../../shared/resource.js';
import { resources, type ResourcePath } from '../../../shared/resources/index.js';
import { useTestApi } from '../../testing/api-app.js';
import {
  BASE,
  cpfFrom,
  masterData,
  nextTag,
  type Payload,
  type Row,
} from './testing/master-data-helpers.js';
import { partyPayload } from './testing/party-helpers.js';

/**
 * A list sends what the screen shows: each row of a resource's list is its summary (the id and
 * the definition's `listFields`), every value as the record (GET /:id) has it; the form reads the
 * record. A page of clients is at most half the bytes it was when its rows were the records.
 */
const api = useTestApi();

/** What a row of the list carries: the id and each list field (`address` for `address.city`). */
function summaryKeys(definition: ResourceDefinition) {
  return ['id', ...new Set(definition.listFields.map((key) => key.split('.')[0]!))].sort();
}

/** The list fields that are a record's nested keys: `{ address: ['city', 'state'] }`. */
function nestedKeys(definition: ResourceDefinition) {
  const nested: Record<string, string[]> = {};
  for (const key of definition.listFields) {
    const [root, inner] = key.split('.') as [string, string | undefined];
    if (inner) (nested[root] ??= []).push(inner);
  }
  return nested;
}

/** Fields a list row has that the record does not: a product's flag (checked on its own). */
const listOnly: Partial<Record<ResourcePath, string[]>> = { products: ['hasBillOfMaterials'] };

async function get(url: string) {
  const response = await api.request({ method: 'GET', url, token: await api.adminToken() });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response;
}

/** At least one row of every resource: the seeded ones, and these for the rest. */
async function rowsForEveryResource(tag: string, index: number) {
  const post = (path: string, payload: Payload) => masterData(api, path).create(payload);
  const unit = await post('units-of-measurement', { code: `${tag}U`.toUpperCase(), decimals: 2 });
  await post('brands', { name: `${tag} Marca` });
  await post('categories', { name: `${tag} Categoria`, description: 'Descrição' });
  await post('colors', { name: `${tag} Cor`, hex: '#112233' });
  await post('material-types', { name: `${tag} Tipo` });
  await post('sizes', { name: `${tag} T`, sortOrder: 10 });
  const outlay = await post('outlays', { name: `${tag} Custo`, kind: 'PER_UNIT' });
  await post('financial-categories', {
    name: `${tag} Categoria financeira`,
    kind: 'EXPENSE',
    dreGroup: 'OTHER',
  });
  await post('clients', { ...partyPayload(0, tag, index), creditLimit: '1000.00' });
  const supplier = await post('suppliers', {
    ...partyPayload(1, tag, index),
    contactName: 'Contato',
  });
  const feedstock = await post('feedstocks', {
    code: `${tag}-INS`,
    name: `${tag} Insumo`,
    unitId: unit.id,
    defaultSupplierId: supplier.id,
    minimumStock: '2.00',
  });
  const made = await post('products', {
    code: `${tag}-FAB`,
    name: `${tag} Produto fabricado`,
    description: 'Um texto longo que a lista não mostra',
    origin: 'MANUFACTURED',
    unitId: unit.id,
    ncm: '6109.10.00',
    salePrice: '59.90',
    components: [{ feedstockId: feedstock.id, quantity: '1.50', lossPercent: '5' }],
    outlays: [{ outlayId: outlay.id, value: '2.00' }],
  });
  const resale = await post('products', {
    code: `${tag}-REV`,
    name: `${tag} Produto de revenda`,
    origin: 'RESALE',
    unitId: unit.id,
    defaultSupplierId: supplier.id,
  });
  return { made, resale };
}

describe('list rows', () => {
  it('carry exactly their summary’s keys, each value as the record has it', async () => {
    const { tag, index } = nextTag();
    const { made, resale } = await rowsForEveryResource(tag, index);

    for (const [path, definition] of Object.entries(resources) as [
      ResourcePath,
      ResourceDefinition,
    ][]) {
      const page = (await get(`${BASE}/${path}?pageSize=100`)).json() as { items: Row[] };
      expect(page.items.length, path).toBeGreaterThan(0);
      for (const row of page.items) {
        expect({ path, keys: Object.keys(row).sort() }).toEqual({
          path,
          keys: summaryKeys(definition),
        });
        for (const [root, inner] of Object.entries(nestedKeys(definition))) {
          expect(Object.keys(row[root] as object).sort(), `${path}.${root}`).toEqual(
            [...inner].sort(),
          );
        }
      }
      // The values are the record's (the first rows, to keep the test short).
      for (const row of page.items.slice(0, 3)) {
        const record = (await get(`${BASE}/${path}/${row.id}`)).json() as Row;
        for (const key of Object.keys(row)) {
          if (listOnly[path]?.includes(key)) continue;
          const inner = nestedKeys(definition)[key];
          const expected = inner
            ? Object.fromEntries(inner.map((k) => [k, (record[key] as Row)[k]]))
            : record[key];
          expect({ path, key, value: row[key] }).toEqual({ path, key, value: expected });
        }
      }
    }

    // A product's row says whether it has a bill of materials, without its lines.
    const products = (await get(`${BASE}/products?q=${tag}&pageSize=100`)).json().items as Row[];
    expect(products.map((row) => [row.id, row.hasBillOfMaterials])).toEqual(
      expect.arrayContaining([
        [made.id, true],
        [resale.id, false],
      ]),
    );
    expect(((await get(`${BASE}/products/${made.id}`)).json() as Row).components).toHaveLength(1);
  });

  it('make a page of 50 clients at most half the bytes of the same page of records', async () => {
    const { tag, index } = nextTag();
    const clients = masterData(api, 'clients');
    // Clients as a company keeps them: a person or a company, with an address and contacts.
    for (let n = 0; n < 50; n++) {
      const payload = partyPayload(n % 2, tag, index);
      await clients.create({
        ...payload,
        personType: 'F',
        document: cpfFrom(String(810_000_000 + index * 100 + n)),
        name: `${tag} Cliente ${String(n).padStart(2, '0')}`,
        creditLimit: '25000.00',
      });
    }
    const listed = await get(`${BASE}/clients?q=${tag}&pageSize=50&sort=name`);
    const page = listed.json() as { items: Row[]; total: number; page: number; pageSize: number };
    expect(page.items).toHaveLength(50);

    // The same page as the list answered it before: each row the whole record (GET /:id).
    const records = await Promise.all(
      page.items.map(async (row) => (await get(`${BASE}/clients/${row.id}`)).json() as Row),
    );
    const before = Buffer.byteLength(JSON.stringify({ ...page, items: records }));
    const now = Buffer.byteLength(listed.body);
    expect(now / before).toBeLessThanOrEqual(0.5);
  });
});
