import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { IncomeStatement } from '../../../shared/resources/finance-reports.js';
import {
  ChartTooltipBox,
  ChartTooltipLine,
  chartColors,
  legendOrder,
  moneyAxisProps,
} from '../../components/money-chart.js';
import { monthLabels, monthTotals, type MonthTotals } from './income-statement-rows.js';

const { green: GREEN, red: RED, blue: BLUE } = chartColors;

/** A month still to come has no bar nor point (null), not a zero. */
interface Point {
  label: string;
  totals: MonthTotals;
  income: number | null;
  expense: number | null;
  netResult: number | null;
}

function MonthTooltip({ active, payload }: TooltipContentProps) {
  const point = active ? (payload?.[0]?.payload as Point | undefined) : undefined;
  if (!point || point.totals.ahead) return null;
  return (
    <ChartTooltipBox title={point.label} minWidth={200}>
      <ChartTooltipLine label="Receitas" value={point.totals.income} color={GREEN} />
      <ChartTooltipLine label="Despesas" value={point.totals.expense} color={RED} />
      <ChartTooltipLine label="Resultado líquido" value={point.totals.netResult} color={BLUE} />
    </ChartTooltipBox>
  );
}

/** The legend in the order of the bars and then the line, not alphabetical. */
const legendSorter = legendOrder(['income', 'expense', 'netResult']);

/**
 * Per month, receitas and despesas as bars and the Resultado líquido as a line; the months after
 * today's that have nothing yet are left empty, not drawn as zero.
 */
export function IncomeStatementChart({
  report,
  small,
}: {
  report: IncomeStatement;
  small: boolean;
}) {
  // The numbers only place the bars; the tooltip reads the exact decimal strings. Every month
  // keeps its place on the axis, so the year reads January to December either way.
  const drawn = (totals: MonthTotals, value: string) => (totals.ahead ? null : Number(value));
  const points: Point[] = monthTotals(report, todayInSaoPaulo()).map((totals) => ({
    label: monthLabels[totals.month]!,
    totals,
    income: drawn(totals, totals.income),
    expense: drawn(totals, totals.expense),
    netResult: drawn(totals, totals.netResult),
  }));
  return (
    <div data-testid="income-statement-chart" style={{ width: '100%', height: small ? 260 : 320 }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval={small ? 1 : 0} />
          <YAxis {...moneyAxisProps(small)} />
          <Tooltip content={MonthTooltip} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={legendSorter} />
          <Bar dataKey="income" name="Receitas" fill={GREEN} isAnimationActive={false} />
          <Bar dataKey="expense" name="Despesas" fill={RED} isAnimationActive={false} />
          <Line
            dataKey="netResult"
            name="Resultado líquido"
            type="linear"
            stroke={BLUE}
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
