import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
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
const URL = '/api/v1/income-statement';
let token = '';
const ids: Record<string, number> = {};

interface Line {
  categoryId: number | null;
  name: string;
  months: string[];
  total: string;
}
interface Group {
  dreGroup: string;
  label: string;
  lines: Line[];
  months: string[];
  total: string;
}

const months = (values: Record<number, string>) =>
  Array.from({ length: 12 }, (_, index) => values[index + 1] ?? '0.00');

beforeAll(async () => {
  token = await api.adminToken();
  const db = api.db;
  for (const [key, kind, group, name] of [
    ['sales', 'INCOME', 'GROSS_REVENUE', 'Vendas'],
    ['taxes', 'EXPENSE', 'DEDUCTIONS', 'Impostos'],
    ['materials', 'EXPENSE', 'COSTS', 'Matéria-prima'],
    ['rent', 'EXPENSE', 'OPERATING_EXPENSES', 'Aluguel'],
    ['fees', 'EXPENSE', 'FINANCIAL_RESULT', 'Tarifas'],
    ['yield', 'INCOME', 'FINANCIAL_RESULT', 'Rendimentos'],
  ] as const) {
    ids[key] = (await ledgerCategory(db, kind, group, name)).id;
  }
  const client = (await ledgerClient(db)).id;
  const account = (await ledgerAccount(db)).id;
  const bill = (values: Parameters<typeof ledgerBill>[1]) => ledgerBill(db, values);

  await bill({
    kind: 'RECEIVE',
    clientId: client,
    categoryId: ids.sales!,
    amount: '1000.00',
    competenceDate: '2024-01-20',
    dueDate: '2024-02-20',
  });
  const paidSale = await bill({
    kind: 'RECEIVE',
    clientId: client,
    categoryId: ids.sales!,
    amount: '500.00',
    competenceDate: '2024-02-10',
    dueDate: '2024-02-10',
    paidAmount: '500.00',
    status: 'PAID',
  });
  await bill({
    kind: 'RECEIVE',
    clientId: client,
    categoryId: ids.sales!,
    amount: '999.00',
    competenceDate: '2024-01-05',
    dueDate: '2024-01-05',
    status: 'CANCELLED',
  });
  const lateSale = await bill({
    kind: 'RECEIVE',
    clientId: client,
    categoryId: ids.sales!,
    amount: '100.00',
    competenceDate: '2024-03-01',
    dueDate: '2024-03-01',
    paidAmount: '100.00',
    status: 'PAID',
  });
  await bill({ kind: 'PAY', categoryId: ids.taxes!, amount: '100.00', dueDate: '2024-01-31' });
  const materials = await bill({
    kind: 'PAY',
    categoryId: ids.materials!,
    amount: '300.00',
    competenceDate: '2024-01-15',
    dueDate: '2024-03-15',
    paidAmount: '300.00',
    status: 'PAID',
  });
  const rent = await bill({
    kind: 'PAY',
    categoryId: ids.rent!,
    amount: '200.00',
    competenceDate: '2024-02-01',
    dueDate: '2024-02-05',
    paidAmount: '200.00',
    status: 'PAID',
  });
  const reversedRent = await bill({
    kind: 'PAY',
    categoryId: ids.rent!,
    amount: '60.00',
    competenceDate: '2024-03-10',
    dueDate: '2024-03-10',
  });
  // Other years.
  await bill({ kind: 'PAY', categoryId: ids.rent!, amount: '50.00', dueDate: '2023-12-31' });
  await bill({ kind: 'PAY', categoryId: ids.rent!, amount: '70.00', dueDate: '2025-01-01' });

  // Manual entries count by their date; payments' entries do not (the bills are there).
  await ledgerEntry(db, {
    accountId: account,
    date: '2024-01-10',
    amount: '-12.90',
    categoryId: ids.fees!,
  });
  await ledgerEntry(db, {
    accountId: account,
    date: '2024-02-15',
    amount: '5.00',
    categoryId: ids.yield!,
  });
  await ledgerEntry(db, {
    accountId: account,
    date: '2025-01-02',
    amount: '-8.00',
    categoryId: ids.fees!,
  });

  const pay = (values: Omit<Parameters<typeof ledgerPayment>[1], 'accountId'>) =>
    ledgerPayment(db, { ...values, accountId: account });
  await pay({
    billId: paidSale.id,
    kind: 'RECEIVE',
    date: '2024-02-10',
    amount: '500.00',
    discount: '10.00',
    total: '490.00',
    categoryId: ids.sales!,
  });
  await pay({
    billId: lateSale.id,
    kind: 'RECEIVE',
    date: '2024-03-05',
    amount: '100.00',
    interest: '2.00',
    fine: '0.50',
    total: '102.50',
    categoryId: ids.sales!,
  });
  await pay({
    billId: materials.id,
    kind: 'PAY',
    date: '2024-03-15',
    amount: '300.00',
    interest: '3.00',
    fine: '1.00',
    total: '304.00',
    categoryId: ids.materials!,
  });
  await pay({
    billId: rent.id,
    kind: 'PAY',
    date: '2024-02-05',
    amount: '200.00',
    discount: '20.00',
    total: '180.00',
    categoryId: ids.rent!,
  });
  await pay({
    billId: reversedRent.id,
    kind: 'PAY',
    date: '2024-03-12',
    amount: '60.00',
    interest: '50.00',
    total: '110.00',
    reversed: true,
    categoryId: ids.rent!,
  });
});

const get = (query: string, as = token) =>
  api.request({ method: 'GET', url: `${URL}?${query}`, token: as });

describe('GET /income-statement', () => {
  it('sums the bills by competence, manual entries by date and what payments add', async () => {
    const response = await get('year=2024');
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json();
    expect(statement.year).toBe(2024);
    const groups = statement.groups as Group[];
    expect(groups.map((group) => [group.dreGroup, group.label, group.total])).toEqual([
      ['GROSS_REVENUE', 'Receita bruta', '1600.00'],
      ['DEDUCTIONS', 'Deduções', '-100.00'],
      ['COSTS', 'Custos', '-300.00'],
      ['OPERATING_EXPENSES', 'Despesas operacionais', '-260.00'],
      ['FINANCIAL_RESULT', 'Resultado financeiro', '0.60'],
      ['OTHER', 'Outras', '0.00'],
    ]);
    expect(groups[0]!.lines).toEqual([
      {
        categoryId: ids.sales,
        name: 'Vendas',
        months: months({ 1: '1000.00', 2: '500.00', 3: '100.00' }),
        total: '1600.00',
      },
    ]);
    expect(groups[3]!.lines[0]!.months).toEqual(months({ 2: '-200.00', 3: '-60.00' }));
    expect(groups[5]!.lines).toEqual([]);
    expect(groups[4]!.lines.map((line) => [line.categoryId, line.name, line.total])).toEqual([
      [null, 'Descontos concedidos', '-10.00'],
      [null, 'Descontos obtidos', '20.00'],
      [null, 'Juros e multas pagos', '-4.00'],
      [null, 'Juros e multas recebidos', '2.50'],
      [ids.yield, 'Rendimentos', '5.00'],
      [ids.fees, 'Tarifas', '-12.90'],
    ]);
    expect(groups[4]!.months).toEqual(months({ 1: '-12.90', 2: '15.00', 3: '-1.50' }));
    expect(
      statement.results.map((result: { key: string; label: string; total: string }) => [
        result.key,
        result.label,
        result.total,
      ]),
    ).toEqual([
      ['NET_REVENUE', 'Receita líquida', '1500.00'],
      ['GROSS_PROFIT', 'Lucro bruto', '1200.00'],
      ['OPERATING_RESULT', 'Resultado operacional', '940.00'],
      ['NET_RESULT', 'Resultado líquido', '940.60'],
    ]);
    expect(statement.results[3].months).toEqual(months({ 1: '587.10', 2: '315.00', 3: '38.50' }));
  });

  it("has a month's operating result equal to the sum of its bills by competence", async () => {
    const statement = (await get('year=2024')).json();
    const operating = statement.results.find(
      (result: { key: string }) => result.key === 'OPERATING_RESULT',
    );
    const { rows } = await sql<{ month: number; total: string }>`
      SELECT extract(month FROM competence_date)::int AS month,
        sum(CASE kind WHEN 'RECEIVE' THEN amount ELSE -amount END)::numeric(15,2)::text AS total
      FROM bills
      WHERE status <> 'CANCELLED' AND extract(year FROM competence_date) = 2024
      GROUP BY 1`.execute(api.db);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(operating.months[row.month - 1]).toBe(row.total);
  });

  it('has every group, empty, in a year without anything', async () => {
    const statement = (await get('year=2010')).json();
    expect(statement.groups).toHaveLength(6);
    expect(statement.groups.every((group: Group) => group.lines.length === 0)).toBe(true);
    expect(statement.results.map((result: { total: string }) => result.total)).toEqual([
      '0.00',
      '0.00',
      '0.00',
      '0.00',
    ]);
  });

  it('answers 400 without a year', async () => {
    const response = await get('');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['year']);
  });

  it('exports groups, lines and results', async () => {
    const response = await api.request({
      method: 'GET',
      url: `${URL}/export?year=2024&format=csv`,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Conta;Jan;Fev;Mar;Abr;Mai;Jun;Jul;Ago;Set;Out;Nov;Dez;Total');
    expect(lines[1]).toBe(
      'Receita bruta;1.000,00;500,00;100,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;1.600,00',
    );
    expect(lines[2]!.startsWith('    Vendas;')).toBe(true);
    expect(lines).toContain(
      '(=) Resultado líquido;587,10;315,00;38,50;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;940,60',
    );
    const xlsx = await api.request({ method: 'GET', url: `${URL}/export?year=2024`, token });
    expect(xlsx.headers['content-disposition']).toMatch(/filename="dre-gerencial-2024-.*\.xlsx"/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('needs incomeStatement:read', async () => {
    const other = await userWith(api, ['cashFlow:read']);
    expect((await get('year=2024', other.token)).statusCode).toBe(403);
    const exported = await api.request({
      method: 'GET',
      url: `${URL}/export?year=2024`,
      token: other.token,
    });
    expect(exported.statusCode).toBe(403);
    const reader = await userWith(api, ['incomeStatement:read']);
    expect((await get('year=2024', reader.token)).statusCode).toBe(200);
  });
});
