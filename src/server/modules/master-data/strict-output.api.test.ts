import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';
import { BASE, masterData, nextTag, type Row } from './testing/master-data-helpers.js';
import { partyPayload } from './testing/party-helpers.js';

const api = useTestApi();

/**
 * Responses name what they answer: a column the resource's definition does not name (one added
 * by a migration for the server's own use, the stored search text, a password hash) is read from
 * the database but never sent.
 */
const bookkeeping = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'];
const keysOf = (row: object) => Object.keys(row).sort();

describe('strict responses', () => {
  const brands = masterData(api, 'brands');
  const brandKeys = [...bookkeeping, 'name', 'active'].sort();

  beforeAll(async () => {
    // A column of the server's own, as a later migration could add: the repository reads it.
    await sql`ALTER TABLE brands ADD COLUMN internal_note text NOT NULL DEFAULT 'interno'`.execute(
      api.db,
    );
  });

  it('sends only the definition’s fields from create, get, update and list', async () => {
    const { tag } = nextTag();
    const created = await brands.create({ name: `${tag} Marca` });
    expect(keysOf(created)).toEqual(brandKeys);

    const read = await brands.read(created.id);
    expect(keysOf(read)).toEqual(brandKeys);

    const updated = await brands.put(created.id, {
      name: `${tag} Marca editada`,
      active: false,
      version: created.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(keysOf(updated.json())).toEqual(brandKeys);

    // A list's row is its summary: the id and the list's fields (list-summaries.api.test.ts).
    const listed = await brands.list({ q: tag });
    expect(listed.json().items.map(keysOf)).toEqual([['id', 'name', 'active'].sort()]);

    // The column is there and read: only the schema keeps it in.
    const stored = await sql<{ note: string }>`
      SELECT internal_note AS note FROM brands WHERE id = ${created.id}`.execute(api.db);
    expect(stored.rows).toEqual([{ note: 'interno' }]);
  });

  it('sends a party’s fields and its whole address, never the stored search text', async () => {
    const { tag, index } = nextTag();
    const created = await masterData(api, 'clients').create(partyPayload(0, tag, index));
    expect(keysOf(created)).toEqual(
      [
        ...bookkeeping,
        'personType',
        'document',
        'name',
        'tradeName',
        'stateRegistration',
        'email',
        'phone',
        'mobile',
        'address',
        'creditLimit',
        'notes',
        'active',
      ].sort(),
    );
    expect(keysOf(created.address as object)).toEqual(
      ['zipCode', 'street', 'number', 'complement', 'district', 'city', 'state', 'cityCode'].sort(),
    );
    const listed = await masterData(api, 'clients').list({ q: tag });
    expect((listed.json().items as Row[]).map((row) => 'searchText' in row)).toEqual([false]);
  });

  it('sends the computed balance of a checking account', async () => {
    const { tag } = nextTag();
    const created = await masterData(api, 'checking-accounts').create({
      name: `${tag} Conta`,
      bankCode: '341',
      openingBalance: '150.25',
      openingDate: '2026-01-02',
    });
    expect(created).toMatchObject({ openingBalance: '150.25', balance: '150.25' });
  });

  it('never sends a user’s password hash', async () => {
    const response = await api.request({
      method: 'GET',
      url: `${BASE}/users`,
      token: await api.adminToken(),
    });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as Row[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.filter((row) => 'passwordHash' in row)).toEqual([]);
  });
});
