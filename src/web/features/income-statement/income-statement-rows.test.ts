import { describe, expect, it } from 'vitest';
import type { IncomeStatement } from '../../../shared/resources/finance-reports.js';
import { incomeStatementRows, monthTotals } from './income-statement-rows.js';

const months = (values: Record<number, string>) =>
  Array.from({ length: 12 }, (_unused, index) => values[index] ?? '0.00');

const report: IncomeStatement = {
  year: 2026,
  groups: [
    {
      dreGroup: 'GROSS_REVENUE',
      label: 'Receita bruta',
      lines: [
        { categoryId: 1, name: 'Vendas', months: months({ 0: '1000.00' }), total: '1000.00' },
      ],
      months: months({ 0: '1000.00' }),
      total: '1000.00',
    },
    {
      dreGroup: 'DEDUCTIONS',
      label: 'Deduções',
      lines: [
        { categoryId: 2, name: 'Impostos', months: months({ 0: '-100.00' }), total: '-100.00' },
      ],
      months: months({ 0: '-100.00' }),
      total: '-100.00',
    },
    {
      dreGroup: 'FINANCIAL_RESULT',
      label: 'Resultado financeiro',
      lines: [
        { categoryId: null, name: 'Juros pagos', months: months({ 1: '-10.10' }), total: '-10.10' },
        {
          categoryId: null,
          name: 'Descontos obtidos',
          months: months({ 1: '0.20' }),
          total: '0.20',
        },
      ],
      months: months({ 1: '-9.90' }),
      total: '-9.90',
    },
  ],
  results: [
    {
      key: 'NET_REVENUE',
      label: 'Receita líquida',
      months: months({ 0: '900.00' }),
      total: '900.00',
    },
    { key: 'GROSS_PROFIT', label: 'Lucro bruto', months: months({ 0: '900.00' }), total: '900.00' },
    {
      key: 'OPERATING_RESULT',
      label: 'Resultado operacional',
      months: months({ 0: '900.00' }),
      total: '900.00',
    },
    {
      key: 'NET_RESULT',
      label: 'Resultado líquido',
      months: months({ 0: '900.00', 1: '-9.90' }),
      total: '890.10',
    },
  ],
};

describe('the DRE table rows', () => {
  it('puts each group with its lines beneath it and each result after the groups it closes', () => {
    const rows = incomeStatementRows(report).map((row) => `${row.kind}:${row.name}`);
    expect(rows).toEqual([
      'group:Receita bruta',
      'line:Vendas',
      'group:Deduções',
      'line:Impostos',
      'result:Receita líquida',
      'group:Resultado financeiro',
      'line:Juros pagos',
      'line:Descontos obtidos',
      'result:Lucro bruto',
      'result:Resultado operacional',
      'result:Resultado líquido',
    ]);
  });

  it('gives each row a key of its own, lines without a category included', () => {
    const keys = incomeStatementRows(report).map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the DRE chart per month', () => {
  // Seen in November 2026: the report's year is 2026.
  const november = '2026-11-26';

  it('adds income and expense lines apart, to the cent, with the month’s net result', () => {
    const [january, february, march] = monthTotals(report, november);
    expect(january).toEqual({
      month: 0,
      income: '1000.00',
      expense: '100.00',
      netResult: '900.00',
      ahead: false,
    });
    expect(february).toMatchObject({ income: '0.20', expense: '10.10', netResult: '-9.90' });
    // A past month without amounts really was zero.
    expect(march).toEqual({
      month: 2,
      income: '0.00',
      expense: '0.00',
      netResult: '0.00',
      ahead: false,
    });
  });

  it('leaves the months after today’s undrawn instead of zero, this month included as a month', () => {
    const ahead = monthTotals(report, november).map((totals) => totals.ahead);
    expect(ahead).toEqual([...Array<boolean>(11).fill(false), true]);
    expect(monthTotals(report, '2026-03-01').filter((totals) => totals.ahead)).toHaveLength(9);
    expect(monthTotals(report, '2027-01-02').some((totals) => totals.ahead)).toBe(false);
    // Seen from the year before: every month without amounts is ahead.
    expect(monthTotals(report, '2025-12-31').filter((totals) => totals.ahead)).toHaveLength(10);
  });

  it('draws a month ahead that already has amounts (a competence planned for it)', () => {
    const planned: IncomeStatement = {
      ...report,
      groups: report.groups.map((group, index) =>
        index === 0
          ? {
              ...group,
              lines: [{ ...group.lines[0]!, months: months({ 0: '1000.00', 11: '50.00' }) }],
            }
          : group,
      ),
    };
    const december = monthTotals(planned, november)[11]!;
    expect(december).toMatchObject({ income: '50.00', ahead: false });
  });
});
