import { Typography, type TableColumnType } from 'antd';
import type { ProductionOrderSummary } from '../../../shared/resources/production-orders.js';
import { formatDate } from '../../components/dates.js';
import {
  columnSorting,
  numberColumn,
  stackedNumberColumn,
  wholeCell,
  wrappingCell,
} from '../../components/document-columns.js';
import { formatQuantity } from '../../components/quantity-text.js';
import { ProductionOrderStatusTag } from './production-order-status-tag.js';

/** The narrowest the list's columns add up to at 768 px and up: below it, it scrolls sideways. */
export const PRODUCTION_ORDER_TABLE_MIN_WIDTH = 960;

/** "12,500 KG": a quantity in its unit's decimals. */
export const quantityText = (value: string | null, decimals: number, unit: string) =>
  value === null ? '—' : `${formatQuantity(value, decimals)} ${unit}`;

const period = (row: ProductionOrderSummary) =>
  row.plannedStart || row.plannedEnd
    ? `${row.plannedStart ? formatDate(row.plannedStart) : '…'} a ${
        row.plannedEnd ? formatDate(row.plannedEnd) : '…'
      }`
    : null;

/**
 * The list's columns. From 768 px: number, product, quantity, planned start and end, status.
 * Below 768 px three: the order (number, product and planned period stacked), the quantity and the
 * status.
 */
export function productionOrderColumns(options: {
  small: boolean;
  sort: string;
}): TableColumnType<ProductionOrderSummary>[] {
  const { small, sort } = options;
  const sorting = columnSorting<ProductionOrderSummary>(sort);
  const status: TableColumnType<ProductionOrderSummary> = {
    key: 'status',
    title: 'Situação',
    width: small ? 104 : 140,
    ...sorting('status'),
    onCell: wrappingCell,
    render: (_value, row) => <ProductionOrderStatusTag status={row.status} />,
  };
  const quantity: TableColumnType<ProductionOrderSummary> = {
    key: 'quantity',
    title: small ? 'Qtd.' : 'Quantidade',
    align: 'right',
    width: small ? 96 : 150,
    ...sorting('quantity'),
    onCell: small ? wrappingCell : wholeCell,
    render: (_value, row) => quantityText(row.quantity, row.unitDecimals, row.unit),
  };

  if (small) {
    return [
      stackedNumberColumn(sort, 'Ordem', (row) => (
        <>
          <span>{row.productName}</span>
          {period(row) && <Typography.Text type="secondary">{period(row)}</Typography.Text>}
        </>
      )),
      quantity,
      status,
    ];
  }

  return [
    numberColumn(sort),
    {
      key: 'productName',
      title: 'Produto',
      ...sorting('productName'),
      onCell: wrappingCell,
      render: (_value, row) => `${row.productCode} – ${row.productName}`,
    },
    quantity,
    {
      key: 'plannedStart',
      title: 'Início previsto',
      width: 130,
      ...sorting('plannedStart'),
      onCell: wholeCell,
      render: (_value, row) => (row.plannedStart ? formatDate(row.plannedStart) : '—'),
    },
    {
      key: 'plannedEnd',
      title: 'Término previsto',
      width: 140,
      ...sorting('plannedEnd'),
      onCell: wholeCell,
      render: (_value, row) => (row.plannedEnd ? formatDate(row.plannedEnd) : '—'),
    },
    status,
  ];
}
