import { Card, Flex, Tooltip, Typography } from 'antd';
import { abbreviateBRL } from '../../../shared/abbreviate-brl.js';
import { formatBRL } from '../../../shared/money.js';
import { billKindInfo, type BillKind, type BillPage } from '../../../shared/resources/bills.js';

/**
 * What the filtered list adds up to over every page: open, of which overdue, and paid (or
 * received). A big figure is abbreviated ("R$ 1,2 M") with the exact value on hover.
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
      {figures.map((figure) => {
        const exact = figure.value === undefined ? '—' : formatBRL(figure.value);
        const short = figure.value === undefined ? '—' : abbreviateBRL(figure.value);
        return (
          <Card
            key={figure.key}
            size="small"
            style={{ flex: '1 1 96px', minWidth: 0 }}
            data-testid={`bill-total-${figure.key}`}
          >
            <Typography.Text type="secondary">{figure.label}</Typography.Text>
            <div>
              <Tooltip title={short === exact ? undefined : exact}>
                <Typography.Text
                  strong
                  type={figure.type}
                  style={{ fontSize: 'clamp(15px, 4.4vw, 20px)' }}
                  aria-label={`${figure.label}: ${exact}`}
                >
                  {short}
                </Typography.Text>
              </Tooltip>
            </div>
          </Card>
        );
      })}
    </Flex>
  );
}
