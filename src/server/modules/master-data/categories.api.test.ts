import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import { crudContract, letter, masterData, nextTag } from './testing/master-data-helpers.js';

const api = useTestApi();

crudContract(api, {
  path: 'categories',
  table: 'categories',
  make: (n, tag) => ({
    name: `${tag} Categoria ${letter(n)}`,
    description: `${tag} desc ${letter(3 - n)}`,
    active: n % 2 === 0,
  }),
  edit: (row) => ({ name: `${String(row.name)} editada`, description: null, active: row.active }),
  duplicate: (n, tag) => ({ name: `${tag.toUpperCase()} categoria ${letter(n).toUpperCase()}` }),
  duplicateError: { name: 'Já existe uma categoria com este nome.' },
  required: ['name'],
  maxLengths: { name: 60, description: 255 },
  invalid: [{ field: 'description', value: 12, message: messages.invalid }],
  normalised: () => [
    { input: { description: '' }, stored: { description: null } },
    { input: { description: '   ' }, stored: { description: null } },
    { input: { description: undefined }, stored: { description: null } },
    { input: { description: null }, stored: { description: null } },
  ],
});

describe('categories', () => {
  const categories = masterData(api, 'categories');

  it('finds a category by its description too', async () => {
    const { tag } = nextTag();
    const row = await categories.create({
      name: `${tag} Tecidos`,
      description: 'Malhas e tricôs de Algodão',
    });
    expect(await categories.ids({ q: 'TRICOS DE ALGODAO' })).toEqual([row.id]);
  });
});
