import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { todayInSaoPaulo } from '../../../shared/export-file-name.js';
import { messages } from '../../../shared/messages.js';
import { ExportButtons } from '../../components/export-buttons.js';
import { PAGE_SIZES, toApiQuery } from '../../components/list-params.js';
import type { ListLocationState } from '../../components/resource-form-page.js';
import { useListParams } from '../../components/use-list-params.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { stockItemKeys, stockItemsApi } from './api.js';
import { STOCK_ITEM_TABLE_MIN_WIDTH, stockItemColumns } from './stock-item-columns.js';
import { StockItemFilters } from './stock-item-filters.js';
import { stockItemList } from './stock-item-list.js';
import { stockItemKey, stockSummary } from './stock-item-row.js';

const EXPORT = { path: 'stock-items', label: 'Consulta de Estoque' };

/**
 * Consulta de Estoque (DOMAIN §4): the balance of each item at each location, now or at the end
 * of a past day, valued at the item's average cost; rows of items below their minimum marked.
 * Search, filters, paging and sort live in the URL; a row opens the item's kardex there.
 */
export function StockItemsListPage({ basePath }: { basePath: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const state: ListLocationState = { listSearch: location.search };
  const { params, setPage, setSort, setSearch, setFilter } = useListParams(stockItemList);
  const apiQuery = toApiQuery(params);
  const today = todayInSaoPaulo();

  const list = useQuery({
    queryKey: stockItemKeys.list(apiQuery),
    queryFn: ({ signal }) => stockItemsApi.list(apiQuery, signal),
    placeholderData: keepPreviousData,
  });

  // A page past the end (a link made when there were more rows) shows the last page instead.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / params.pageSize)) : null;
  useEffect(() => {
    if (lastPage !== null && params.page > lastPage && !list.isPlaceholderData) {
      setPage(lastPage, params.pageSize);
    }
  }, [lastPage, params.page, params.pageSize, list.isPlaceholderData, setPage]);

  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const columns = stockItemColumns({ small, sort: params.sort });
  // The kardex of a row: its location, and for a past day the period up to that day.
  const kardexPath = (itemId: number, locationId: number) => {
    const search = new URLSearchParams({ locationId: String(locationId) });
    if (params.filters.at) search.set('to', params.filters.at);
    return `${basePath}/${itemId}?${search.toString()}`;
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Consulta de Estoque
        </Typography.Title>
        <Flex gap={8} wrap>
          <ExportButtons definition={EXPORT} params={params} />
        </Flex>
      </Flex>

      <StockItemFilters
        q={params.q}
        filters={params.filters}
        at={params.filters.at ?? today}
        today={today}
        small={small}
        onSearch={setSearch}
        onFilter={setFilter}
      />

      <Flex
        gap={small ? 4 : 24}
        wrap
        vertical={small}
        data-testid="stock-summary"
        aria-live="polite"
      >
        {list.data &&
          stockSummary(list.data).map((part) => (
            <Typography.Text key={part} strong>
              {part}
            </Typography.Text>
          ))}
      </Flex>

      <div data-testid="stock-items-table" style={{ minWidth: 0 }}>
        <Table
          rowKey={stockItemKey}
          size="middle"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          tableLayout="fixed"
          scroll={small ? undefined : { x: STOCK_ITEM_TABLE_MIN_WIDTH }}
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
          rowClassName={(row) => (row.belowMinimum ? 'stock-below-minimum' : '')}
          onRow={(row) => ({
            onClick: () => navigate(kardexPath(row.itemId, row.locationId), { state }),
            style: { cursor: 'pointer' },
          })}
          locale={list.isError ? { emptyText: 'Não foi possível carregar a lista.' } : undefined}
        />
      </div>
    </Flex>
  );
}
