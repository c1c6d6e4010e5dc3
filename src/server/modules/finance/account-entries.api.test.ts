import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import {
  ledgerAccount,
  ledgerBill,
  ledgerCategory,
  ledgerClient,
  ledgerEntry,
  ledgerPayment,
} from './testing/ledger-data.js';

const api = useTestApi();
const BASE = '/api/v1/checking-accounts';
let token = '';
const cat = { income: 0, expense: 0, inactive: 0 };

beforeAll(async () => {
  token = await api.adminToken();
  cat.income = (await ledgerCategory(api.db, 'INCOME', 'FINANCIAL_RESULT', 'Rendimentos')).id;
  cat.expense = (await ledgerCategory(api.db, 'EXPENSE', 'FINANCIAL_RESULT', 'Tarifas')).id;
  cat.inactive = (await ledgerCategory(api.db, 'EXPENSE', 'OTHER')).id;
  await api.db
    .updateTable('financialCategories')
    .set({ active: false })
    .where('id', '=', cat.inactive)
    .execute();
});

const post = (url: string, payload: Record<string, unknown>, as = token) =>
  api.request({ method: 'POST', url: `${BASE}${url}`, token: as, payload });
const get = (url: string, as = token) =>
  api.request({ method: 'GET', url: `${BASE}${url}`, token: as });

describe('manual entries', () => {
  it('credits with an income category and debits with an expense one, signed', async () => {
    const account = await ledgerAccount(api.db, { openingBalance: '1000.00' });
    const credit = await post(`/${account.id}/entries`, {
      direction: 'CREDIT',
      date: '2025-03-10',
      amount: '150,25',
      description: '  Rendimento da aplicação ',
      categoryId: cat.income,
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json()).toMatchObject({
      checkingAccountId: account.id,
      date: '2025-03-10',
      amount: '150.25',
      description: 'Rendimento da aplicação',
      categoryId: cat.income,
      categoryName: 'Rendimentos',
      origin: { type: 'MANUAL', id: null },
      billId: null,
      billKind: null,
      userName: 'Administrador',
    });
    const debit = await post(`/${account.id}/entries`, {
      direction: 'DEBIT',
      date: '2025-03-11',
      amount: '12.90',
      description: 'Tarifa de manutenção',
      categoryId: cat.expense,
    });
    expect(debit.statusCode, debit.body).toBe(201);
    expect(debit.json().amount).toBe('-12.90');

    const one = await get(`/${account.id}`);
    expect(one.json().balance).toBe('1137.35');

    const history = await api.request({
      method: 'GET',
      url: `/api/v1/audit?entity=checking-accounts&entityId=${account.id}`,
      token,
    });
    expect(history.statusCode).toBe(200);
    expect(history.json().items.map((item: { action: string }) => item.action)).toEqual([
      'entry',
      'entry',
    ]);
  });

  it('answers 400 on categoryId for a category of the other kind or inactive', async () => {
    const account = await ledgerAccount(api.db);
    const entry = { date: '2025-03-10', amount: '10.00', description: 'Ajuste' };
    const credit = await post(`/${account.id}/entries`, {
      ...entry,
      direction: 'CREDIT',
      categoryId: cat.expense,
    });
    expect(credit.statusCode).toBe(400);
    expect(credit.json().error.fields).toEqual({
      categoryId: messages.finance.categoryOfOtherKind('receita'),
    });
    const debit = await post(`/${account.id}/entries`, {
      ...entry,
      direction: 'DEBIT',
      categoryId: cat.income,
    });
    expect(debit.json().error.fields).toEqual({
      categoryId: messages.finance.categoryOfOtherKind('despesa'),
    });
    const inactive = await post(`/${account.id}/entries`, {
      ...entry,
      direction: 'DEBIT',
      categoryId: cat.inactive,
    });
    expect(inactive.json().error.fields).toEqual({ categoryId: messages.finance.inactive });
    const sum = await api.db
      .selectFrom('accountEntries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('checkingAccountId', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(Number(sum.n)).toBe(0);
  });

  it('answers 400 on date before the opening date, and 404 for a missing account', async () => {
    const account = await ledgerAccount(api.db, { openingDate: '2025-01-01' });
    const early = await post(`/${account.id}/entries`, {
      direction: 'DEBIT',
      date: '2024-12-31',
      amount: '1.00',
      description: 'Tarifa',
      categoryId: cat.expense,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields).toEqual({ date: messages.finance.beforeOpeningDate });
    const onOpening = await post(`/${account.id}/entries`, {
      direction: 'DEBIT',
      date: '2025-01-01',
      amount: '1.00',
      description: 'Tarifa',
      categoryId: cat.expense,
    });
    expect(onOpening.statusCode, onOpening.body).toBe(201);
    const missing = await post('/999999/entries', {
      direction: 'DEBIT',
      date: '2025-01-01',
      amount: '1.00',
      description: 'Tarifa',
      categoryId: cat.expense,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('needs checkingAccounts:write (403 with read only)', async () => {
    const account = await ledgerAccount(api.db);
    const reader = await userWith(api, ['checkingAccounts:read']);
    const entry = {
      direction: 'DEBIT',
      date: '2025-01-01',
      amount: '1.00',
      description: 'Tarifa',
      categoryId: cat.expense,
    };
    expect((await post(`/${account.id}/entries`, entry, reader.token)).statusCode).toBe(403);
    const transfer = { toAccountId: account.id, date: '2025-01-01', amount: '1.00' };
    expect((await post(`/${account.id}/transfers`, transfer, reader.token)).statusCode).toBe(403);
  });
});

describe('transfers', () => {
  it('writes two entries pointing at each other and moves both balances', async () => {
    const from = await ledgerAccount(api.db, { name: 'Banco do Brasil', openingBalance: '500.00' });
    const to = await ledgerAccount(api.db, { name: 'Itaú', openingBalance: '20.00' });
    const response = await post(`/${from.id}/transfers`, {
      toAccountId: to.id,
      date: '2025-05-02',
      amount: '200.00',
    });
    expect(response.statusCode, response.body).toBe(201);
    const transfer = response.json();
    expect(transfer.from).toMatchObject({
      checkingAccountId: from.id,
      amount: '-200.00',
      description: 'Transferência para Itaú',
      categoryId: null,
      origin: { type: 'TRANSFER', id: transfer.to.id },
    });
    expect(transfer.to).toMatchObject({
      checkingAccountId: to.id,
      amount: '200.00',
      description: 'Transferência de Banco do Brasil',
      origin: { type: 'TRANSFER', id: transfer.from.id },
    });
    expect((await get(`/${from.id}`)).json().balance).toBe('300.00');
    expect((await get(`/${to.id}`)).json().balance).toBe('220.00');

    const described = await post(`/${to.id}/transfers`, {
      toAccountId: from.id,
      date: '2025-05-03',
      amount: '20.00',
      description: 'Devolução',
    });
    expect(described.statusCode, described.body).toBe(201);
    expect(described.json().from.description).toBe('Devolução');
    expect(described.json().to.description).toBe('Devolução');
    expect((await get(`/${from.id}`)).json().balance).toBe('320.00');
  });

  it('answers 400 on toAccountId for the same account, a missing or an inactive one', async () => {
    const from = await ledgerAccount(api.db);
    const inactive = await ledgerAccount(api.db, { active: false });
    const transfer = (toAccountId: number) =>
      post(`/${from.id}/transfers`, { toAccountId, date: '2025-05-02', amount: '1.00' });
    const same = await transfer(from.id);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toEqual({ toAccountId: messages.finance.sameAccount });
    expect((await transfer(999999)).json().error.fields).toEqual({
      toAccountId: messages.finance.notFound,
    });
    expect((await transfer(inactive.id)).json().error.fields).toEqual({
      toAccountId: messages.finance.inactive,
    });
    // Nothing of the failed transfers stayed behind (the debit rolled back with them).
    const rows = await api.db
      .selectFrom('accountEntries')
      .select('id')
      .where('checkingAccountId', '=', from.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('balance on the checking accounts list', () => {
  it('is the opening balance plus every entry, and sorts the list', async () => {
    const low = await ledgerAccount(api.db, { name: 'Saldo xqlow', openingBalance: '900.00' });
    const high = await ledgerAccount(api.db, { name: 'Saldo xqhigh', openingBalance: '10.00' });
    await ledgerEntry(api.db, {
      accountId: low.id,
      date: '2025-01-02',
      amount: '-850.00',
      categoryId: cat.expense,
    });
    await ledgerEntry(api.db, {
      accountId: high.id,
      date: '2025-01-02',
      amount: '100.50',
      categoryId: cat.income,
    });
    const list = await get('?q=xq&sort=-balance');
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list.json().items.map((row: { name: string; balance: string }) => [row.name, row.balance]),
    ).toEqual([
      ['Saldo xqhigh', '110.50'],
      ['Saldo xqlow', '50.00'],
    ]);
    const ascending = await get('?q=xq&sort=balance');
    expect(ascending.json().items.map((row: { name: string }) => row.name)).toEqual([
      'Saldo xqlow',
      'Saldo xqhigh',
    ]);
    // An edit answers the balance too.
    const before = (await get(`/${low.id}`)).json();
    const editable = [
      'name',
      'bankCode',
      'bankName',
      'agency',
      'accountNumber',
      'openingBalance',
      'openingDate',
      'active',
      'version',
    ];
    const rest = Object.fromEntries(editable.map((key) => [key, before[key]]));
    const edited = await api.request({
      method: 'PUT',
      url: `${BASE}/${low.id}`,
      token,
      payload: { ...rest, name: 'Saldo xqlow editada' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().balance).toBe('50.00');
  });
});

describe('statement', () => {
  let account = 0;
  let billId = 0;

  beforeAll(async () => {
    account = (await ledgerAccount(api.db, { openingBalance: '100.00', openingDate: '2025-01-01' }))
      .id;
    const client = await ledgerClient(api.db);
    billId = (
      await ledgerBill(api.db, {
        kind: 'RECEIVE',
        clientId: client.id,
        categoryId: cat.income,
        amount: '40.00',
        dueDate: '2025-02-05',
        paidAmount: '40.00',
        status: 'PAID',
      })
    ).id;
    // Ten entries of +10.00 from 2025-02-01 to 2025-02-10, then a payment on 2025-02-05.
    for (let day = 1; day <= 10; day += 1) {
      await ledgerEntry(api.db, {
        accountId: account,
        date: `2025-02-${String(day).padStart(2, '0')}`,
        amount: '10.00',
        categoryId: cat.income,
        description: `Dia ${day}`,
      });
    }
    await ledgerPayment(api.db, {
      billId,
      kind: 'RECEIVE',
      accountId: account,
      date: '2025-02-05',
      amount: '40.00',
      total: '40.00',
    });
    await ledgerEntry(api.db, {
      accountId: account,
      date: '2025-02-06',
      amount: '-25.00',
      categoryId: cat.expense,
    });
  });

  it('runs the balance across pages', async () => {
    const first = await get(`/${account}/statement?pageSize=5`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({
      account: { id: account, balance: '215.00' },
      from: null,
      to: null,
      openingBalance: '100.00',
      closingBalance: '215.00',
      credits: '140.00',
      debits: '25.00',
      total: 12,
      page: 1,
      pageSize: 5,
    });
    expect(page1.items.map((line: { balance: string }) => line.balance)).toEqual([
      '110.00',
      '120.00',
      '130.00',
      '140.00',
      '150.00',
    ]);
    const page2 = (await get(`/${account}/statement?pageSize=5&page=2`)).json();
    // Day 5's own entry, then the payment written after it on the same day, then day 6.
    expect(
      page2.items.map((line: { description: string; balance: string; billId: number | null }) => [
        line.description,
        line.balance,
        line.billId,
      ]),
    ).toEqual([
      ['Lançamento', '190.00', billId],
      ['Dia 6', '200.00', null],
      ['Lançamento', '175.00', null],
      ['Dia 7', '185.00', null],
      ['Dia 8', '195.00', null],
    ]);
    expect(page2.items[0]).toMatchObject({
      origin: { type: 'BILL_PAYMENT', id: billId },
      billKind: 'RECEIVE',
    });
    const page3 = (await get(`/${account}/statement?pageSize=5&page=3`)).json();
    expect(page3.items.map((line: { balance: string }) => line.balance)).toEqual([
      '205.00',
      '215.00',
    ]);
  });

  it('gives every page the balances of the whole list, from either end of the period', async () => {
    const whole = (await get(`/${account}/statement?pageSize=100`)).json();
    const balances = whole.items.map((line: { id: number; balance: string }) => [
      line.id,
      line.balance,
    ]);
    expect(balances).toHaveLength(12);
    for (const pageSize of [1, 5, 7]) {
      const paged: [number, string][] = [];
      for (let page = 1; page <= Math.ceil(12 / pageSize); page += 1) {
        const body = (await get(`/${account}/statement?pageSize=${pageSize}&page=${page}`)).json();
        paged.push(
          ...body.items.map((line: { id: number; balance: string }) => [line.id, line.balance]),
        );
      }
      expect(paged, `pageSize ${pageSize}`).toEqual(balances);
    }
    const past = (await get(`/${account}/statement?pageSize=5&page=4`)).json();
    expect(past).toMatchObject({ items: [], total: 12, closingBalance: '215.00' });
  });

  it('starts a period at the balance before it', async () => {
    const response = await get(`/${account}/statement?from=2025-02-05&to=2025-02-06`);
    const body = response.json();
    expect(body).toMatchObject({
      from: '2025-02-05',
      to: '2025-02-06',
      openingBalance: '140.00',
      credits: '60.00',
      debits: '25.00',
      closingBalance: '175.00',
      total: 4,
    });
    expect(body.items.map((line: { balance: string }) => line.balance)).toEqual([
      '150.00',
      '190.00',
      '200.00',
      '175.00',
    ]);
    const empty = (await get(`/${account}/statement?from=2026-01-01`)).json();
    expect(empty).toMatchObject({
      openingBalance: '215.00',
      closingBalance: '215.00',
      credits: '0.00',
      debits: '0.00',
      total: 0,
      items: [],
    });
  });

  it('exports every line of the period with its balance', async () => {
    const csv = await get(`/${account}/statement/export?format=csv&from=2025-02-09`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Data;Descrição;Origem;Categoria;Valor;Saldo');
    expect(lines.slice(1)).toEqual([
      '09/02/2025;Dia 9;Lançamento manual;Rendimentos;10,00;205,00',
      '10/02/2025;Dia 10;Lançamento manual;Rendimentos;10,00;215,00',
    ]);
    const xlsx = await get(`/${account}/statement/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/attachment; filename="extrato-.*\.xlsx"/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('answers 404 for a missing account and 403 without checkingAccounts:read', async () => {
    expect((await get('/999999/statement')).statusCode).toBe(404);
    const other = await userWith(api, ['cashFlow:read']);
    expect((await get(`/${account}/statement`, other.token)).statusCode).toBe(403);
    expect((await get(`/${account}/statement/export`, other.token)).statusCode).toBe(403);
    const reader = await userWith(api, ['checkingAccounts:read']);
    expect((await get(`/${account}/statement`, reader.token)).statusCode).toBe(200);
  });
});
