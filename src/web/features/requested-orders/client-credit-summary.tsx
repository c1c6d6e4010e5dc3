import { useQuery } from '@tanstack/react-query';
import { Flex, Form, Typography } from 'antd';
import { formatBRL } from '../../../shared/money.js';
import type { ClientCredit } from '../../../shared/resources/requested-orders.js';
import { formatDate } from '../../components/dates.js';
import { usePermission } from '../../lib/session.js';
import { clientCreditKey, requestedOrdersApi } from './api.js';

/** One figure: "Limite R$ 5.000,00". */
function Figure({
  label,
  value,
  testId,
  danger = false,
}: {
  label: string;
  value: string;
  testId: string;
  danger?: boolean;
}) {
  return (
    <Typography.Text type={danger ? 'danger' : 'secondary'} data-testid={testId}>
      {label} <Typography.Text type={danger ? 'danger' : undefined}>{value}</Typography.Text>
    </Typography.Text>
  );
}

function CreditFigures({ credit }: { credit: ClientCredit }) {
  const overdue = credit.overdue;
  const below = credit.available !== null && Number(credit.available) < 0;
  return (
    <Flex gap="2px 16px" wrap data-testid="client-credit" style={{ marginTop: 4 }}>
      <Figure
        label="Limite"
        value={credit.limit === null ? 'sem limite' : formatBRL(credit.limit)}
        testId="client-credit-limit"
      />
      {credit.available !== null && (
        <Figure
          label="Disponível"
          value={formatBRL(credit.available)}
          testId="client-credit-available"
          danger={below}
        />
      )}
      <Figure
        label="Em aberto"
        value={formatBRL(credit.openReceivables)}
        testId="client-credit-open"
      />
      <Figure
        label="Vencidos"
        value={
          overdue.count === 0
            ? 'nenhum'
            : `${overdue.count} (${formatBRL(overdue.amount)}) desde ${formatDate(overdue.oldestDueDate)}`
        }
        testId="client-credit-overdue"
        danger={overdue.count > 0}
      />
      <Figure
        label="Pedidos a faturar"
        value={formatBRL(credit.openOrders)}
        testId="client-credit-orders"
      />
    </Flex>
  );
}

/**
 * The picked client's credit under it, as "Aprovar" and "Faturar" will weigh it: the limit and
 * what is left of it, its open receivables, the overdue ones (in red: they block the approval)
 * and what its approved orders still have to invoice. Nothing before a client is picked, nor
 * for a user who cannot read orders.
 */
export function ClientCreditSummary() {
  const form = Form.useFormInstance();
  const clientId = Form.useWatch('clientId', form) as number | null | undefined;
  const allowed = usePermission('requestedOrders:read');
  const credit = useQuery({
    queryKey: clientCreditKey(clientId ?? 0),
    queryFn: ({ signal }) => requestedOrdersApi.credit(clientId ?? 0, signal),
    enabled: allowed && typeof clientId === 'number' && clientId > 0,
  });
  if (!clientId || !credit.data) return null;
  return <CreditFigures credit={credit.data} />;
}
