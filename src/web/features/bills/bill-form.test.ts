import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { billCreateSchema } from '../../../shared/resources/bills.js';
import { categoryOptions } from '../../components/category-options.js';
import { paymentDefaults, previewInstallments, toBillInput, toPaymentInput } from './bill-form.js';

describe('bill form values', () => {
  it('previews R$ 100,00 in three: the cent left on the last, 30 days apart', () => {
    const preview = previewInstallments({
      amount: '100,00',
      installments: 3,
      intervalDays: 30,
      dueDate: '2026-01-10',
    });
    expect(preview.map((part) => [part.installment, part.dueDate, part.amount])).toEqual([
      ['1/3', '2026-01-10', '33.33'],
      ['2/3', '2026-02-09', '33.33'],
      ['3/3', '2026-03-11', '33.34'],
    ]);
  });

  it('previews nothing for one installment, no date or what is no money', () => {
    const base = { amount: '300', installments: 3, intervalDays: 30, dueDate: '2026-01-10' };
    expect(previewInstallments({ ...base, installments: 1 })).toEqual([]);
    expect(previewInstallments({ ...base, dueDate: undefined })).toEqual([]);
    expect(previewInstallments({ ...base, amount: 'abc' })).toEqual([]);
    expect(previewInstallments({ ...base, amount: '1,005' })).toEqual([]);
    expect(previewInstallments({ ...base, installments: 25 })).toEqual([]);
    expect(previewInstallments(base)).toHaveLength(3);
  });

  it("sends the kind's partner only, money as decimals, the version when editing", () => {
    const values = {
      supplierId: 4,
      clientId: 9,
      description: 'Aluguel',
      issueDate: '2026-01-02',
      categoryId: 7,
      amount: '1.234,50',
      dueDate: '2026-01-10',
      installments: 2,
    };
    const created = toBillInput('PAY', values);
    expect(created).toMatchObject({ supplierId: 4, amount: '1234.5', installments: 2 });
    expect(created).not.toHaveProperty('clientId');
    expect(created.intervalDays).toBe(30);
    const edited = toBillInput('RECEIVE', values, { version: 3 });
    expect(edited).toMatchObject({ clientId: 9, version: 3 });
    expect(edited).not.toHaveProperty('installments');
    expect(edited).not.toHaveProperty('supplierId');
  });

  it('starts a payment at the open amount and sends blank extras as zero', () => {
    const defaults = paymentDefaults(
      { openAmount: '60.00', checkingAccountId: 2, paymentMethodId: null },
      '2026-03-01',
    );
    expect(defaults).toMatchObject({ date: '2026-03-01', amount: '60,00', checkingAccountId: 2 });
    expect(toPaymentInput({ ...defaults, interest: '2,00' })).toMatchObject({
      amount: '60',
      interest: '2',
      fine: '0.00',
      discount: '0.00',
      paymentMethodId: null,
    });
  });

  it("offers the active categories of the kind's nature, a parent only as its group's heading", () => {
    const row = (id: number, name: string, parentId: number | null, active = true) => ({
      id,
      name,
      parentId,
      kind: 'EXPENSE' as const,
      active,
    });
    const rows = [
      row(1, 'Despesas fixas', null),
      row(2, 'Aluguel', 1),
      row(3, 'Antiga', 1, false),
      { ...row(4, 'Vendas', null), kind: 'INCOME' as const },
      row(5, 'Outras despesas', null),
      row(6, 'Seguros', 1),
      row(7, 'Predial', 6),
      row(8, 'Sem filhos ativos', null),
      row(9, 'Inativa', 8, false),
    ];
    expect(categoryOptions(rows, 'EXPENSE')).toEqual([
      {
        label: 'Despesas fixas',
        options: [
          { value: 2, label: 'Despesas fixas › Aluguel', code: 'Aluguel' },
          { value: 7, label: 'Despesas fixas › Seguros › Predial', code: 'Predial' },
        ],
      },
      { value: 5, label: 'Outras despesas', code: 'Outras despesas' },
      { value: 8, label: 'Sem filhos ativos', code: 'Sem filhos ativos' },
    ]);
  });

  it('says Preenchimento obrigatório for an amount left empty, as the API does', () => {
    const values = {
      supplierId: 4,
      description: 'Aluguel',
      issueDate: '2026-01-02',
      categoryId: 7,
      dueDate: '2026-01-10',
    };
    const messageOf = (amount: string | undefined) =>
      billCreateSchema('PAY')
        .safeParse(toBillInput('PAY', { ...values, amount }))
        .error?.issues.find((issue) => issue.path[0] === 'amount')?.message;
    expect(messageOf('')).toBe(messages.required);
    expect(messageOf(undefined)).toBe(messages.required);
    expect(messageOf('abc')).toBe(messages.notANumber);
  });
});
