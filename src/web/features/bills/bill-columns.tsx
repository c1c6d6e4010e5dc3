import { Flex, Typography, type TableColumnType } from 'antd';
import { formatBRL } from '../../../shared/money.js';
import { billKindInfo, type BillKind, type BillSummary } from '../../../shared/resources/bills.js';
import { formatDate } from '../../components/dates.js';
import { columnSorting, wholeCell, wrappingCell } from '../../components/document-columns.js';
import { BillStatusTags } from './bill-status.js';

/** "Aluguel de março · 1/3": the description with its installment, when it has one. */
export function billTitle(bill: Pick<BillSummary, 'description' | 'installment'>): string {
  return bill.installment ? `${bill.description} · ${bill.installment}` : bill.description;
}

/** What is still open, struck through and greyed once nothing counts any more (cancelled). */
function OpenAmount({ bill }: { bill: BillSummary }) {
  if (bill.status === 'CANCELLED') {
    return (
      <Typography.Text delete type="secondary">
        {formatBRL(bill.openAmount)}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text type={bill.overdue ? 'danger' : undefined}>
      {formatBRL(bill.openAmount)}
    </Typography.Text>
  );
}

/** The narrowest the list's columns add up to at 768 px and up: below it, it scrolls sideways. */
export const BILL_TABLE_MIN_WIDTH = 1000;

/**
 * The list's columns. From 768 px: due date, description (with "1/3"), supplier or client,
 * category, amount, open amount and status. Below 768 px two are left: the bill (due date,
 * description and partner stacked) and the open amount with the status under it, so a row fits
 * 375 px: "Parcialmente paga" beside "R$ 1.234.567,89" in a column of its own ran 8 px past it.
 */
export function billColumns(options: {
  kind: BillKind;
  small: boolean;
  sort: string;
}): TableColumnType<BillSummary>[] {
  const { kind, small, sort } = options;
  const sorting = columnSorting<BillSummary>(sort);
  const status: TableColumnType<BillSummary> = {
    key: 'status',
    title: 'Situação',
    width: 150,
    render: (_value, row) => <BillStatusTags bill={row} />,
  };

  if (small) {
    return [
      {
        key: 'dueDate',
        title: 'Conta',
        ...sorting('dueDate'),
        onCell: wrappingCell,
        render: (_value, row) => (
          <Flex vertical gap={2}>
            <span>{formatDate(row.dueDate)}</span>
            <span>{billTitle(row)}</span>
            {row.partnerName && (
              <Typography.Text type="secondary">{row.partnerName}</Typography.Text>
            )}
          </Flex>
        ),
      },
      {
        key: 'openAmount',
        title: 'Em aberto',
        align: 'right',
        onCell: wholeCell,
        render: (_value, row) => (
          <Flex vertical gap={4} align="flex-end">
            <OpenAmount bill={row} />
            <BillStatusTags bill={row} />
          </Flex>
        ),
      },
    ];
  }

  return [
    {
      key: 'dueDate',
      title: 'Vencimento',
      width: 116,
      ...sorting('dueDate'),
      onCell: wholeCell,
      render: (_value, row) => formatDate(row.dueDate),
    },
    {
      key: 'description',
      title: 'Descrição',
      onCell: wrappingCell,
      render: (_value, row) => (
        <Flex vertical gap={0}>
          <span>{billTitle(row)}</span>
          {row.documentNumber && (
            <Typography.Text type="secondary">Doc. {row.documentNumber}</Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'partner',
      title: billKindInfo[kind].partnerLabel,
      width: '18%',
      onCell: wrappingCell,
      render: (_value, row) => row.partnerName ?? '—',
    },
    {
      key: 'category',
      title: 'Categoria',
      width: '14%',
      onCell: wrappingCell,
      render: (_value, row) => row.categoryName,
    },
    {
      key: 'amount',
      title: 'Valor',
      align: 'right',
      width: 132,
      ...sorting('amount'),
      onCell: wholeCell,
      render: (_value, row) => formatBRL(row.amount),
    },
    {
      key: 'openAmount',
      title: 'Em aberto',
      align: 'right',
      width: 132,
      onCell: wholeCell,
      render: (_value, row) => <OpenAmount bill={row} />,
    },
    status,
  ];
}
