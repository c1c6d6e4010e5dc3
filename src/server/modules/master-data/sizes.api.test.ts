import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import { crudContract, letter, masterData, nextTag } from './testing/master-data-helpers.js';

const api = useTestApi();

crudContract(api, {
  path: 'sizes',
  table: 'sizes',
  // sortOrder and name disagree, so that the default order (sortOrder) is not the name's.
  make: (n, tag) => ({
    name: `${tag} T${letter(n)}`,
    sortOrder: (5 - n) * 10,
    active: n % 2 === 0,
  }),
  edit: (row) => ({ name: row.name, sortOrder: 9999, active: row.active }),
  duplicate: (n, tag) => ({ name: `${tag.toUpperCase()} T${letter(n).toUpperCase()}` }),
  duplicateError: { name: 'Já existe um tamanho com este nome.' },
  required: ['name'],
  maxLengths: { name: 20 },
  invalid: [
    { field: 'sortOrder', value: -1, message: messages.outOfRange },
    { field: 'sortOrder', value: 10000, message: messages.outOfRange },
    { field: 'sortOrder', value: 'primeiro', message: messages.notANumber },
    { field: 'sortOrder', value: 1.5, message: messages.notANumber },
  ],
  normalised: () => [
    { input: { sortOrder: undefined }, stored: { sortOrder: 0 } },
    { input: { sortOrder: '' }, stored: { sortOrder: 0 } },
    { input: { sortOrder: ' 42 ' }, stored: { sortOrder: 42 } },
    { input: { sortOrder: 0 }, stored: { sortOrder: 0 } },
    { input: { sortOrder: 9999 }, stored: { sortOrder: 9999 } },
  ],
});

describe('sizes', () => {
  const sizes = masterData(api, 'sizes');

  it('lists by sortOrder by default: P, M, G, GG however they were created', async () => {
    const { tag } = nextTag();
    const created: Record<string, number> = {};
    for (const [name, sortOrder] of [
      ['GG', 40],
      ['P', 10],
      ['G', 30],
      ['M', 20],
    ] as const) {
      created[name] = (await sizes.create({ name: `${tag} ${name}`, sortOrder })).id;
    }
    expect(await sizes.ids({ q: tag })).toEqual(['P', 'M', 'G', 'GG'].map((n) => created[n]));
    expect(await sizes.ids({ q: tag, sort: '-sortOrder' })).toEqual(
      ['GG', 'G', 'M', 'P'].map((n) => created[n]),
    );
  });
});
