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
import type { CashFlow, CashFlowPeriod } from '../../../shared/resources/finance-reports.js';
import {
  ChartTooltipBox,
  ChartTooltipLine,
  chartColors,
  legendOrder,
  moneyAxisProps,
} from '../../components/money-chart.js';
import { periodLabel } from './cash-flow-params.js';

const { green: GREEN, red: RED, blue: BLUE } = chartColors;

interface Point {
  label: string;
  period: CashFlowPeriod;
  realizedIn: number;
  projectedIn: number;
  realizedOut: number;
  projectedOut: number;
  /** The balance line up to the period of today, and from it on (dashed). */
  realizedBalance: number | null;
  projectedBalance: number | null;
}

/**
 * The chart's points. Its numbers only place bars and dots; what is read (the tooltip) comes
 * from the API's exact decimal strings.
 */
export function chartPoints(report: CashFlow): Point[] {
  return report.periods.map((period) => ({
    label: periodLabel(period, report.granularity),
    period,
    realizedIn: Number(period.realizedIn),
    projectedIn: Number(period.projectedIn),
    realizedOut: Number(period.realizedOut),
    projectedOut: Number(period.projectedOut),
    realizedBalance: period.start <= report.today ? Number(period.balance) : null,
    projectedBalance: period.end >= report.today ? Number(period.balance) : null,
  }));
}

function PeriodTooltip({ active, payload }: TooltipContentProps) {
  const point = active ? (payload?.[0]?.payload as Point | undefined) : undefined;
  if (!point) return null;
  const { period } = point;
  return (
    <ChartTooltipBox title={point.label} minWidth={220}>
      <ChartTooltipLine label="Entradas realizadas" value={period.realizedIn} color={GREEN} />
      <ChartTooltipLine label="Entradas previstas" value={period.projectedIn} color={GREEN} />
      <ChartTooltipLine label="Saídas realizadas" value={period.realizedOut} color={RED} />
      <ChartTooltipLine label="Saídas previstas" value={period.projectedOut} color={RED} />
      <ChartTooltipLine label="Saldo acumulado" value={period.balance} color={BLUE} />
    </ChartTooltipBox>
  );
}

/** The legend in the order of the bars and then the line, not alphabetical. */
const legendSorter = legendOrder([
  'realizedIn',
  'projectedIn',
  'realizedOut',
  'projectedOut',
  'realizedBalance',
  'projectedBalance',
]);

/**
 * Entradas and saídas per period as bars, realised solid and projected hatched on top of them,
 * and the accumulated balance as a line, dashed where it is projected.
 */
export function CashFlowChart({ report, small }: { report: CashFlow; small: boolean }) {
  const points = chartPoints(report);
  return (
    <div data-testid="cash-flow-chart" style={{ width: '100%', height: small ? 260 : 340 }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <pattern
              id="cash-flow-projected-in"
              width="6"
              height="6"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="6" height="6" fill={GREEN} fillOpacity={0.25} />
              <line x1="0" y1="0" x2="0" y2="6" stroke={GREEN} strokeWidth="3" />
            </pattern>
            <pattern
              id="cash-flow-projected-out"
              width="6"
              height="6"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="6" height="6" fill={RED} fillOpacity={0.25} />
              <line x1="0" y1="0" x2="0" y2="6" stroke={RED} strokeWidth="3" />
            </pattern>
          </defs>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis {...moneyAxisProps(small)} />
          <Tooltip content={PeriodTooltip} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={legendSorter} />
          <Bar
            dataKey="realizedIn"
            name="Entradas"
            stackId="in"
            fill={GREEN}
            isAnimationActive={false}
          />
          <Bar
            dataKey="projectedIn"
            name="Entradas previstas"
            stackId="in"
            fill="url(#cash-flow-projected-in)"
            stroke={GREEN}
            isAnimationActive={false}
          />
          <Bar
            dataKey="realizedOut"
            name="Saídas"
            stackId="out"
            fill={RED}
            isAnimationActive={false}
          />
          <Bar
            dataKey="projectedOut"
            name="Saídas previstas"
            stackId="out"
            fill="url(#cash-flow-projected-out)"
            stroke={RED}
            isAnimationActive={false}
          />
          <Line
            dataKey="realizedBalance"
            name="Saldo"
            type="linear"
            stroke={BLUE}
            strokeWidth={2}
            dot={{ r: 3 }}
            connectNulls={false}
            isAnimationActive={false}
          />
          <Line
            dataKey="projectedBalance"
            name="Saldo previsto"
            type="linear"
            stroke={BLUE}
            strokeWidth={2}
            strokeDasharray="6 4"
            dot={{ r: 3 }}
            connectNulls={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
