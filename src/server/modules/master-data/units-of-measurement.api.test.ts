import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import { crudContract, letter, masterData, nextTag } from './testing/master-data-helpers.js';

const api = useTestApi();

crudContract(api, {
  path: 'units-of-measurement',
  table: 'units_of_measurement',
  make: (n, tag) => ({
    code: `${tag.toUpperCase()}${n}`,
    description: `${tag} unidade ${letter(3 - n)}`,
    decimals: (n + 2) % 4,
    active: n % 2 === 0,
  }),
  edit: (row) => ({ code: row.code, description: 'Quilograma', decimals: 3, active: false }),
  duplicate: (n, tag) => ({ code: ` ${tag}${n} `, description: 'Outra', decimals: 0 }),
  duplicateError: { code: 'Já existe uma unidade de medida com este código.' },
  required: ['code', 'decimals'],
  maxLengths: { code: 6, description: 60 },
  accentField: 'description',
  invalid: [
    { field: 'decimals', value: 4, message: messages.outOfRange },
    { field: 'decimals', value: -1, message: messages.outOfRange },
    { field: 'decimals', value: 'duas', message: messages.notANumber },
    { field: 'code', value: 'K G', message: messages.pattern },
    { field: 'code', value: 'KG-1', message: messages.pattern },
    { field: 'code', value: 'PEÇA', message: messages.pattern },
  ],
  normalised: (tag) => [
    { input: { code: ` ${tag}m² ` }, stored: { code: `${tag.toUpperCase()}M²` } },
    {
      input: { code: `${tag}kg`, decimals: '3' },
      stored: { code: `${tag.toUpperCase()}KG`, decimals: 3 },
    },
    { input: { description: '' }, stored: { description: null } },
    { input: { decimals: 0 }, stored: { decimals: 0 } },
  ],
});

describe('units of measurement', () => {
  const units = masterData(api, 'units-of-measurement');

  it('keeps the code unique whatever case it is typed in, and finds it by code', async () => {
    const { tag } = nextTag();
    const code = `${tag.slice(2).toUpperCase()}KG`;
    const row = await units.create({ code: code.toLowerCase(), description: 'Quilo', decimals: 3 });
    expect(row).toMatchObject({ code, description: 'Quilo', decimals: 3 });
    const again = await units.post({ code: ` ${code} `, decimals: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({
      code: 'Já existe uma unidade de medida com este código.',
    });
    expect(await units.ids({ q: code.toLowerCase() })).toEqual([row.id]);
  });
});
