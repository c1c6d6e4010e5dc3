import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useLocation } from 'react-router';
import {
  productionOrdersLabel,
  PRODUCTION_ORDERS_PATH,
} from '../../../shared/resources/production-orders.js';
import { ExportButtons } from '../../components/export-buttons.js';
import { ListHeader } from '../../components/list-header.js';
import { toApiQuery } from '../../components/list-params.js';
import { ListTable } from '../../components/list-table.js';
import { NewButton } from '../../components/new-button.js';
import type { ListLocationState } from '../../components/resource-form-page.js';
import { useLastPageClamp } from '../../components/use-last-page-clamp.js';
import { useListParams } from '../../components/use-list-params.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { usePermission } from '../../lib/session.js';
import { productionOrderKeys, productionOrdersApi } from './api.js';
import {
  PRODUCTION_ORDER_TABLE_MIN_WIDTH,
  productionOrderColumns,
} from './production-order-columns.js';
import { ProductionOrderFilters } from './production-order-filters.js';
import { productionOrderList } from './production-order-list.js';

/**
 * Ordens de Produção (DOMAIN §6): the orders, newest first, filtered by status, product and
 * planned start with the filter in the URL, exported as filtered. A row opens the order.
 */
export function ProductionOrdersListPage({ basePath }: { basePath: string }) {
  const location = useLocation();
  const state: ListLocationState = { listSearch: location.search };
  const canWrite = usePermission('productionOrders:write');
  const { params, setPage, setSort, setSearch, setFilter } = useListParams(productionOrderList);
  const apiQuery = toApiQuery(params);

  const list = useQuery({
    queryKey: productionOrderKeys.list(apiQuery),
    queryFn: ({ signal }) => productionOrdersApi.list(apiQuery, signal),
    placeholderData: keepPreviousData,
  });

  useLastPageClamp(list, params, setPage);

  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const columns = productionOrderColumns({ small, sort: params.sort });

  return (
    <Flex vertical gap={16}>
      <ListHeader title={productionOrdersLabel}>
        <ExportButtons
          definition={{ path: PRODUCTION_ORDERS_PATH, label: productionOrdersLabel }}
          params={params}
        />
        {canWrite && <NewButton to={`${basePath}/new`} state={state} label="Nova ordem" />}
      </ListHeader>

      <ProductionOrderFilters
        q={params.q}
        filters={params.filters}
        small={small}
        onSearch={setSearch}
        onFilter={setFilter}
      />

      <ListTable
        testId="production-orders-table"
        list={list}
        params={params}
        setPage={setPage}
        setSort={setSort}
        rowPath={(row) => `${basePath}/${row.id}`}
        state={state}
        rowKey="id"
        columns={columns}
        tableLayout="fixed"
        scroll={small ? undefined : { x: PRODUCTION_ORDER_TABLE_MIN_WIDTH }}
      />
    </Flex>
  );
}
