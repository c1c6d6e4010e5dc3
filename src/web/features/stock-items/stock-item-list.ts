import {
  stockItemKindLabels,
  stockItemKinds,
  stockItemListQuerySchema,
} from '../../../shared/resources/stock-items.js';
import { z } from '../../../shared/zod-messages.js';
import type { ListDefinition } from '../../components/list-params.js';

/**
 * The list's state in the URL (list-params.ts): by item name (then location), or by quantity or
 * value; filtered by kind, location, category, "Abaixo do mínimo" and the day the balances are
 * at ("Posição em": absent is today, a future day is dropped as the API would refuse it).
 */
export const stockItemList: ListDefinition = {
  defaultSort: 'name',
  columns: [
    { key: 'name', label: 'Item', sortable: true },
    { key: 'quantity', label: 'Quantidade', sortable: true },
    { key: 'value', label: 'Valor', sortable: true },
  ],
  filters: [
    { key: 'kind', label: 'Tipo' },
    { key: 'locationId', label: 'Local' },
    { key: 'categoryId', label: 'Categoria' },
    { key: 'belowMinimum', label: 'Abaixo do mínimo' },
    { key: 'at', label: 'Posição em' },
  ],
  filtersSchema: stockItemListQuerySchema
    .pick({ kind: true, locationId: true, categoryId: true, at: true })
    // The screen has one box, "Abaixo do mínimo": ticked or not, never "only those above".
    .extend({ belowMinimum: z.enum(['true']).optional() }),
};

export const kindOptions = stockItemKinds.map((kind) => ({
  value: kind,
  label: stockItemKindLabels[kind],
}));

/** An id filter from the URL (already checked by the schema), as a Select takes it. */
export const idValue = (value: string | undefined) => (value ? Number(value) : undefined);

/** How many filters are set besides the day: "Filtros (2)" on a small screen. */
export function activeFilterCount(filters: Record<string, string>): number {
  return ['kind', 'locationId', 'categoryId', 'belowMinimum'].filter((key) => filters[key]).length;
}

/**
 * The `at` the URL keeps for a picked day: none for today (the default, so the plain list keeps
 * its plain address), the day otherwise.
 */
export const atParam = (day: string | null, today: string) =>
  day === null || day >= today ? null : day;
