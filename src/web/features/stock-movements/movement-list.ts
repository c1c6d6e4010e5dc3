import {
  stockMovementListQuerySchema,
  stockMovementTypes,
  stockOriginLabels,
  stockOriginTypes,
} from '../../../shared/resources/stock-movements.js';
import { countSetFilters, type ListDefinition } from '../../components/list-params.js';
import { movementTypeTags } from '../../components/movement-type-tags.js';

/**
 * The list's state in the URL (list-params.ts): newest first, sorted by date only (the ledger's
 * order), filtered by period, types, item, location (either side) and origins, searched by item.
 */
export const movementList: ListDefinition = {
  defaultSort: '-date',
  columns: [{ key: 'date', label: 'Data', sortable: true }],
  filters: [
    { key: 'dateFrom', label: 'De' },
    { key: 'dateTo', label: 'Até' },
    { key: 'type', label: 'Tipo' },
    { key: 'itemId', label: 'Item' },
    { key: 'locationId', label: 'Local' },
    { key: 'originType', label: 'Origem' },
  ],
  filtersSchema: stockMovementListQuerySchema.pick({
    dateFrom: true,
    dateTo: true,
    type: true,
    itemId: true,
    locationId: true,
    originType: true,
  }),
};

export const typeOptions = stockMovementTypes.map((type) => ({
  value: type,
  label: movementTypeTags[type].label,
}));

export const originOptions = stockOriginTypes.map((type) => ({
  value: type,
  label: stockOriginLabels[type],
}));

export { idValue, joinValues, splitValues } from '../../components/list-params.js';

/** How many filters are set, a period counting once: "Filtros (2)" on a small screen. */
export function activeFilterCount(filters: Record<string, string>): number {
  return countSetFilters(filters, ['type', 'itemId', 'locationId', 'originType'], ['date']);
}
