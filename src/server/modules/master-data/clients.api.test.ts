import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import { cpfFrom, formatCpf, masterData, nextTag } from './testing/master-data-helpers.js';
import { partyPayload, partyTests } from './testing/party-helpers.js';

const api = useTestApi();

const limits = ['5000.00', null, '100.50', '999.99', '0.00'];

partyTests(api, 'clients', {
  make: (n) => ({ creditLimit: limits[n % limits.length] }),
  edit: { creditLimit: '2500.00' },
  duplicateMessage: 'Já existe um cliente com este CPF/CNPJ.',
  invalid: [
    { field: 'creditLimit', value: 'abc', message: messages.notANumber },
    { field: 'creditLimit', value: '1234567890123456', message: messages.outOfRange },
    { field: 'creditLimit', value: '12345678901234', message: messages.outOfRange },
    { field: 'creditLimit', value: '10.001', message: messages.tooManyDecimals(2) },
    { field: 'creditLimit', value: '-1,00', message: messages.mustNotBeNegative },
  ],
  normalised: [
    { input: { creditLimit: '' }, stored: { creditLimit: null } },
    { input: { creditLimit: undefined }, stored: { creditLimit: null } },
    { input: { creditLimit: '1.500,00' }, stored: { creditLimit: '1500.00' } },
    { input: { creditLimit: 750 }, stored: { creditLimit: '750.00' } },
  ],
});

describe('clients and suppliers', () => {
  const clients = masterData(api, 'clients');
  const suppliers = masterData(api, 'suppliers');

  it('allows the same document once among clients and once among suppliers', async () => {
    const { tag, index } = nextTag();
    const cpf = cpfFrom(`${String(index).padStart(3, '0')}600000`);
    const payload = { ...partyPayload(0, tag, index), document: formatCpf(cpf) };
    const client = await clients.create(payload);
    const supplier = await suppliers.create(payload);
    expect(client.document).toBe(cpf);
    expect(supplier.document).toBe(cpf);
    const first = await clients.post(payload);
    expect(first.statusCode).toBe(409);
    expect(first.json().error).toMatchObject({
      code: 'DUPLICATE',
      message: 'Já existe um cliente com este CPF/CNPJ.',
      fields: { document: 'Já existe um cliente com este CPF/CNPJ.' },
    });
    const second = await suppliers.post({ ...payload, document: cpf });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('Já existe um fornecedor com este CPF/CNPJ.');
    expect(second.json().error.fields).toEqual({
      document: 'Já existe um fornecedor com este CPF/CNPJ.',
    });
  });
});
