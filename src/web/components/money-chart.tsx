import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { abbreviateBRL } from '../../shared/abbreviate-brl.js';
import { formatBRL } from '../../shared/money.js';

/**
 * What the finance reports' charts (Fluxo de Caixa, DRE) share: their colours (in, out, the
 * line), the money axis, the tooltip's box and lines, and the legend in a given order.
 */
export const chartColors = { green: '#389e0d', red: '#cf1322', blue: '#1d39c4' } as const;

/** The Y axis's props for money: abbreviated reais ("R$ 12 mil"), narrower on a phone. */
export function moneyAxisProps(small: boolean) {
  return {
    width: small ? 76 : 84,
    tick: { fontSize: small ? 11 : 12 },
    tickFormatter: (value: number) => abbreviateBRL(value),
  };
}

/** The legend sorted by these data keys (the bars and then the line), not alphabetically. */
export function legendOrder(keys: readonly string[]) {
  return (item: { dataKey?: unknown }) => keys.indexOf(String(item.dataKey));
}

/** The tooltip's box: the point's title, then its lines. */
export function ChartTooltipBox({
  title,
  minWidth,
  children,
}: {
  title: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <div
      style={{
        background: '#fff',
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        padding: '8px 12px',
        minWidth,
      }}
    >
      <Typography.Text strong>{title}</Typography.Text>
      {children}
    </div>
  );
}

/** One line of the tooltip: the label, and the exact decimal string in reais. */
export function ChartTooltipLine({
  label,
  value,
  color,
}: {
  label: string;
  value: string;
  color?: string;
}) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, color }}>
      <span>{label}</span>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatBRL(value)}</span>
    </div>
  );
}
