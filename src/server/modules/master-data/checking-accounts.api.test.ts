import { describe, expect, it } from 'vitest';
import { addDays, addYears, todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import { crudContract, letter, masterData, nextTag } from './testing/master-data-helpers.js';

const api = useTestApi();
const aYearAhead = addYears(todayInSaoPaulo(), 1);

const banks = ['341', '001', '237', '104', '033'];
const balances = ['9.90', '-250.00', '1000.00', '10.00', '0.00'];

crudContract(api, {
  path: 'checking-accounts',
  table: 'checking_accounts',
  make: (n, tag) => ({
    name: `${tag} Conta ${letter(n)}`,
    bankCode: banks[n % banks.length],
    bankName: `${tag} Banco ${letter(n)}`,
    agency: `${4 - n}${n}01`,
    accountNumber: `${n}${n}345-${n}`,
    openingBalance: balances[n % balances.length],
    openingDate: `2026-01-${String(n + 10).padStart(2, '0')}`,
    active: n % 2 === 0,
  }),
  edit: (row) => ({
    name: row.name,
    bankCode: '260',
    bankName: 'Nu Pagamentos',
    agency: '0001',
    accountNumber: row.accountNumber,
    openingBalance: '1500.75',
    openingDate: '2025-12-31',
    active: row.active,
  }),
  duplicate: (n, tag) => ({
    name: `${tag} CONTA ${letter(n)}`,
    bankCode: '001',
    openingDate: '2026-01-01',
  }),
  duplicateError: { name: 'Já existe uma conta-corrente com este nome.' },
  required: ['name', 'bankCode', 'openingDate'],
  maxLengths: { name: 60, bankName: 60, agency: 10, accountNumber: 20 },
  invalid: [
    { field: 'bankCode', value: '12', message: messages.bankCode },
    { field: 'bankCode', value: '1234', message: messages.bankCode },
    { field: 'bankCode', value: 'ABC', message: messages.bankCode },
    { field: 'bankCode', value: 341, message: messages.invalid },
    { field: 'openingDate', value: '2026-02-30', message: 'Data inexistente: 30/02/2026' },
    { field: 'openingDate', value: '2025-02-29', message: 'Data inexistente: 29/02/2025' },
    { field: 'openingDate', value: '2026-13-01', message: 'Data inexistente: 01/13/2026' },
    { field: 'openingDate', value: '31/01/2026', message: messages.pattern },
    { field: 'openingDate', value: '2026-01-31T00:00:00Z', message: messages.pattern },
    // An opening date can be at most a year ahead: further it is a typo (issue 15 §4).
    { field: 'openingDate', value: addDays(aYearAhead, 1), message: messages.dateTooFarAhead },
    { field: 'openingDate', value: '2062-01-15', message: messages.dateTooFarAhead },
    { field: 'openingBalance', value: 'abc', message: messages.notANumber },
    { field: 'openingBalance', value: '1234567890123456', message: messages.outOfRange },
    { field: 'openingBalance', value: '-12345678901234.5', message: messages.outOfRange },
    { field: 'openingBalance', value: '0.001', message: 'No máximo 2 casas decimais' },
  ],
  normalised: () => [
    {
      input: { openingBalance: '1.234,56' },
      stored: { openingBalance: '1234.56', balance: '1234.56' },
    },
    { input: { openingBalance: undefined }, stored: { openingBalance: '0.00', balance: '0.00' } },
    { input: { openingBalance: -80 }, stored: { openingBalance: '-80.00', balance: '-80.00' } },
    { input: { openingDate: '2024-02-29' }, stored: { openingDate: '2024-02-29' } },
    { input: { openingDate: aYearAhead }, stored: { openingDate: aYearAhead } },
    {
      input: { bankCode: ' 001 ', bankName: '', agency: '  ', accountNumber: undefined },
      stored: { bankCode: '001', bankName: null, agency: null, accountNumber: null },
    },
  ],
});

describe('checking accounts', () => {
  const accounts = masterData(api, 'checking-accounts');

  it('answers a read-only balance equal to the opening balance, which the client cannot set', async () => {
    const { tag } = nextTag();
    const row = await accounts.create({
      name: `${tag} Caixa`,
      bankCode: '000',
      openingBalance: '321.09',
      openingDate: '2026-03-01',
      balance: '999999.00',
    });
    expect(row).toMatchObject({
      openingBalance: '321.09',
      balance: '321.09',
      openingDate: '2026-03-01',
    });
    const updated = await accounts.put(row.id, {
      name: row.name,
      bankCode: row.bankCode,
      openingBalance: '-10.5',
      openingDate: row.openingDate,
      balance: '5.00',
      version: row.version,
    });
    expect(updated.json()).toMatchObject({ openingBalance: '-10.50', balance: '-10.50' });
    expect((await accounts.read(row.id)).balance).toBe('-10.50');
  });

  it('finds an account by bank name and account number', async () => {
    const { tag } = nextTag();
    const row = await accounts.create({
      name: `${tag} Conta movimento`,
      bankCode: '104',
      bankName: 'Caixa Econômica Federal',
      accountNumber: `${tag}-77`,
      openingDate: '2026-01-01',
    });
    expect(await accounts.ids({ q: 'caixa economica' })).toEqual([row.id]);
    expect(await accounts.ids({ q: `${tag}-77` })).toEqual([row.id]);
  });
});
