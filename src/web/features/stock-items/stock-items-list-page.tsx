import { Flex, Typography } from 'antd';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { DocumentListPage } from '../../components/document-list-page.js';
import { stockItemKeys, stockItemsApi } from './api.js';
import { STOCK_ITEM_TABLE_MIN_WIDTH, stockItemColumns } from './stock-item-columns.js';
import { StockItemFilters } from './stock-item-filters.js';
import { stockItemList } from './stock-item-list.js';
import { stockItemKey, stockSummary } from './stock-item-row.js';

/**
 * Consulta de Estoque (DOMAIN §4): the balance of each item at each location, now or at the end
 * of a past day, valued at the item's average cost; rows of items below their minimum marked.
 * Search, filters, paging and sort live in the URL; a row opens the item's kardex there.
 */
export function StockItemsListPage({ basePath }: { basePath: string }) {
  const today = todayInSaoPaulo();
  return (
    <DocumentListPage
      title="Consulta de Estoque"
      definition={stockItemList}
      source={{ keys: stockItemKeys, list: stockItemsApi.list }}
      basePath={basePath}
      exportPath="stock-items"
      filters={(props) => (
        <StockItemFilters {...props} at={props.filters.at ?? today} today={today} />
      )}
      summary={(page, { small }) => (
        <Flex
          gap={small ? 4 : 24}
          wrap
          vertical={small}
          data-testid="stock-summary"
          aria-live="polite"
        >
          {page &&
            stockSummary(page).map((part) => (
              <Typography.Text key={part} strong>
                {part}
              </Typography.Text>
            ))}
        </Flex>
      )}
      columns={({ small, params }) => stockItemColumns({ small, sort: params.sort })}
      testId="stock-items-table"
      minWidth={STOCK_ITEM_TABLE_MIN_WIDTH}
      rowKey={stockItemKey}
      // The kardex of a row: its location, and for a past day the period up to that day.
      rowPath={(row, { params }) => {
        const search = new URLSearchParams({ locationId: String(row.locationId) });
        if (params.filters.at) search.set('to', params.filters.at);
        return `${basePath}/${row.itemId}?${search.toString()}`;
      }}
      rowClassName={(row) => (row.belowMinimum ? 'stock-below-minimum' : '')}
    />
  );
}
