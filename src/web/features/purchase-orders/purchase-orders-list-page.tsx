import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useLocation } from 'react-router';
import { PURCHASE_ORDERS_PATH } from '../../../shared/resources/purchase-orders.js';
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
import { orderKeys, ordersApi } from './api.js';
import { ORDER_TABLE_MIN_WIDTH, orderColumns } from './purchase-order-columns.js';
import { OrderFilters } from './purchase-order-filters.js';
import { orderList } from './purchase-order-list.js';

/**
 * Ordens de Compra (DOMAIN §5): the orders, newest first, filtered by status, period and
 * supplier with the filter in the URL, exported as filtered. A row opens the order.
 */
export function PurchaseOrdersListPage({ basePath }: { basePath: string }) {
  const location = useLocation();
  const state: ListLocationState = { listSearch: location.search };
  const canWrite = usePermission('purchaseOrders:write');
  const { params, setPage, setSort, setSearch, setFilter } = useListParams(orderList);
  const apiQuery = toApiQuery(params);

  const list = useQuery({
    queryKey: orderKeys.list(apiQuery),
    queryFn: ({ signal }) => ordersApi.list(apiQuery, signal),
    placeholderData: keepPreviousData,
  });

  useLastPageClamp(list, params, setPage);

  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const columns = orderColumns({ small, sort: params.sort });

  return (
    <Flex vertical gap={16}>
      <ListHeader title="Ordens de Compra">
        <ExportButtons
          definition={{ path: PURCHASE_ORDERS_PATH, label: 'Ordens de Compra' }}
          params={params}
        />
        {canWrite && <NewButton to={`${basePath}/new`} state={state} label="Nova ordem" />}
      </ListHeader>

      <OrderFilters
        q={params.q}
        filters={params.filters}
        small={small}
        onSearch={setSearch}
        onFilter={setFilter}
      />

      <ListTable
        testId="purchase-orders-table"
        list={list}
        params={params}
        setPage={setPage}
        setSort={setSort}
        rowPath={(row) => `${basePath}/${row.id}`}
        state={state}
        rowKey="id"
        columns={columns}
        tableLayout="fixed"
        scroll={small ? undefined : { x: ORDER_TABLE_MIN_WIDTH }}
        rowClassName={(row) => `order-${row.status.toLowerCase()}`}
      />
    </Flex>
  );
}
