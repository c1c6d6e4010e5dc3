import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import { crudContract, letter } from './testing/master-data-helpers.js';

const api = useTestApi();

const kinds = ['CHECK', 'BANK_TRANSFER', 'PIX', 'BOLETO', 'CASH'];
const usages = ['RECEIVE', 'BOTH', 'PAY', 'BOTH', 'PAY'];

crudContract(api, {
  path: 'payment-methods',
  table: 'payment_methods',
  make: (n, tag) => ({
    name: `${tag} Forma ${letter(n)}`,
    kind: kinds[n % kinds.length],
    usage: usages[n % usages.length],
    active: n % 2 === 0,
  }),
  edit: (row) => ({ name: row.name, kind: 'CREDIT_CARD', usage: 'RECEIVE', active: row.active }),
  duplicate: (n, tag) => ({ name: `${tag} FORMA ${letter(n)}`, kind: 'CASH' }),
  duplicateError: { name: 'Já existe uma forma de pagamento/recebimento com este nome.' },
  required: ['name', 'kind'],
  maxLengths: { name: 60 },
  invalid: [
    { field: 'kind', value: 'BITCOIN', message: messages.invalid },
    { field: 'kind', value: 'pix', message: messages.invalid },
    { field: 'usage', value: 'SELL', message: messages.invalid },
  ],
  normalised: () => [
    { input: { usage: undefined }, stored: { usage: 'BOTH' } },
    { input: { kind: 'DEBIT_CARD', usage: 'PAY' }, stored: { kind: 'DEBIT_CARD', usage: 'PAY' } },
  ],
});
