import { Typography, type TableColumnType } from 'antd';
import type { PurchaseOrderSummary } from '../../../shared/resources/purchase-orders.js';
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
import { OrderStatusTag } from './order-status-tag.js';

/** The narrowest the list's columns add up to at 768 px and up: below it, it scrolls sideways. */
export const ORDER_TABLE_MIN_WIDTH = 900;

/**
 * The list's columns. From 768 px: number, supplier, order date, expected date, total and status.
 * Below 768 px two: the order (number, supplier and date stacked) and the total with the status
 * under it, as in Contas a Pagar: "Recebida parcialmente" in a column of its own beside a total
 * ran 31 px past a 375 px screen.
 */
export function orderColumns(options: {
  small: boolean;
  sort: string;
}): TableColumnType<PurchaseOrderSummary>[] {
  const { small, sort } = options;
  const sorting = columnSorting<PurchaseOrderSummary>(sort);
  const status: TableColumnType<PurchaseOrderSummary> = {
    key: 'status',
    title: 'Situação',
    width: 170,
    onCell: wrappingCell,
    render: (_value, row) => <OrderStatusTag status={row.status} />,
  };
  const total = totalColumn<PurchaseOrderSummary>(sort);

  if (small) {
    return [
      stackedNumberColumn(sort, 'Ordem', (row) => (
        <>
          <span>{row.supplierName}</span>
          <Typography.Text type="secondary">{formatDate(row.orderDate)}</Typography.Text>
        </>
      )),
      totalWithStatusColumn(sort, (row) => <OrderStatusTag status={row.status} />),
    ];
  }

  return [
    numberColumn(sort),
    {
      key: 'supplier',
      title: 'Fornecedor',
      onCell: wrappingCell,
      render: (_value, row) => row.supplierName,
    },
    {
      key: 'orderDate',
      title: 'Data',
      width: 116,
      ...sorting('orderDate'),
      onCell: wholeCell,
      render: (_value, row) => formatDate(row.orderDate),
    },
    {
      key: 'expectedDate',
      title: 'Previsão',
      width: 116,
      ...sorting('expectedDate'),
      onCell: wholeCell,
      render: (_value, row) => (row.expectedDate ? formatDate(row.expectedDate) : '—'),
    },
    total,
    status,
  ];
}
