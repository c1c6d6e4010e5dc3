import { UnlockOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Flex, Table, Typography } from 'antd';
import { formatBRL } from '../../../shared/money.js';
import { formatDate } from '../../components/dates.js';
import { usePermission } from '../../lib/session.js';
import { exposureOf, type CreditRefusal } from './credit-refusal.js';

/** Limite, Títulos em aberto, Pedidos a faturar, Este pedido, the exposure and what is above. */
function LimitFigures({ refusal }: { refusal: Extract<CreditRefusal, { code: 'CREDIT_LIMIT' }> }) {
  const { figures } = refusal;
  const exposure = exposureOf(figures);
  const row = (key: string, label: string, value: string) => ({
    key,
    label,
    children: <span data-testid={`credit-${key}`}>{formatBRL(value)}</span>,
  });
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        row('limit', 'Limite de crédito', figures.limit),
        row('openReceivables', 'Títulos em aberto', figures.openReceivables),
        row('openOrders', 'Outros pedidos a faturar', figures.openOrders),
        row(
          'thisOrder',
          refusal.action === 'invoice' ? 'A faturar deste pedido' : 'Este pedido',
          figures.thisOrder,
        ),
        row('exposure', 'Total comprometido', exposure.total),
        row('above', 'Acima do limite', exposure.above),
      ]}
    />
  );
}

/** The overdue bills, oldest first: document, due date, what is open of each. */
function OverdueBills({
  refusal,
}: {
  refusal: Extract<CreditRefusal, { code: 'OVERDUE_RECEIVABLES' }>;
}) {
  return (
    <Table
      data-testid="credit-overdue-bills"
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={refusal.bills}
      columns={[
        {
          key: 'document',
          title: 'Documento',
          render: (_value, bill) => bill.documentNumber ?? `Título ${bill.id}`,
          onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
        },
        {
          key: 'dueDate',
          title: 'Vencimento',
          render: (_value, bill) => formatDate(bill.dueDate),
        },
        {
          key: 'open',
          title: 'Em aberto',
          align: 'right',
          render: (_value, bill) => formatBRL(bill.open),
          onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
        },
      ]}
    />
  );
}

/**
 * "Aprovar" or "Faturar" refused by the credit gate, under the action bar: the reason, its
 * figures (the exposure over the limit, or the overdue bills) and, for whoever holds
 * requestedOrders:releaseCredit, "Liberar crédito" (`onRelease` opens the reason's dialog).
 */
export function CreditRefusalPanel({
  refusal,
  onRelease,
  onClose,
}: {
  refusal: CreditRefusal;
  onRelease: () => void;
  onClose: () => void;
}) {
  const mayRelease = usePermission('requestedOrders:releaseCredit');
  return (
    <Alert
      type="error"
      showIcon
      data-testid="credit-refusal"
      closable={{ onClose }}
      title={refusal.message}
      description={
        <Flex vertical gap={8} align="flex-start" style={{ minWidth: 0 }}>
          {refusal.code === 'CREDIT_LIMIT' ? (
            <LimitFigures refusal={refusal} />
          ) : (
            <OverdueBills refusal={refusal} />
          )}
          {mayRelease ? (
            <Button
              icon={<UnlockOutlined aria-hidden />}
              onClick={onRelease}
              data-testid="credit-release"
            >
              Liberar crédito
            </Button>
          ) : (
            <Typography.Text type="secondary">
              Somente quem pode liberar crédito consegue{' '}
              {refusal.action === 'invoice' ? 'faturar' : 'aprovar'} este pedido agora.
            </Typography.Text>
          )}
        </Flex>
      }
    />
  );
}
