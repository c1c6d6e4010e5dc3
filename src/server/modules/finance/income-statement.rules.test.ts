import { describe, expect, it } from 'vitest';
import { dreGroups } from '../../../shared/resources/financial-categories.js';
import { buildIncomeStatement, type IncomeStatementSum } from './income-statement.rules.js';

const sum = (
  dreGroup: IncomeStatementSum['dreGroup'],
  name: string,
  month: number,
  amount: string,
  categoryId: number | null = name.length,
): IncomeStatementSum => ({ dreGroup, categoryId, name, month, amount });

describe('buildIncomeStatement', () => {
  it('has every group in order, empty ones too, and twelve months each', () => {
    const statement = buildIncomeStatement(2025, []);
    expect(statement.groups.map((group) => [group.dreGroup, group.label])).toEqual(
      Object.entries(dreGroups),
    );
    for (const group of statement.groups) {
      expect(group.lines).toEqual([]);
      expect(group.months).toEqual(Array(12).fill('0.00'));
      expect(group.total).toBe('0.00');
    }
    expect(statement.results.map((result) => result.total)).toEqual([
      '0.00',
      '0.00',
      '0.00',
      '0.00',
    ]);
  });

  it('adds a line over months, sorts lines by name, and chains the results', () => {
    const statement = buildIncomeStatement(2025, [
      sum('GROSS_REVENUE', 'Vendas', 1, '1000.00', 1),
      sum('GROSS_REVENUE', 'Vendas', 1, '0.10', 1),
      sum('GROSS_REVENUE', 'Serviços', 2, '500.00', 2),
      sum('DEDUCTIONS', 'Impostos', 1, '-100.00', 3),
      sum('COSTS', 'Matéria-prima', 1, '-300.00', 4),
      sum('OPERATING_EXPENSES', 'Aluguel', 2, '-200.00', 5),
      sum('FINANCIAL_RESULT', 'Juros e multas pagos', 2, '-3.33', null),
      sum('FINANCIAL_RESULT', 'Descontos obtidos', 2, '1.00', null),
      sum('OTHER', 'Venda de sucata', 12, '50.00', 6),
    ]);
    const revenue = statement.groups[0]!;
    expect(revenue.lines.map((line) => [line.name, line.total])).toEqual([
      ['Serviços', '500.00'],
      ['Vendas', '1000.10'],
    ]);
    expect(revenue.lines[1]!.months.slice(0, 2)).toEqual(['1000.10', '0.00']);
    expect(revenue.months.slice(0, 2)).toEqual(['1000.10', '500.00']);
    const financial = statement.groups.find((group) => group.dreGroup === 'FINANCIAL_RESULT')!;
    expect(financial.lines.map((line) => [line.categoryId, line.name, line.total])).toEqual([
      [null, 'Descontos obtidos', '1.00'],
      [null, 'Juros e multas pagos', '-3.33'],
    ]);
    expect(statement.results.map((result) => [result.key, result.label, result.total])).toEqual([
      ['NET_REVENUE', 'Receita líquida', '1400.10'],
      ['GROSS_PROFIT', 'Lucro bruto', '1100.10'],
      ['OPERATING_RESULT', 'Resultado operacional', '900.10'],
      ['NET_RESULT', 'Resultado líquido', '947.77'],
    ]);
    const net = statement.results[3]!;
    expect(net.months[0]).toBe('600.10');
    expect(net.months[1]).toBe('297.67');
    expect(net.months[11]).toBe('50.00');
  });
});
