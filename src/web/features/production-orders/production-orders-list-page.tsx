import {
  productionOrdersLabel,
  PRODUCTION_ORDERS_PATH,
} from '../../../shared/resources/production-orders.js';
import { DocumentListPage } from '../../components/document-list-page.js';
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
  return (
    <DocumentListPage
      title={productionOrdersLabel}
      definition={productionOrderList}
      source={{ keys: productionOrderKeys, list: productionOrdersApi.list }}
      basePath={basePath}
      exportPath={PRODUCTION_ORDERS_PATH}
      create={{ permission: 'productionOrders:write', label: 'Nova ordem' }}
      filters={(props) => <ProductionOrderFilters {...props} />}
      columns={({ small, params }) => productionOrderColumns({ small, sort: params.sort })}
      testId="production-orders-table"
      minWidth={PRODUCTION_ORDER_TABLE_MIN_WIDTH}
    />
  );
}
