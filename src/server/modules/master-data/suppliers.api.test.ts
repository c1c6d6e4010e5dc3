import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';
import { masterData, nextTag } from './testing/master-data-helpers.js';
import { partyPayload, partyTests } from './testing/party-helpers.js';

const api = useTestApi();

partyTests(api, 'suppliers', {
  make: (n) => ({ contactName: `Contato ${n}` }),
  edit: { contactName: 'Maria Souza' },
  duplicateMessage: 'Já existe um fornecedor com este CPF/CNPJ.',
  maxLengths: { contactName: 120 },
  normalised: [{ input: { contactName: '  ' }, stored: { contactName: null } }],
});

describe('suppliers', () => {
  const suppliers = masterData(api, 'suppliers');

  it('has a contact name and no credit limit', async () => {
    const { tag, index } = nextTag();
    const row = await suppliers.create({
      ...partyPayload(0, tag, index),
      contactName: ' Maria ',
      creditLimit: '100.00',
    });
    expect(row.contactName).toBe('Maria');
    expect(row).not.toHaveProperty('creditLimit');
  });
});
