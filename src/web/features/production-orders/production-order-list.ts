import {
  productionOrderListQuerySchema,
  productionOrderMachine,
  productionOrderStatuses,
} from '../../../shared/resources/production-orders.js';
import type { ListDefinition } from '../../components/list-params.js';

/**
 * The list's state in the URL (list-params.ts): newest number first, filtered by status (any
 * of), product and planned start period, searched by number or product.
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
  ],
  filtersSchema: productionOrderListQuerySchema.pick({
    status: true,
    productId: true,
    plannedStartFrom: true,
    plannedStartTo: true,
  }),
};

export const statusOptions = productionOrderStatuses.map((value) => ({
  value,
  label: productionOrderMachine.label(value),
}));

/** `'PLANNED,IN_PROGRESS'` (the URL's) → `['PLANNED', 'IN_PROGRESS']` (a multiple Select's), and back. */
export const splitValues = (value: string | undefined) => (value ? value.split(',') : []);
export const joinValues = (values: readonly string[]) => (values.length ? values.join(',') : null);

/** An id filter from the URL (already checked by the schema), as a Select takes it. */
export const idValue = (value: string | undefined) => (value ? Number(value) : undefined);

/** How many filters are set, the period counting once: "Filtros (2)" on a small screen. */
export function activeFilterCount(filters: Record<string, string>): number {
  const period = filters.plannedStartFrom || filters.plannedStartTo ? 1 : 0;
  return period + ['status', 'productId'].filter((key) => filters[key]).length;
}
