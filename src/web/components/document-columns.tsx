import { Typography, type TableColumnType } from 'antd';
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
