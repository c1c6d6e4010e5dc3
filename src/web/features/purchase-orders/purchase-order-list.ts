import {
  purchaseOrderListQuerySchema,
  purchaseOrderMachine,
  purchaseOrderStatuses,
} from '../../../shared/resources/purchase-orders.js';
import { countSetFilters, type ListDefinition } from '../../components/list-params.js';

/**
 * The list's state in the URL (list-params.ts): newest number first, filtered by status (any
 * of), order date period and supplier, searched by number or supplier.
 */
export const orderList: ListDefinition = {
  defaultSort: '-number',
  columns: [
    { key: 'number', label: 'Número', sortable: true },
    { key: 'orderDate', label: 'Data', sortable: true },
    { key: 'expectedDate', label: 'Previsão', sortable: true },
    { key: 'total', label: 'Total', sortable: true },
  ],
  filters: [
    { key: 'status', label: 'Situação' },
    { key: 'orderDateFrom', label: 'De' },
    { key: 'orderDateTo', label: 'Até' },
    { key: 'supplierId', label: 'Fornecedor' },
  ],
  filtersSchema: purchaseOrderListQuerySchema.pick({
    status: true,
    orderDateFrom: true,
    orderDateTo: true,
    supplierId: true,
  }),
};

export const statusOptions = purchaseOrderStatuses.map((value) => ({
  value,
  label: purchaseOrderMachine.label(value),
}));

export { idValue, joinValues, splitValues } from '../../components/list-params.js';

/** How many filters are set, a period counting once: "Filtros (2)" on a small screen. */
export function activeFilterCount(filters: Record<string, string>): number {
  return countSetFilters(filters, ['status', 'supplierId'], ['orderDate']);
}
