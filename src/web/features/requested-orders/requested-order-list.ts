import {
  requestedOrderListQuerySchema,
  requestedOrderMachine,
  requestedOrderStatuses,
} from '../../../shared/resources/requested-orders.js';
import { countSetFilters, type ListDefinition } from '../../components/list-params.js';

/**
 * The list's state in the URL (list-params.ts): newest number first, filtered by status (any
 * of), order date period, delivery date period ("Entrega"), client and "Em risco" (the orders
 * the dashboard counts at risk today), searched by number or client.
 */
export const requestedOrderList: ListDefinition = {
  defaultSort: '-number',
  columns: [
    { key: 'number', label: 'Número', sortable: true },
    { key: 'orderDate', label: 'Data', sortable: true },
    { key: 'deliveryDate', label: 'Entrega', sortable: true },
    { key: 'total', label: 'Total', sortable: true },
  ],
  filters: [
    { key: 'status', label: 'Situação' },
    { key: 'orderDateFrom', label: 'De' },
    { key: 'orderDateTo', label: 'Até' },
    { key: 'deliveryDateFrom', label: 'Entrega de' },
    { key: 'deliveryDateTo', label: 'Entrega até' },
    { key: 'clientId', label: 'Cliente' },
    { key: 'atRisk', label: 'Em risco' },
  ],
  filtersSchema: requestedOrderListQuerySchema.pick({
    status: true,
    orderDateFrom: true,
    orderDateTo: true,
    deliveryDateFrom: true,
    deliveryDateTo: true,
    clientId: true,
    atRisk: true,
  }),
};

export const statusOptions = requestedOrderStatuses.map((value) => ({
  value,
  label: requestedOrderMachine.label(value),
}));

/** How many filters are set, a period counting once: "Filtros (2)" on a small screen. */
export function activeFilterCount(filters: Record<string, string>): number {
  return countSetFilters(filters, ['status', 'clientId', 'atRisk'], ['orderDate', 'deliveryDate']);
}
