import { Flex, Typography, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { formatBRL } from '../../shared/money.js';

/** A document list's cells: free text (a name) wraps, anywhere if it must… */
export const wrappingCell = () => ({ style: { overflowWrap: 'anywhere' as const } });
/** …a formatted value (a number, a date, money) stays whole. */
export const wholeCell = () => ({ style: { whiteSpace: 'nowrap' as const } });

/**
 * A column sorted by the server from the list's `sort` ("total" ascending, "-total"
 * descending): its arrow shows that order, and a click asks for the other.
 */
export function columnSorting<Row>(sort: string) {
  return (key: string): TableColumnType<Row> => ({
    sorter: true,
    sortOrder: sort === key ? 'ascend' : sort === `-${key}` ? 'descend' : null,
    sortDirections: ['ascend', 'descend'],
  });
}

/** A document that has a total and may be cancelled. */
interface Totalled {
  total: string;
  status: string;
}

/** The total, struck through and greyed once the document is cancelled (it no longer counts). */
export function DocumentTotal({ row }: { row: Totalled }) {
  return row.status === 'CANCELLED' ? (
    <Typography.Text delete type="secondary">
      {formatBRL(row.total)}
    </Typography.Text>
  ) : (
    formatBRL(row.total)
  );
}

/** "Total", sortable: on a small screen the caller stacks the status under it in `render`. */
export function totalColumn<Row extends Totalled>(sort: string): TableColumnType<Row> {
  return {
    key: 'total',
    title: 'Total',
    align: 'right',
    width: 140,
    ...columnSorting<Row>(sort)('total'),
    onCell: wholeCell,
    render: (_value, row) => <DocumentTotal row={row} />,
  };
}

/** On a small screen: the total, with what `status` shows (its tags) under it. */
export function totalWithStatusColumn<Row extends Totalled>(
  sort: string,
  status: (row: Row) => ReactNode,
): TableColumnType<Row> {
  return {
    ...totalColumn<Row>(sort),
    width: undefined,
    render: (_value, row) => (
      <Flex vertical gap={4} align="flex-end">
        <DocumentTotal row={row} />
        {status(row)}
      </Flex>
    ),
  };
}

/** "Número", sortable: the document's number in bold, whole. */
export function numberColumn<Row extends { number: string }>(sort: string): TableColumnType<Row> {
  return {
    key: 'number',
    title: 'Número',
    width: 120,
    ...columnSorting<Row>(sort)('number'),
    onCell: wholeCell,
    render: (_value, row) => <Typography.Text strong>{row.number}</Typography.Text>,
  };
}

/**
 * On a small screen, the document (`title`: "Ordem"), sortable by its number: the number in bold
 * with what `under` shows of it stacked below (its partner, its date).
 */
export function stackedNumberColumn<Row extends { number: string }>(
  sort: string,
  title: string,
  under: (row: Row) => ReactNode,
): TableColumnType<Row> {
  return {
    key: 'number',
    title,
    ...columnSorting<Row>(sort)('number'),
    onCell: wrappingCell,
    render: (_value, row) => (
      <Flex vertical gap={2}>
        <Typography.Text strong>{row.number}</Typography.Text>
        {under(row)}
      </Flex>
    ),
  };
}
