import { PURCHASE_ORDERS_PATH } from '../../../shared/resources/purchase-orders.js';
import { DocumentListPage } from '../../components/document-list-page.js';
import { orderKeys, ordersApi } from './api.js';
import { ORDER_TABLE_MIN_WIDTH, orderColumns } from './purchase-order-columns.js';
import { OrderFilters } from './purchase-order-filters.js';
import { orderList } from './purchase-order-list.js';

/**
 * Ordens de Compra (DOMAIN §5): the orders, newest first, filtered by status, period and
 * supplier with the filter in the URL, exported as filtered. A row opens the order.
 */
export function PurchaseOrdersListPage({ basePath }: { basePath: string }) {
  return (
    <DocumentListPage
      title="Ordens de Compra"
      definition={orderList}
      source={{ keys: orderKeys, list: ordersApi.list }}
      basePath={basePath}
      exportPath={PURCHASE_ORDERS_PATH}
      create={{ permission: 'purchaseOrders:write', label: 'Nova ordem' }}
      filters={(props) => <OrderFilters {...props} />}
      columns={({ small, params }) => orderColumns({ small, sort: params.sort })}
      testId="purchase-orders-table"
      minWidth={ORDER_TABLE_MIN_WIDTH}
      rowClassName={(row) => `order-${row.status.toLowerCase()}`}
    />
  );
}
