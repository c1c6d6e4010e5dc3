import { Table, type TableProps } from 'antd';
import { useNavigate } from 'react-router';
import { messages } from '../../shared/messages.js';
import { PAGE_SIZES, type ListParams } from './list-params.js';
import type { ListLocationState } from './resource-form-page.js';

type OwnTableProps =
  | 'dataSource'
  | 'loading'
  | 'pagination'
  | 'onChange'
  | 'onRow'
  | 'locale'
  | 'size'
  | 'showSorterTooltip';

/**
 * A list's table paged and sorted by the server, its page, size and sort kept in the URL
 * (use-list-params.ts). A row opens `rowPath(row)`, taking the list's search along so the opened
 * page's "Voltar" comes back to this page of the list. Columns, row key, layout and scroll are
 * the page's own.
 */
export function ListTable<Row extends object>({
  testId,
  list,
  params,
  setPage,
  setSort,
  rowPath,
  state,
  ...table
}: Omit<TableProps<Row>, OwnTableProps> & {
  testId: string;
  list: {
    data?: { items: readonly Row[]; total: number };
    isFetching: boolean;
    isError: boolean;
  };
  params: ListParams;
  setPage: (page: number, pageSize: number) => void;
  setSort: (sort: string | null) => void;
  rowPath: (row: Row) => string;
  state: ListLocationState;
}) {
  const navigate = useNavigate();
  return (
    <div data-testid={testId} style={{ minWidth: 0 }}>
      <Table<Row>
        {...table}
        size="middle"
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        showSorterTooltip={false}
        pagination={{
          current: params.page,
          pageSize: params.pageSize,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: messages.recordCount,
          responsive: true,
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'paginate') {
            setPage(pagination.current ?? 1, pagination.pageSize ?? params.pageSize);
          } else if (extra.action === 'sort') {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const key = one?.columnKey === undefined ? null : String(one.columnKey);
            setSort(key && one?.order ? (one.order === 'descend' ? `-${key}` : key) : null);
          }
        }}
        onRow={(row) => ({
          onClick: () => navigate(rowPath(row), { state }),
          style: { cursor: 'pointer' },
        })}
        locale={list.isError ? { emptyText: 'Não foi possível carregar a lista.' } : undefined}
      />
    </div>
  );
}
