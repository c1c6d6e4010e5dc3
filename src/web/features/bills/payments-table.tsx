import { RollbackOutlined } from '@ant-design/icons';
import { Button, Flex, Table, Tag, Typography, type TableColumnType } from 'antd';
import { formatBRL } from '../../../shared/money.js';
import type { BillKind, BillPaymentRow } from '../../../shared/resources/bills.js';
import { formatDate, formatDateTime } from '../../components/dates.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { messages } from '../../../shared/messages.js';
import { toast } from '../../lib/toast.js';
import { useReversePayment } from './api.js';
import { isStanding } from './bill-form.js';
import { ConfirmPopover } from '../../components/confirm-popover.js';

/** "Estornar baixa": after a confirmation; the bill, the lists and the accounts are read again. */
function ReversePaymentButton({
  kind,
  billId,
  payment,
  compact,
}: {
  kind: BillKind;
  billId: number;
  payment: BillPaymentRow;
  compact: boolean;
}) {
  const submitOnce = useSingleSubmit();
  const reverse = useReversePayment(kind, billId, {
    onSuccess: () => toast.success(messages.finance.paymentReversedDone),
  });
  return (
    <ConfirmPopover
      title="Estornar esta baixa?"
      description="O valor volta a ficar em aberto e o lançamento da conta-corrente é desfeito."
      okText="Estornar baixa"
      okButtonProps={{ danger: true }}
      onConfirm={() => submitOnce(() => reverse.mutateAsync(payment.id))}
    >
      <Button
        size="small"
        icon={<RollbackOutlined aria-hidden />}
        loading={reverse.isPending}
        aria-label={compact ? 'Estornar baixa' : undefined}
        data-testid="reverse-payment"
      >
        {compact ? null : 'Estornar baixa'}
      </Button>
    </ConfirmPopover>
  );
}

const money = (value: string) => formatBRL(value);
const whole = () => ({ style: { whiteSpace: 'nowrap' as const } });

/**
 * The bill's payments ("baixas"), oldest first: date, amount, interest, fine, discount, the cash
 * that moved, account and method; a reversed one stays, struck through and marked "Estornada".
 * Below 768 px: the payment (date, account, method), its total and the button.
 */
export function PaymentsTable({
  kind,
  billId,
  payments,
  canReverse,
  small,
}: {
  kind: BillKind;
  billId: number;
  payments: BillPaymentRow[];
  canReverse: boolean;
  small: boolean;
}) {
  const actions: TableColumnType<BillPaymentRow>[] = canReverse
    ? [
        {
          key: 'actions',
          title: '',
          align: 'right',
          width: small ? 52 : 150,
          render: (_value, row) =>
            isStanding(row) ? (
              <ReversePaymentButton kind={kind} billId={billId} payment={row} compact={small} />
            ) : null,
        },
      ]
    : [];
  const reversedTag = (row: BillPaymentRow) =>
    isStanding(row) ? null : (
      <Tag
        style={{ marginInlineEnd: 0 }}
        title={
          row.reversedAt
            ? `Estornada em ${formatDateTime(row.reversedAt)}${row.reversedByName ? ` por ${row.reversedByName}` : ''}`
            : undefined
        }
      >
        Estornada
      </Tag>
    );
  const total = (row: BillPaymentRow) =>
    isStanding(row) ? (
      money(row.total)
    ) : (
      <Typography.Text delete type="secondary">
        {money(row.total)}
      </Typography.Text>
    );

  const columns: TableColumnType<BillPaymentRow>[] = small
    ? [
        {
          key: 'date',
          title: 'Baixa',
          onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
          render: (_value, row) => (
            <Flex vertical gap={2} align="flex-start">
              <span>{formatDate(row.date)}</span>
              <Typography.Text type="secondary">
                {[row.checkingAccountName, row.paymentMethodName].filter(Boolean).join(' · ')}
              </Typography.Text>
              {reversedTag(row)}
            </Flex>
          ),
        },
        {
          key: 'total',
          title: 'Total',
          align: 'right',
          width: 112,
          render: (_v, row) => total(row),
        },
        ...actions,
      ]
    : [
        {
          key: 'date',
          title: 'Data',
          width: 104,
          onCell: whole,
          render: (_v, row) => formatDate(row.date),
        },
        {
          key: 'amount',
          title: 'Valor',
          align: 'right',
          onCell: whole,
          render: (_v, row) => money(row.amount),
        },
        {
          key: 'interest',
          title: 'Juros',
          align: 'right',
          onCell: whole,
          render: (_v, row) => money(row.interest),
        },
        {
          key: 'fine',
          title: 'Multa',
          align: 'right',
          onCell: whole,
          render: (_v, row) => money(row.fine),
        },
        {
          key: 'discount',
          title: 'Desconto',
          align: 'right',
          onCell: whole,
          render: (_v, row) => money(row.discount),
        },
        {
          key: 'total',
          title: 'Total',
          align: 'right',
          onCell: whole,
          render: (_v, row) => total(row),
        },
        { key: 'account', title: 'Conta', render: (_v, row) => row.checkingAccountName },
        { key: 'method', title: 'Forma', render: (_v, row) => row.paymentMethodName ?? '—' },
        { key: 'status', title: 'Situação', width: 104, render: (_v, row) => reversedTag(row) },
        ...actions,
      ];

  return (
    <Table<BillPaymentRow>
      data-testid="payments-table"
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={payments}
      columns={columns}
      rowClassName={(row) => (isStanding(row) ? 'payment-standing' : 'payment-reversed')}
      scroll={small ? undefined : { x: 900 }}
      locale={{ emptyText: 'Nenhuma baixa.' }}
    />
  );
}
