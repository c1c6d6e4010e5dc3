import { Card, Flex, Typography } from 'antd';
import { formatBRL } from '../../../shared/money.js';
import { billKindInfo, type BillKind, type BillPage } from '../../../shared/resources/bills.js';

/**
 * What the filtered list adds up to over every page: open, of which overdue, and paid (or
 * received). A clerk reconciles these against the bank and the supplier, so they show cents
 * ("R$ 2.770,00"), never the dashboard's abbreviation (DOMAIN §13). A figure is never broken:
 * a card as wide as its figure moves to a row of its own when the three do not fit (a phone).
 */
export function BillTotals({ kind, totals }: { kind: BillKind; totals?: BillPage['totals'] }) {
  const figures = [
    { key: 'open', label: 'Em aberto', value: totals?.open, type: undefined },
    { key: 'overdue', label: 'Vencido', value: totals?.overdue, type: 'danger' as const },
    {
      key: 'paid',
      label: billKindInfo[kind].settledLabel,
      value: totals?.paid,
      type: 'success' as const,
    },
  ];
  return (
    <Flex gap={12} wrap data-testid="bill-totals">
      {figures.map((figure) => (
        <Card
          key={figure.key}
          size="small"
          style={{ flex: '1 1 auto' }}
          data-testid={`bill-total-${figure.key}`}
        >
          <Typography.Text type="secondary">{figure.label}</Typography.Text>
          <div style={{ whiteSpace: 'nowrap' }}>
            <Typography.Text
              strong
              type={figure.type}
              style={{ fontSize: 'clamp(15px, 4.4vw, 20px)' }}
            >
              {figure.value === undefined ? '—' : formatBRL(figure.value)}
            </Typography.Text>
          </div>
        </Card>
      ))}
    </Flex>
  );
}
