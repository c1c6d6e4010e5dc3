import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import { crudContract, letter, masterData, nextTag } from './testing/master-data-helpers.js';

const api = useTestApi();

const hexOf = (n: number) => `#${'0A1B2C3D4E'.slice(n, n + 6).padEnd(6, 'F')}`;

crudContract(api, {
  path: 'colors',
  table: 'colors',
  make: (n, tag) => ({ name: `${tag} Cor ${letter(n)}`, hex: hexOf(n), active: n % 2 === 0 }),
  edit: (row) => ({ name: row.name, hex: '#FFFFFF', active: row.active }),
  duplicate: (n, tag) => ({ name: `${tag} cor ${letter(n).toUpperCase()}`, hex: '#000000' }),
  duplicateError: { name: 'Já existe uma cor com este nome.' },
  required: ['name'],
  maxLengths: { name: 60 },
  invalid: [
    { field: 'hex', value: '#12345', message: messages.pattern },
    { field: 'hex', value: '#1234567', message: messages.pattern },
    { field: 'hex', value: '123456', message: messages.pattern },
    { field: 'hex', value: '#GGGGGG', message: messages.pattern },
    { field: 'hex', value: 'vermelho', message: messages.pattern },
  ],
  normalised: () => [
    { input: { hex: '#a1b2c3' }, stored: { hex: '#A1B2C3' } },
    { input: { hex: '  #ffcc00 ' }, stored: { hex: '#FFCC00' } },
    { input: { hex: '' }, stored: { hex: null } },
    { input: { hex: undefined }, stored: { hex: null } },
  ],
});

describe('colors', () => {
  const colors = masterData(api, 'colors');

  it('finds a color by its hex code', async () => {
    const { tag } = nextTag();
    const row = await colors.create({ name: `${tag} Coral`, hex: '#fa8072' });
    expect(row.hex).toBe('#FA8072');
    expect(await colors.ids({ q: '#fa8072' })).toEqual([row.id]);
  });
});
