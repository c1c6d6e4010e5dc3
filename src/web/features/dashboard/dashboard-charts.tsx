import { Card, Col, Row } from 'antd';
import type { ReactElement } from 'react';
import {
  Bar,
  BarChart,
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
import {
  receivableAgeBuckets,
  type DashboardCharts as Charts,
} from '../../../shared/resources/dashboard.js';
import {
  ChartTooltipBox,
  ChartTooltipLine,
  chartColors,
  moneyAxisProps,
} from '../../components/money-chart.js';

/**
 * The dashboard's charts, loaded with Recharts only when the page has figures to draw (the
 * page imports this file lazily). Bars and lines are placed by numbers; what is read (the
 * tooltip) is the API's exact decimal strings.
 */
const monthNames = [
  'jan',
  'fev',
  'mar',
  'abr',
  'mai',
  'jun',
  'jul',
  'ago',
  'set',
  'out',
  'nov',
  'dez',
];
const monthLabel = (month: string) =>
  `${monthNames[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;

type Row = Record<string, string | number>;

/** A tooltip of the point's exact values, labelled and coloured as listed. */
function tooltipOf(
  title: (row: Row) => string,
  lines: [key: string, label: string, color?: string][],
) {
  return function PointTooltip({ active, payload }: TooltipContentProps) {
    const row = active ? (payload?.[0]?.payload as Row | undefined) : undefined;
    if (!row) return null;
    return (
      <ChartTooltipBox title={title(row)} minWidth={200}>
        {lines.map(([key, label, color]) => (
          <ChartTooltipLine
            key={key}
            label={label}
            value={String(row[`${key}Exact`])}
            color={color}
          />
        ))}
      </ChartTooltipBox>
    );
  };
}

const withNumbers = <T extends object>(row: T, keys: (keyof T & string)[]): Row => ({
  ...(row as Row),
  ...Object.fromEntries(
    keys.flatMap((key) => [
      [key, Number(row[key])],
      [`${key}Exact`, String(row[key])],
    ]),
  ),
});

const revenueTooltip = tooltipOf(
  (row) => String(row.label),
  [
    ['revenue', 'Faturamento', chartColors.blue],
    ['cost', 'Custo das mercadorias', chartColors.red],
    ['margin', 'Margem bruta', chartColors.green],
  ],
);
const cashTooltip = tooltipOf(
  (row) => `Próximos ${row.days} dias`,
  [
    ['inflow', 'Entradas previstas', chartColors.green],
    ['outflow', 'Saídas previstas', chartColors.red],
    ['balance', 'Saldo previsto', chartColors.blue],
  ],
);
const agesTooltip = tooltipOf((row) => String(row.label), [['amount', 'Em aberto']]);

/** A card with a money chart over labelled points: grid, axes, tooltip, legend and its series. */
function SeriesChart(props: {
  title: string;
  testId: string;
  data: Row[];
  tooltip: ReturnType<typeof tooltipOf>;
  height: number;
  small: boolean;
  children: ReactElement[];
}) {
  return (
    <Card size="small" title={props.title} data-testid={props.testId}>
      <div style={{ width: '100%', height: props.height }}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={props.data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis {...moneyAxisProps(props.small)} />
            <Tooltip content={props.tooltip} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {props.children}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

export default function DashboardCharts({ charts, small }: { charts: Charts; small: boolean }) {
  const height = small ? 240 : 300;
  const axis = moneyAxisProps(small);
  const shown = [];
  if (charts.revenueByMonth) {
    const data = charts.revenueByMonth.map((row) => ({
      ...withNumbers(row, ['revenue', 'cost', 'margin']),
      label: monthLabel(row.month),
    }));
    shown.push(
      <SeriesChart
        key="revenue"
        title="Faturamento e margem bruta (12 meses)"
        testId="dashboard-chart-revenue"
        data={data}
        tooltip={revenueTooltip}
        height={height}
        small={small}
      >
        {[
          <Bar
            key="revenue"
            dataKey="revenue"
            name="Faturamento"
            fill={chartColors.blue}
            isAnimationActive={false}
          />,
          <Line
            key="margin"
            dataKey="margin"
            name="Margem bruta"
            stroke={chartColors.green}
            strokeWidth={2}
            isAnimationActive={false}
          />,
        ]}
      </SeriesChart>,
    );
  }
  if (charts.expectedCash) {
    const data = charts.expectedCash.map((row) => ({
      ...withNumbers(row, ['inflow', 'outflow', 'balance']),
      label: `${row.days} dias`,
    }));
    shown.push(
      <SeriesChart
        key="cash"
        title="Caixa previsto"
        testId="dashboard-chart-cash"
        data={data}
        tooltip={cashTooltip}
        height={height}
        small={small}
      >
        {[
          <Bar
            key="inflow"
            dataKey="inflow"
            name="Entradas"
            fill={chartColors.green}
            isAnimationActive={false}
          />,
          <Bar
            key="outflow"
            dataKey="outflow"
            name="Saídas"
            fill={chartColors.red}
            isAnimationActive={false}
          />,
          <Line
            key="balance"
            dataKey="balance"
            name="Saldo"
            stroke={chartColors.blue}
            strokeWidth={2}
            isAnimationActive={false}
          />,
        ]}
      </SeriesChart>,
    );
  }
  if (charts.receivablesByAge) {
    const data = charts.receivablesByAge.map((row) => ({
      ...withNumbers(row, ['amount']),
      label: receivableAgeBuckets[row.bucket],
    }));
    shown.push(
      <Card
        key="ages"
        size="small"
        title="Contas a receber por vencimento"
        data-testid="dashboard-chart-ages"
      >
        <div style={{ width: '100%', height }}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: small ? 10 : 12 }} interval={0} />
              <YAxis {...axis} />
              <Tooltip content={agesTooltip} />
              <Bar
                dataKey="amount"
                name="Em aberto"
                fill={chartColors.blue}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </Card>,
    );
  }
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {shown.map((chart) => (
        <Col key={chart.key} xs={24} lg={chart.key === 'revenue' ? 24 : 12}>
          {chart}
        </Col>
      ))}
    </Row>
  );
}
