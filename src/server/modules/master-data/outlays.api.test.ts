import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import { crudContract, letter } from './testing/master-data-helpers.js';

const api = useTestApi();

// As text, "10.00" < "100.50" < "1000.00" < "9.90": a money column must sort as a number.
const values = ['9.90', '1000.00', '10.00', '100.50', '0.00'];

crudContract(api, {
  path: 'outlays',
  table: 'outlays',
  make: (n, tag) => ({
    name: `${tag} Custo ${letter(n)}`,
    kind: n % 2 === 0 ? 'PER_UNIT' : 'PER_ORDER',
    defaultValue: values[n % values.length],
    active: n % 2 === 0,
  }),
  edit: (row) => ({ name: row.name, kind: 'PER_ORDER', defaultValue: '1234.56', active: true }),
  duplicate: (n, tag) => ({ name: `${tag} CUSTO ${letter(n)}`, kind: 'PER_ORDER' }),
  duplicateError: { name: 'Já existe um custo de produção com este nome.' },
  required: ['name', 'kind'],
  maxLengths: { name: 60 },
  invalid: [
    { field: 'kind', value: 'POR_HORA', message: messages.invalid },
    { field: 'defaultValue', value: 'abc', message: messages.notANumber },
    { field: 'defaultValue', value: '12,3,4', message: messages.notANumber },
    { field: 'defaultValue', value: true, message: messages.notANumber },
    { field: 'defaultValue', value: '1.234', message: messages.tooManyDecimals(2) },
    { field: 'defaultValue', value: '-0.01', message: messages.mustNotBeNegative },
    { field: 'defaultValue', value: '1234567890123456', message: messages.outOfRange },
    { field: 'defaultValue', value: '12345678901234.5', message: messages.outOfRange },
    { field: 'defaultValue', value: '99999999999999', message: messages.outOfRange },
  ],
  normalised: () => [
    { input: { defaultValue: undefined }, stored: { defaultValue: '0.00' } },
    { input: { defaultValue: '1.234,56' }, stored: { defaultValue: '1234.56' } },
    { input: { defaultValue: ' R$ 10,5 ' }, stored: { defaultValue: '10.50' } },
    { input: { defaultValue: 12.5 }, stored: { defaultValue: '12.50' } },
    { input: { defaultValue: '9999999999999.99' }, stored: { defaultValue: '9999999999999.99' } },
    { input: { kind: 'PER_ORDER' }, stored: { kind: 'PER_ORDER' } },
  ],
});
