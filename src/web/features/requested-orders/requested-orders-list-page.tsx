import { DocumentListPage } from '../../components/document-list-page.js';
import { FilterTotal } from '../../components/filter-total.js';
import { requestedOrderKeys, requestedOrdersApi } from './api.js';
import {
  REQUESTED_ORDER_TABLE_MIN_WIDTH,
  requestedOrderColumns,
} from './requested-order-columns.js';
import { RequestedOrderFilters } from './requested-order-filters.js';
import { requestedOrderList } from './requested-order-list.js';

/**
 * Pedidos Recebidos (DOMAIN §7): the clients' orders, newest first, filtered by status, period
 * and client with the filter in the URL, and what the filter adds up to. A row opens the order.
 */
export function RequestedOrdersListPage({ basePath }: { basePath: string }) {
  return (
    <DocumentListPage
      title="Pedidos Recebidos"
      definition={requestedOrderList}
      source={{ keys: requestedOrderKeys, list: requestedOrdersApi.list }}
      basePath={basePath}
      create={{ permission: 'requestedOrders:write', label: 'Novo pedido' }}
      filters={(props) => <RequestedOrderFilters {...props} />}
      summary={(page) => (
        <FilterTotal
          label="Total dos pedidos do filtro"
          total={page?.totals?.total}
          testId="requested-order-totals"
        />
      )}
      columns={({ small, params }) => requestedOrderColumns({ small, sort: params.sort })}
      testId="requested-orders-table"
      minWidth={REQUESTED_ORDER_TABLE_MIN_WIDTH}
      rowClassName={(row) => `requested-order-${row.status.toLowerCase()}`}
    />
  );
}
