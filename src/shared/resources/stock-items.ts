import { todayInSaoPaulo } from '../plain-date.js';
import { date, id } from '../fields.js';
import { dayBound } from '../list-filters.js';
import { booleanFilter, listQuerySchema } from '../list-query.js';
import { messages } from '../messages.js';
import { z } from '../zod-messages.js';
import { stockMovementTypes, stockOriginTypes } from './stock-movements.js';

/**
 * Consulta de Estoque (DOMAIN §4): one row per item and location with its quantity, now or at the
 * end of a past day, valued at the item's average cost; and an item's kardex, its movements with
 * the balance after each one. Read-only: stock changes only through movements.
 */
export const stockItemKinds = ['PRODUCT', 'FEEDSTOCK'] as const;
type StockItemKind = (typeof stockItemKinds)[number];

export const stockItemKindLabels: Record<StockItemKind, string> = {
  PRODUCT: 'Produto',
  FEEDSTOCK: 'Insumo',
};

/** The list's orders: item name (then location, the default), quantity or value; `-` descends. */
export const stockItemSorts = [
  'name',
  '-name',
  'quantity',
  '-quantity',
  'value',
  '-value',
] as const;
export type StockItemSort = (typeof stockItemSorts)[number];

/** `YYYY-MM-DD`, today (São Paulo) or earlier: the stock is known up to now, never ahead. */
const pastDate = () =>
  date().refine((value) => value <= todayInSaoPaulo(), { message: messages.stock.futureDate });

export const stockItemListQuerySchema = listQuerySchema.extend({
  sort: z.enum(stockItemSorts).optional(),
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(stockItemKinds).optional()),
  itemId: id().optional(),
  locationId: id().optional(),
  categoryId: id().optional(),
  /** true: rows of items whose stock over all locations is below their minimum; false: the rest. */
  belowMinimum: booleanFilter(),
  /** The balances at the end of that day, from the ledger; absent or today: the current ones. */
  at: z.preprocess((v) => (v === '' ? undefined : v), pastDate().optional()),
});
export type StockItemListQuery = z.output<typeof stockItemListQuerySchema>;

const nullableText = z.string().nullable();

export const stockItemRowSchema = z.object({
  itemId: z.number(),
  itemCode: z.string(),
  itemName: z.string(),
  kind: z.enum(stockItemKinds),
  unitCode: z.string(),
  /** Decimal places a quantity of the unit has (0–3), to show quantities. */
  unitDecimals: z.number(),
  categoryId: z.number().nullable(),
  categoryName: nullableText,
  locationId: z.number(),
  locationName: z.string(),
  /** At this location, 3 places. */
  quantity: z.string(),
  /** The item's quantity over all locations, which "below minimum" compares. */
  itemQuantity: z.string(),
  /** The item's average cost (4 places): now, or the ledger's value ÷ quantity at that day's end. */
  averageCost: z.string(),
  /** quantity × averageCost, 2 places. */
  value: z.string(),
  minimumStock: nullableText,
  /** The item's stock over all locations is below its minimum (DOMAIN: the minimum is per item). */
  belowMinimum: z.boolean(),
  /**
   * Held for sales orders at this location, and what is left free (quantity − reserved): the
   * list's current rows only; a row of another day (`at`) has none (null), the ledger has no
   * reservations, and neither has the export.
   */
  reservedQuantity: z.string().nullable().optional(),
  availableQuantity: z.string().nullable().optional(),
});
export type StockItemRow = z.output<typeof stockItemRowSchema>;

export const stockItemListSchema = z.object({
  items: z.array(stockItemRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The day the balances are at: `at`, or today. */
  at: z.string(),
  /**
   * The quantity over every row of the filter, only when those rows are all of one item:
   * quantities of different items (kg of fabric and units of buttons) do not add up.
   */
  totalQuantity: z.string().optional(),
  /** The value over every row of the filter (the sum of the rows' values). */
  totalValue: z.string(),
});
export type StockItemList = z.output<typeof stockItemListSchema>;

/** The export: the list's filters and order, every row. */
export const stockItemExportQuerySchema = stockItemListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

/** An item's kardex: its movements in a period, at one location or all of them. */
export const stockItemMovementsQuerySchema = listQuerySchema
  .pick({ page: true, pageSize: true })
  .extend({
    locationId: id().optional(),
    from: dayBound(),
    to: dayBound(),
  });
export type StockItemMovementsQuery = z.output<typeof stockItemMovementsQuerySchema>;

export const kardexRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  type: z.enum(stockMovementTypes),
  fromLocationId: z.number().nullable(),
  fromLocationName: nullableText,
  toLocationId: z.number().nullable(),
  toLocationName: nullableText,
  quantity: z.string(),
  unitCost: z.string(),
  /** What the movement added to or took from the item's stock value. */
  value: z.string(),
  origin: z.object({ type: z.enum(stockOriginTypes), id: z.number().nullable() }),
  notes: nullableText,
  userName: nullableText,
  reversalOf: z.number().nullable(),
  /**
   * What it changed in the kardex's scope, signed: + in, − out; a transfer is ± at one location
   * and 0 over all of them.
   */
  change: z.string(),
  /** The scope's balance after this movement. */
  balance: z.string(),
});
export type KardexRow = z.output<typeof kardexRowSchema>;

export const kardexSchema = z.object({
  item: z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    kind: z.enum(stockItemKinds),
    unitCode: z.string(),
    unitDecimals: z.number(),
  }),
  items: z.array(kardexRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The balance before `from` (0 without it). */
  openingBalance: z.string(),
  /** The balance at the end of `to` (now without it). */
  closingBalance: z.string(),
});
export type Kardex = z.output<typeof kardexSchema>;
