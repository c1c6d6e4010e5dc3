import { Typography, type TableColumnType } from 'antd';
import type { RequestedOrderSummary } from '../../../shared/resources/requested-orders.js';
import { formatDate } from '../../components/dates.js';
import {
  columnSorting,
  numberColumn,
  stackedNumberColumn,
  totalColumn,
  totalWithStatusColumn,
  wholeCell,
  wrappingCell,
} from '../../components/document-columns.js';
import { RequestedOrderStatusTag } from './requested-order-status-tag.js';

/** The narrowest the list's columns add up to at 768 px and up: below it, it scrolls sideways. */
export const REQUESTED_ORDER_TABLE_MIN_WIDTH = 900;

/**
 * The list's columns. From 768 px: number, order date, delivery date, client, total and status.
 * Below 768 px two: the order (number, client and date stacked) and the total with the status
 * under it, so "Faturado parcialmente" never pushes the row past a 375 px screen.
 */
export function requestedOrderColumns(options: {
  small: boolean;
  sort: string;
}): TableColumnType<RequestedOrderSummary>[] {
  const { small, sort } = options;
  const sorting = columnSorting<RequestedOrderSummary>(sort);
  const total = totalColumn<RequestedOrderSummary>(sort);

  if (small) {
    return [
      stackedNumberColumn(sort, 'Pedido', (row) => (
        <>
          <span>{row.clientName}</span>
          <Typography.Text type="secondary">{formatDate(row.orderDate)}</Typography.Text>
        </>
      )),
      totalWithStatusColumn(sort, (row) => <RequestedOrderStatusTag status={row.status} />),
    ];
  }

  return [
    numberColumn(sort),
    {
      key: 'orderDate',
      title: 'Data',
      width: 116,
      ...sorting('orderDate'),
      onCell: wholeCell,
      render: (_value, row) => formatDate(row.orderDate),
    },
    {
      key: 'deliveryDate',
      title: 'Entrega',
      width: 116,
      ...sorting('deliveryDate'),
      onCell: wholeCell,
      render: (_value, row) => (row.deliveryDate ? formatDate(row.deliveryDate) : '—'),
    },
    {
      key: 'client',
      title: 'Cliente',
      onCell: wrappingCell,
      render: (_value, row) => row.clientName,
    },
    total,
    {
      key: 'status',
      title: 'Situação',
      width: 170,
      onCell: wrappingCell,
      render: (_value, row) => <RequestedOrderStatusTag status={row.status} />,
    },
  ];
}
