import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { useLocation } from 'react-router';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { ExportButtons } from '../../components/export-buttons.js';
import { ListHeader } from '../../components/list-header.js';
import { toApiQuery } from '../../components/list-params.js';
import { ListTable } from '../../components/list-table.js';
import type { ListLocationState } from '../../components/resource-form-page.js';
import { useLastPageClamp } from '../../components/use-last-page-clamp.js';
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

  useLastPageClamp(list, params, setPage);

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
      <ListHeader title="Consulta de Estoque">
        <ExportButtons definition={EXPORT} params={params} />
      </ListHeader>

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

      <ListTable
        testId="stock-items-table"
        list={list}
        params={params}
        setPage={setPage}
        setSort={setSort}
        rowPath={(row) => kardexPath(row.itemId, row.locationId)}
        state={state}
        rowKey={stockItemKey}
        columns={columns}
        tableLayout="fixed"
        scroll={small ? undefined : { x: STOCK_ITEM_TABLE_MIN_WIDTH }}
        rowClassName={(row) => (row.belowMinimum ? 'stock-below-minimum' : '')}
      />
    </Flex>
  );
}
