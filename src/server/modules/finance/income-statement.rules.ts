import { fromUnits, toUnits } from '../../../shared/allocation.js';
import { messages } from '../../../shared/messages.js';
import { dreGroups } from '../../../shared/resources/financial-categories.js';
import { dreGroupKeys, type IncomeStatement } from '../../../shared/resources/finance-reports.js';

/**
 * The DRE gerencial's shape from its sums: each group of the chart in the order of `dreGroups`
 * with its lines (a category, or a line the payments make), twelve months and a total each, and
 * the results between the groups. Amounts are signed (income above zero, expense below), added as
 * bigint cents, never floats.
 */

const dre = messages.finance.dre;

export type DreGroup = keyof typeof dreGroups;

/** One sum the database answered: a line's amount in one month (1–12). */
export interface IncomeStatementSum {
  dreGroup: DreGroup;
  /** Null for the lines of the payments' interest, fines and discounts. */
  categoryId: number | null;
  name: string;
  month: number;
  amount: string;
}

/** Each result adds groups to the previous one (the first starts from zero). */
const resultDefinitions = [
  { key: 'NET_REVENUE', label: dre.netRevenue, adds: ['GROSS_REVENUE', 'DEDUCTIONS'] },
  { key: 'GROSS_PROFIT', label: dre.grossProfit, adds: ['COSTS'] },
  { key: 'OPERATING_RESULT', label: dre.operatingResult, adds: ['OPERATING_EXPENSES'] },
  { key: 'NET_RESULT', label: dre.netResult, adds: ['FINANCIAL_RESULT', 'OTHER'] },
] as const satisfies readonly { key: string; label: string; adds: readonly DreGroup[] }[];

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
const zeros = () => Array.from({ length: 12 }, () => 0n);
const money = (months: bigint[]) => months.map((units) => fromUnits(units, 2));
const sum = (months: bigint[]) => months.reduce((total, units) => total + units, 0n);

export function buildIncomeStatement(year: number, sums: IncomeStatementSum[]): IncomeStatement {
  const lines = new Map<string, { sum: IncomeStatementSum; months: bigint[] }>();
  for (const row of sums) {
    const key = `${row.dreGroup}:${row.categoryId ?? row.name}`;
    const line = lines.get(key) ?? { sum: row, months: zeros() };
    line.months[row.month - 1]! += toUnits(row.amount, 2, 'amount');
    lines.set(key, line);
  }
  const groupMonths = new Map<DreGroup, bigint[]>();
  const groups = dreGroupKeys.map((dreGroup) => {
    const own = [...lines.values()]
      .filter((line) => line.sum.dreGroup === dreGroup)
      .sort((a, b) => collator.compare(a.sum.name, b.sum.name));
    const months = zeros();
    for (const line of own) line.months.forEach((units, index) => (months[index]! += units));
    groupMonths.set(dreGroup, months);
    return {
      dreGroup,
      label: dreGroups[dreGroup],
      lines: own.map((line) => ({
        categoryId: line.sum.categoryId,
        name: line.sum.name,
        months: money(line.months),
        total: fromUnits(sum(line.months), 2),
      })),
      months: money(months),
      total: fromUnits(sum(months), 2),
    };
  });
  const running = zeros();
  const results = resultDefinitions.map((result) => {
    for (const group of result.adds) {
      groupMonths.get(group)!.forEach((units, index) => (running[index]! += units));
    }
    return {
      key: result.key,
      label: result.label,
      months: money(running),
      total: fromUnits(sum(running), 2),
    };
  });
  return { year, groups, results };
}
