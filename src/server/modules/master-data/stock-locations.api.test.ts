import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';
import {
  crudContract,
  expectError,
  letter,
  masterData,
  nextTag,
  type Row,
} from './testing/master-data-helpers.js';

const api = useTestApi();
const locations = masterData(api, 'stock-locations');

const UNMARK = 'Deve existir um local padrão: marque outro local como padrão.';
const INACTIVATE = 'O local padrão não pode ser inativado.';
const DELETE = 'O local padrão não pode ser excluído; marque outro como padrão antes.';

async function defaults() {
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM stock_locations WHERE is_default ORDER BY id`.execute(api.db);
  return rows.map((r) => r.id);
}

const body = (row: Row, changes: Record<string, unknown> = {}) => ({
  name: row.name,
  description: row.description,
  isDefault: row.isDefault,
  active: row.active,
  version: row.version,
  ...changes,
});

// Runs first, on the file's table emptied of the location every database starts with
// (migration 0020): a database whose table is empty still gets a default from its first location.
describe('stock locations: exactly one default', () => {
  it('makes the first location created the default, even when isDefault=false was sent', async () => {
    await sql`DELETE FROM stock_locations WHERE name = 'Estoque principal'`.execute(api.db);
    expect(await defaults()).toEqual([]);
    const first = await locations.create({ name: 'Almoxarifado', isDefault: false });
    expect(first.isDefault).toBe(true);
    const second = await locations.create({ name: 'Expedição', isDefault: false });
    expect(second.isDefault).toBe(false);
    expect(await defaults()).toEqual([first.id]);
  });

  it('moves the mark when another location is made the default, and audits both', async () => {
    const [previousId] = await defaults();
    const previous = await locations.read(previousId!);
    const created = await locations.create({ name: 'Loja', isDefault: true });
    expect(created.isDefault).toBe(true);
    expect(await defaults()).toEqual([created.id]);
    const unmarked = await locations.read(previous.id);
    expect(unmarked).toMatchObject({ isDefault: false, version: previous.version + 1 });
    const [entry] = await locations.history(previous.id);
    expect(entry).toMatchObject({
      action: 'update',
      userName: 'Administrador',
      changes: { isDefault: { from: true, to: false } },
    });
    expect(Object.keys(entry!.changes)).toEqual(['isDefault']);

    // Marking through an update moves it back.
    const moved = await locations.put(unmarked.id, body(unmarked, { isDefault: true }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ isDefault: true, version: unmarked.version + 1 });
    expect(await defaults()).toEqual([unmarked.id]);
    const createdNow = await locations.read(created.id);
    expect(createdNow).toMatchObject({ isDefault: false, version: 2 });
    expect((await locations.history(created.id)).map((e) => e.action)).toEqual([
      'update',
      'create',
    ]);
    const [markEntry] = await locations.history(unmarked.id);
    expect(markEntry!.changes).toEqual({ isDefault: { from: false, to: true } });
  });

  it('refuses (422) to unmark, inactivate or delete the default, and changes nothing', async () => {
    const [id] = await defaults();
    const current = await locations.read(id!);
    const unmark = await locations.put(id!, body(current, { isDefault: false }));
    expectError(unmark, 422, UNMARK, {
      isDefault: 'Marque outro local como padrão em vez de desmarcar este.',
    });
    const inactivate = await locations.put(id!, body(current, { active: false }));
    expectError(inactivate, 422, INACTIVATE, { active: INACTIVATE });
    const remove = await locations.del(id!);
    expectError(remove, 422, DELETE);
    expect(remove.json().error.code).toBe('BUSINESS_RULE');
    expect(await locations.read(id!)).toEqual(current);
    expect(await defaults()).toEqual([id]);
  });

  it('refuses (422) a new default that is inactive and keeps the old one', async () => {
    const before = await defaults();
    const response = await locations.post({
      name: 'Depósito inativo',
      isDefault: true,
      active: false,
    });
    expectError(response, 422, INACTIVATE);
    expect(await defaults()).toEqual(before);
    expect(await locations.ids({ q: 'Depósito inativo' })).toEqual([]);
  });

  it('keeps one default when two requests mark different locations at once', async () => {
    for (let round = 0; round < 10; round++) {
      const { tag } = nextTag();
      const a = await locations.create({ name: `${tag} A` });
      const b = await locations.create({ name: `${tag} B` });
      const [ra, rb] = await Promise.all([
        locations.put(a.id, body(a, { isDefault: true })),
        locations.put(b.id, body(b, { isDefault: true })),
      ]);
      expect([ra.statusCode, rb.statusCode], `${ra.body} ${rb.body}`).toEqual([200, 200]);
      const after = await defaults();
      expect(after).toHaveLength(1);
      expect([a.id, b.id]).toContain(after[0]);
    }
    // With no default yet (as on an empty table), two creations at once make exactly one.
    await sql`UPDATE stock_locations SET is_default = false`.execute(api.db);
    const { tag } = nextTag();
    const created = await Promise.all([
      locations.post({ name: `${tag} primeiro A` }),
      locations.post({ name: `${tag} primeiro B` }),
    ]);
    expect(created.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(created.filter((r) => r.json().isDefault)).toHaveLength(1);
    expect(await defaults()).toHaveLength(1);
  });
});

crudContract(api, {
  path: 'stock-locations',
  table: 'stock_locations',
  make: (n, tag) => ({
    name: `${tag} Local ${letter(n)}`,
    description: `${tag} desc ${letter(4 - n)}`,
    isDefault: n === 2,
    active: n % 2 === 0,
  }),
  edit: (row) => ({
    name: `${String(row.name)} novo`,
    description: 'Prateleiras do fundo',
    isDefault: row.isDefault,
    active: row.active,
  }),
  duplicate: (n, tag) => ({ name: `${tag} LOCAL ${letter(n).toUpperCase()}` }),
  duplicateError: { name: 'Já existe um local de estoque com este nome.' },
  required: ['name'],
  maxLengths: { name: 60, description: 255 },
  normalised: () => [
    { input: { description: '' }, stored: { description: null } },
    { input: { isDefault: undefined }, stored: { isDefault: false } },
  ],
});
