import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatBRL } from '../../shared/money.js';

/**
 * The top left of a document's page: what it is ("Ordem de compra"), its number as the title,
 * and its status tags under it (`children`). The number may break anywhere: an NF-e's title is
 * long and a phone is narrow.
 */
export function DocumentHeading({
  kind,
  title,
  testId,
  children,
}: {
  kind: string;
  title: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Text type="secondary">{kind}</Typography.Text>
      <Typography.Title
        level={2}
        style={{ margin: 0, overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {title}
      </Typography.Title>
      {children}
    </div>
  );
}

/**
 * One figure of a document's summary row (Total, Recebido, Custo…): a small card that grows to
 * share the row, `strong` for the one that matters most. `basis` is the width it starts from
 * before the row wraps; `noWrap` keeps an amount on one line.
 */
export function DocumentFigure({
  label,
  value,
  testId,
  strong = false,
  basis = 120,
  noWrap = false,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
  basis?: number;
  noWrap?: boolean;
}) {
  return (
    <Card size="small" style={{ flex: `1 1 ${basis}px`, minWidth: 0 }} data-testid={testId}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div style={noWrap ? { whiteSpace: 'nowrap' } : undefined}>
        <Typography.Text strong={strong} style={{ fontSize: strong ? 22 : 17 }}>
          {value}
        </Typography.Text>
      </div>
    </Card>
  );
}

/**
 * The money figures every order's page opens with: Total, Itens, Frete and Desconto, then what
 * the order adds of its own (`children`, e.g. Recebido).
 */
export function OrderMoneyFigures({
  order,
  children,
}: {
  order: { total: string; itemsTotal: string; freight: string; discount: string };
  children?: ReactNode;
}) {
  return (
    <Flex gap={12} wrap>
      <DocumentFigure label="Total" value={formatBRL(order.total)} testId="order-total" strong />
      <DocumentFigure
        label="Itens"
        value={formatBRL(order.itemsTotal)}
        testId="order-items-total"
      />
      <DocumentFigure label="Frete" value={formatBRL(order.freight)} testId="order-freight" />
      <DocumentFigure label="Desconto" value={formatBRL(order.discount)} testId="order-discount" />
      {children}
    </Flex>
  );
}
