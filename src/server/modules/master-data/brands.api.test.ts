import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import { crudContract, letter, masterData, nextTag } from './testing/master-data-helpers.js';

const api = useTestApi();

crudContract(api, {
  path: 'brands',
  table: 'brands',
  make: (n, tag) => ({ name: `${tag} Marca ${letter(n)}`, active: n % 2 === 0 }),
  edit: (row) => ({ name: `${String(row.name)} editada`, active: !row.active }),
  duplicate: (n, tag) => ({ name: `${tag} MARCA ${letter(n).toUpperCase()}` }),
  duplicateError: { name: 'Já existe uma marca com este nome.' },
  required: ['name'],
  maxLengths: { name: 60 },
  invalid: [
    { field: 'name', value: 42, message: messages.invalid },
    { field: 'name', value: 'x'.repeat(61), message: messages.tooLong(60) },
  ],
});

describe('brands', () => {
  const brands = masterData(api, 'brands');

  it('sorts names the Brazilian way: accents next to their letter', async () => {
    const { tag } = nextTag();
    const names = ['Bruno', 'Álvaro', 'azul', 'Ébano', 'Carlos'].map((n) => `${tag} ${n}`);
    for (const name of names) await brands.create({ name });
    const listed = (await brands.list({ q: tag, sort: 'name' }))
      .json()
      .items.map((r: { name: string }) => r.name.slice(tag.length + 1));
    expect(listed).toEqual(['Álvaro', 'azul', 'Bruno', 'Carlos', 'Ébano']);
  });
});
