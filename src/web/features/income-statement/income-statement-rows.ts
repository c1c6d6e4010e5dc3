import { Decimal } from 'decimal.js';
import type { IncomeStatement } from '../../../shared/resources/finance-reports.js';

export interface StatementRow {
  key: string;
  kind: 'group' | 'line' | 'result';
  name: string;
  months: readonly string[];
  total: string;
}

type ResultKey = IncomeStatement['results'][number]['key'];

/** Where each result stands: after the last group it sums (the DRE's usual order). */
const resultAfter: Record<string, ResultKey> = {
  DEDUCTIONS: 'NET_REVENUE',
  COSTS: 'GROSS_PROFIT',
  OPERATING_EXPENSES: 'OPERATING_RESULT',
  OTHER: 'NET_RESULT',
};

/**
 * The table's rows top to bottom: each group (with its total) and its lines beneath it, and each
 * result right after the groups it closes: Receita bruta, Deduções, Receita líquida, Custos, Lucro
 * bruto, Despesas operacionais, Resultado operacional, Resultado financeiro, Outras, Resultado
 * líquido. A result whose group is missing still ends the table.
 */
export function incomeStatementRows(report: IncomeStatement): StatementRow[] {
  const rows: StatementRow[] = [];
  const placed = new Set<ResultKey>();
  const result = (key: ResultKey) => {
    const found = report.results.find((candidate) => candidate.key === key);
    if (!found || placed.has(key)) return;
    placed.add(key);
    rows.push({
      key: `result-${key}`,
      kind: 'result',
      name: found.label,
      months: found.months,
      total: found.total,
    });
  };
  for (const group of report.groups) {
    rows.push({
      key: `group-${group.dreGroup}`,
      kind: 'group',
      name: group.label,
      months: group.months,
      total: group.total,
    });
    group.lines.forEach((line, index) =>
      rows.push({
        key: `line-${group.dreGroup}-${line.categoryId ?? `x${index}`}`,
        kind: 'line',
        name: line.name,
        months: line.months,
        total: line.total,
      }),
    );
    const after = resultAfter[group.dreGroup];
    if (after) result(after);
  }
  for (const { key } of report.results) result(key);
  return rows;
}

export interface MonthTotals {
  month: number;
  income: string;
  expense: string;
  netResult: string;
  /** After today's month (São Paulo) and without amounts: not reached yet, so not drawn as zero. */
  ahead: boolean;
}

/**
 * Per month, what came in (every line's amount above zero) and what went out (below zero, as a
 * positive figure), and the Resultado líquido: the chart's bars and line. `today` ("2026-11-26")
 * tells the months still to come: one of them with no amount is `ahead`, while one with a
 * competence already planned for it is drawn like any other.
 */
export function monthTotals(report: IncomeStatement, today: string): MonthTotals[] {
  const net = report.results.find((candidate) => candidate.key === 'NET_RESULT');
  const [todayYear, todayMonth] = today.split('-').map(Number) as [number, number];
  const monthsReached = report.year < todayYear ? 12 : report.year > todayYear ? 0 : todayMonth;
  return Array.from({ length: 12 }, (_unused, month) => {
    let income = new Decimal(0);
    let expense = new Decimal(0);
    let moved = false;
    for (const group of report.groups) {
      for (const line of group.lines) {
        const value = new Decimal(line.months[month] ?? '0');
        if (!value.isZero()) moved = true;
        if (value.isPositive() && !value.isZero()) income = income.plus(value);
        else expense = expense.minus(value);
      }
    }
    return {
      month,
      income: income.toFixed(2),
      expense: expense.toFixed(2),
      netResult: new Decimal(net?.months[month] ?? '0').toFixed(2),
      ahead: month >= monthsReached && !moved,
    };
  });
}

export const monthLabels = [
  'Jan',
  'Fev',
  'Mar',
  'Abr',
  'Mai',
  'Jun',
  'Jul',
  'Ago',
  'Set',
  'Out',
  'Nov',
  'Dez',
] as const;
