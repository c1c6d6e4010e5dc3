import {
  productionOrderListQuerySchema,
  productionOrderMachine,
  productionOrderStatuses,
} from '../../../shared/resources/production-orders.js';
import { countSetFilters, type ListDefinition } from '../../components/list-params.js';

/**
 * The list's state in the URL (list-params.ts): newest number first, filtered by status (any
 * of), product and planned start and end periods, searched by number or product.
 */
export const productionOrderList: ListDefinition = {
  defaultSort: '-number',
  columns: [
    { key: 'number', label: 'Número', sortable: true },
    { key: 'productName', label: 'Produto', sortable: true },
    { key: 'quantity', label: 'Quantidade', sortable: true },
    { key: 'plannedStart', label: 'Início previsto', sortable: true },
    { key: 'plannedEnd', label: 'Término previsto', sortable: true },
    { key: 'status', label: 'Situação', sortable: true },
  ],
  filters: [
    { key: 'status', label: 'Situação' },
    { key: 'productId', label: 'Produto' },
    { key: 'plannedStartFrom', label: 'Início de' },
    { key: 'plannedStartTo', label: 'Início até' },
    { key: 'plannedEndFrom', label: 'Término de' },
    { key: 'plannedEndTo', label: 'Término até' },
  ],
  filtersSchema: productionOrderListQuerySchema.pick({
    status: true,
    productId: true,
    plannedStartFrom: true,
    plannedStartTo: true,
    plannedEndFrom: true,
    plannedEndTo: true,
  }),
};

export const statusOptions = productionOrderStatuses.map((value) => ({
  value,
  label: productionOrderMachine.label(value),
}));

export { idValue, joinValues, splitValues } from '../../components/list-params.js';

/** How many filters are set, the period counting once: "Filtros (2)" on a small screen. */
export function activeFilterCount(filters: Record<string, string>): number {
  return countSetFilters(filters, ['status', 'productId'], ['plannedStart', 'plannedEnd']);
}
