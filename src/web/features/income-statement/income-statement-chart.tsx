import { Typography } from 'antd';
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
import { abbreviateBRL } from '../../../shared/abbreviate-brl.js';
import { formatBRL } from '../../../shared/money.js';
import type { IncomeStatement } from '../../../shared/resources/finance-reports.js';
import { monthLabels, monthTotals, type MonthTotals } from './income-statement-rows.js';

const GREEN = '#389e0d';
const RED = '#cf1322';
const BLUE = '#1d39c4';

interface Point {
  label: string;
  totals: MonthTotals;
  income: number;
  expense: number;
  netResult: number;
}

function MonthTooltip({ active, payload }: TooltipContentProps) {
  const point = active ? (payload?.[0]?.payload as Point | undefined) : undefined;
  if (!point) return null;
  const line = (label: string, value: string, color: string) => (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, color }}>
      <span>{label}</span>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatBRL(value)}</span>
    </div>
  );
  return (
    <div
      style={{
        background: '#fff',
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        padding: '8px 12px',
        minWidth: 200,
      }}
    >
      <Typography.Text strong>{point.label}</Typography.Text>
      {line('Receitas', point.totals.income, GREEN)}
      {line('Despesas', point.totals.expense, RED)}
      {line('Resultado líquido', point.totals.netResult, BLUE)}
    </div>
  );
}

/** The legend in the order of the bars and then the line, not alphabetical. */
const legendKeys = ['income', 'expense', 'netResult'];
const legendOrder = (item: { dataKey?: unknown }) => legendKeys.indexOf(String(item.dataKey));

/** Per month, receitas and despesas as bars and the Resultado líquido as a line. */
export function IncomeStatementChart({
  report,
  small,
}: {
  report: IncomeStatement;
  small: boolean;
}) {
  // The numbers only place the bars; the tooltip reads the exact decimal strings.
  const points: Point[] = monthTotals(report).map((totals) => ({
    label: monthLabels[totals.month]!,
    totals,
    income: Number(totals.income),
    expense: Number(totals.expense),
    netResult: Number(totals.netResult),
  }));
  return (
    <div data-testid="income-statement-chart" style={{ width: '100%', height: small ? 260 : 320 }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval={small ? 1 : 0} />
          <YAxis
            width={small ? 76 : 84}
            tick={{ fontSize: small ? 11 : 12 }}
            tickFormatter={(value: number) => abbreviateBRL(value)}
          />
          <Tooltip content={MonthTooltip} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={legendOrder} />
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
