import { id, date, optionalText, optionalUnitCost, quantity } from '../fields.js';
import { anyOfFilter, dateRangeFilter } from '../list-filters.js';
import { listQuerySchema } from '../list-query.js';
import { messages } from '../messages.js';
import { z } from '../zod-messages.js';

/**
 * Movimentação de Estoque (DOMAIN §4): the append-only ledger. A movement is written by the manual
 * form below or by a document (purchase receipt, production, sale) and is never edited; "Estornar"
 * writes the opposite one.
 */
export const stockMovementTypes = ['IN', 'OUT', 'TRANSFER', 'ADJUSTMENT'] as const;
export type StockMovementType = (typeof stockMovementTypes)[number];

export const stockMovementTypeLabels: Record<StockMovementType, string> = {
  IN: 'Entrada',
  OUT: 'Saída',
  TRANSFER: 'Transferência',
  ADJUSTMENT: 'Ajuste de inventário',
};

export const stockOriginTypes = [
  'MANUAL',
  'PURCHASE_ORDER',
  'PRODUCTION_ORDER',
  'REQUESTED_ORDER',
  'INVOICE',
] as const;
type StockOriginType = (typeof stockOriginTypes)[number];

export const stockOriginLabels: Record<StockOriginType, string> = {
  MANUAL: 'Manual',
  PURCHASE_ORDER: 'Ordem de Compra',
  PRODUCTION_ORDER: 'Ordem de Produção',
  REQUESTED_ORDER: 'Pedido Recebido',
  INVOICE: 'Nota Fiscal',
};

/** Today when empty or absent: the server fills in the day (São Paulo). */
const optionalDate = () =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), date().optional());

const common = {
  date: optionalDate(),
  itemId: id(),
  notes: optionalText(500),
};

/**
 * The manual form: an entry (with the unit cost, or at the average without it), an outflow, a
 * transfer between two locations, or an adjustment to the quantity counted (the difference is
 * recorded). The item's unit may allow fewer decimals than 3: the server checks that.
 */
export const stockMovementInputSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('IN'),
      ...common,
      toLocationId: id(),
      quantity: quantity(),
      unitCost: optionalUnitCost(),
    }),
    z.object({ type: z.literal('OUT'), ...common, fromLocationId: id(), quantity: quantity() }),
    z
      .object({
        type: z.literal('TRANSFER'),
        ...common,
        fromLocationId: id(),
        toLocationId: id(),
        quantity: quantity(),
      })
      .refine((movement) => movement.fromLocationId !== movement.toLocationId, {
        path: ['toLocationId'],
        message: messages.stock.sameLocation,
      }),
    z.object({
      type: z.literal('ADJUSTMENT'),
      ...common,
      locationId: id(),
      countedQuantity: quantity({ allowZero: true }),
    }),
  ],
  // A missing or unknown type, the one field the others depend on (the issue has the whole body).
  {
    error: (issue) => {
      const body = issue.input;
      const type = body && typeof body === 'object' ? (body as { type?: unknown }).type : body;
      return type === undefined || type === null || type === ''
        ? messages.required
        : messages.invalid;
    },
  },
);
export type StockMovementInput = z.input<typeof stockMovementInputSchema>;

const nullableText = z.string().nullable();
const nullableId = z.number().nullable();

/** A movement as lists and screens show it: with the names of what it references. */
export const stockMovementOutputSchema = z.object({
  id: z.number(),
  date: z.string(),
  type: z.enum(stockMovementTypes),
  itemId: z.number(),
  itemCode: z.string(),
  itemName: z.string(),
  unitCode: z.string(),
  /** The decimal places the item's unit allows, for showing the quantity. */
  unitDecimals: z.number(),
  fromLocationId: nullableId,
  fromLocationName: nullableText,
  toLocationId: nullableId,
  toLocationName: nullableText,
  quantity: z.string(),
  unitCost: z.string(),
  /** What the movement added to or took from the item's stock value. */
  value: z.string(),
  origin: z.object({ type: z.enum(stockOriginTypes), id: nullableId }),
  notes: nullableText,
  userId: nullableId,
  userName: nullableText,
  reversalOf: nullableId,
  /** The movement that reversed this one. */
  reversedBy: nullableId,
  createdAt: z.string(),
});
export type StockMovementRow = z.output<typeof stockMovementOutputSchema>;

/** The list's filters (DOMAIN §4): period, type, item, location (either side), origin. */
export const stockMovementListQuerySchema = listQuerySchema.extend({
  ...dateRangeFilter('date'),
  type: anyOfFilter(stockMovementTypes),
  itemId: id().optional(),
  locationId: id().optional(),
  originType: anyOfFilter(stockOriginTypes),
  originId: id().optional(),
});
export type StockMovementListQuery = z.output<typeof stockMovementListQuerySchema>;
