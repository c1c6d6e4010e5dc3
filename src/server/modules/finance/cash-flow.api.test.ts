import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import {
  ledgerAccount,
  ledgerBill,
  ledgerCategory,
  ledgerClient,
  ledgerEntry,
} from './testing/ledger-data.js';

const api = useTestApi();
const URL = '/api/v1/cash-flow';
const today = todayInSaoPaulo();
const day = (offset: number) => addDays(today, offset);
let token = '';

interface Period {
  start: string;
  end: string;
  realizedIn: string;
  realizedOut: string;
  projectedIn: string;
  projectedOut: string;
  net: string;
  balance: string;
}

const get = (query: string, as = token) =>
  api.request({ method: 'GET', url: `${URL}?${query}`, token: as });

beforeAll(async () => {
  token = await api.adminToken();
  const db = api.db;
  const income = (await ledgerCategory(db, 'INCOME', 'GROSS_REVENUE')).id;
  const expense = (await ledgerCategory(db, 'EXPENSE', 'OPERATING_EXPENSES')).id;
  const client = (await ledgerClient(db)).id;
  const a = await ledgerAccount(db, { openingBalance: '1000.00' });
  const b = await ledgerAccount(db, { openingBalance: '500.00', active: true });

  // Before every report below but the weeks of March 2025.
  await ledgerEntry(db, { accountId: a.id, date: day(-10), amount: '100.00', categoryId: income });
  await ledgerEntry(db, { accountId: a.id, date: day(-2), amount: '300.00', categoryId: income });
  await ledgerEntry(db, { accountId: a.id, date: day(-1), amount: '-50.00', categoryId: expense });
  await ledgerEntry(db, { accountId: a.id, date: day(0), amount: '20.00', categoryId: income });
  const transfer = await api.request({
    method: 'POST',
    url: `/api/v1/checking-accounts/${a.id}/transfers`,
    token,
    payload: { toAccountId: b.id, date: day(-1), amount: '200.00' },
  });
  expect(transfer.statusCode, transfer.body).toBe(201);

  const bill = (values: Parameters<typeof ledgerBill>[1]) => ledgerBill(db, values);
  await bill({
    kind: 'RECEIVE',
    clientId: client,
    categoryId: income,
    amount: '400.00',
    dueDate: day(2),
  });
  await bill({
    kind: 'PAY',
    categoryId: expense,
    amount: '300.00',
    paidAmount: '100.00',
    status: 'PARTIALLY_PAID',
    dueDate: day(3),
  });
  // Overdue: expected on today.
  await bill({ kind: 'PAY', categoryId: expense, amount: '70.00', dueDate: day(-5) });
  await bill({
    kind: 'RECEIVE',
    clientId: client,
    categoryId: income,
    amount: '30.00',
    dueDate: day(0),
  });
  // Nothing left to move: cancelled and paid bills.
  await bill({
    kind: 'PAY',
    categoryId: expense,
    amount: '999.00',
    status: 'CANCELLED',
    dueDate: day(1),
  });
  await bill({
    kind: 'PAY',
    categoryId: expense,
    amount: '888.00',
    paidAmount: '888.00',
    status: 'PAID',
    dueDate: day(1),
  });
  // After the reports' end.
  await bill({
    kind: 'RECEIVE',
    clientId: client,
    categoryId: income,
    amount: '5000.00',
    dueDate: day(10),
  });

  // March 2025, for the weeks: long before today.
  await ledgerEntry(db, {
    accountId: a.id,
    date: '2025-01-15',
    amount: '7.00',
    categoryId: income,
  });
  await ledgerEntry(db, {
    accountId: a.id,
    date: '2025-03-05',
    amount: '10.00',
    categoryId: income,
  });
  await ledgerEntry(db, {
    accountId: b.id,
    date: '2025-03-09',
    amount: '5.00',
    categoryId: income,
  });
  await ledgerEntry(db, {
    accountId: a.id,
    date: '2025-03-10',
    amount: '-7.00',
    categoryId: expense,
  });
  await ledgerEntry(db, {
    accountId: a.id,
    date: '2025-03-20',
    amount: '1.00',
    categoryId: income,
  });
  await ledgerEntry(db, {
    accountId: a.id,
    date: '2025-03-21',
    amount: '1000.00',
    categoryId: income,
  });
});

describe('GET /cash-flow', () => {
  it('splits realised and projected at today, by day, with the balance carried', async () => {
    const response = await get(`from=${day(-3)}&to=${day(3)}&granularity=day`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      from: day(-3),
      to: day(3),
      granularity: 'day',
      today,
      // 1500.00 of opening balances, the entry of 10 days ago and March 2025's entries.
      openingBalance: '2616.00',
    });
    const pick = (p: Period) => [
      p.start,
      p.end,
      p.realizedIn,
      p.realizedOut,
      p.projectedIn,
      p.projectedOut,
      p.net,
      p.balance,
    ];
    expect(report.periods.map(pick)).toEqual([
      [day(-3), day(-3), '0.00', '0.00', '0.00', '0.00', '0.00', '2616.00'],
      [day(-2), day(-2), '300.00', '0.00', '0.00', '0.00', '300.00', '2916.00'],
      // The transfer of 200.00 between the accounts is not there.
      [day(-1), day(-1), '0.00', '50.00', '0.00', '0.00', '-50.00', '2866.00'],
      // Today: what came in, and the overdue bills (30.00 to receive, 70.00 to pay).
      [day(0), day(0), '20.00', '0.00', '30.00', '70.00', '-20.00', '2846.00'],
      [day(1), day(1), '0.00', '0.00', '0.00', '0.00', '0.00', '2846.00'],
      [day(2), day(2), '0.00', '0.00', '400.00', '0.00', '400.00', '3246.00'],
      // A partially paid bill: only what is still open.
      [day(3), day(3), '0.00', '0.00', '0.00', '200.00', '-200.00', '3046.00'],
    ]);
    expect(report.totals).toEqual({
      realizedIn: '320.00',
      realizedOut: '50.00',
      projectedIn: '430.00',
      projectedOut: '270.00',
      net: '430.00',
      balance: '3046.00',
    });
  });

  it('projects a future period without the overdue bills, from the balance the accounts hold', async () => {
    const report = (await get(`from=${day(2)}&to=${day(3)}&granularity=month`)).json();
    expect(report.openingBalance).toBe('2886.00');
    expect(report.totals).toMatchObject({
      realizedIn: '0.00',
      realizedOut: '0.00',
      projectedIn: '400.00',
      projectedOut: '200.00',
      balance: '3086.00',
    });
  });

  it('has every week, Monday to Sunday, clipped to the bounds, realised only in the past', async () => {
    const response = await get('from=2025-03-05&to=2025-03-20&granularity=week');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.openingBalance).toBe('1507.00');
    expect(
      report.periods.map((p: Period) => [p.start, p.end, p.realizedIn, p.realizedOut, p.balance]),
    ).toEqual([
      ['2025-03-05', '2025-03-09', '15.00', '0.00', '1522.00'],
      ['2025-03-10', '2025-03-16', '0.00', '7.00', '1515.00'],
      ['2025-03-17', '2025-03-20', '1.00', '0.00', '1516.00'],
    ]);
    expect(report.totals).toMatchObject({ projectedIn: '0.00', projectedOut: '0.00' });
  });

  it('has every month of the period, empty ones too', async () => {
    const report = (await get('from=2025-01-10&to=2025-04-30&granularity=month')).json();
    expect(report.periods.map((p: Period) => [p.start, p.end, p.net])).toEqual([
      ['2025-01-10', '2025-01-31', '7.00'],
      ['2025-02-01', '2025-02-28', '0.00'],
      ['2025-03-01', '2025-03-31', '1009.00'],
      ['2025-04-01', '2025-04-30', '0.00'],
    ]);
  });

  it('answers 400 for an inverted or too long period and a missing bound', async () => {
    const inverted = await get('from=2025-03-05&to=2025-03-04');
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().error.fields).toEqual({ to: messages.finance.periodInverted });
    const days = await get('from=2025-01-01&to=2026-01-02&granularity=day');
    expect(days.statusCode).toBe(400);
    expect(days.json().error.fields).toEqual({ to: messages.finance.periodTooLong });
    const years = await get('from=2025-01-01&to=2028-01-01&granularity=month');
    expect(years.json().error.fields).toEqual({ to: messages.finance.periodTooLong });
    expect((await get('from=2025-01-01&to=2027-12-31&granularity=month')).statusCode).toBe(200);
    const missing = await get('to=2025-01-01');
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toEqual(['from']);
  });

  it('exports one row per period', async () => {
    const response = await api.request({
      method: 'GET',
      url: `${URL}/export?from=2025-03-05&to=2025-03-20&granularity=week&format=csv`,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'Início;Fim;Entradas realizadas;Saídas realizadas;Entradas previstas;Saídas previstas;Resultado do período;Saldo',
    );
    expect(lines[1]).toBe('05/03/2025;09/03/2025;15,00;0,00;0,00;0,00;15,00;1.522,00');
    const xlsx = await api.request({
      method: 'GET',
      url: `${URL}/export?from=2025-03-05&to=2025-03-20&granularity=week`,
      token,
    });
    expect(xlsx.headers['content-disposition']).toMatch(/filename="fluxo-de-caixa-.*\.xlsx"/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('needs cashFlow:read', async () => {
    const other = await userWith(api, ['incomeStatement:read']);
    expect((await get('from=2025-03-05&to=2025-03-20', other.token)).statusCode).toBe(403);
    const exported = await api.request({
      method: 'GET',
      url: `${URL}/export?from=2025-03-05&to=2025-03-20`,
      token: other.token,
    });
    expect(exported.statusCode).toBe(403);
    const reader = await userWith(api, ['cashFlow:read']);
    expect((await get('from=2025-03-05&to=2025-03-20', reader.token)).statusCode).toBe(200);
  });
});
