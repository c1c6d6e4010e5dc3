import { Decimal } from 'decimal.js';
import { documentPrefixes, formatDocumentNumber } from '../document-numbers.js';
import { date, id, nonNegativeMoney, optionalText, quantity, version } from '../fields.js';
import { anyOfFilter, dateRangeFilter } from '../list-filters.js';
import { listQuerySchema } from '../list-query.js';
import { messages } from '../messages.js';
import { defineStatusMachine } from '../status-machine.js';
import { z } from '../zod-messages.js';

/**
 * Ordens de Produção (DOMAIN §6): a product made from its bill of materials. The materials and
 * costs are copied from the product when the order is created and can be edited while PLANNED;
 * "Iniciar" takes every material out of the source location (all or nothing), "Concluir" puts the
 * product into the target location at the order's real unit cost, "Cancelar" returns what was
 * consumed when the order had started.
 */
export const productionOrderMachine = defineStatusMachine({
  statuses: {
    PLANNED: 'Planejada',
    IN_PROGRESS: 'Em produção',
    COMPLETED: 'Concluída',
    CANCELLED: 'Cancelada',
  },
  transitions: {
    edit: { from: ['PLANNED'], to: 'PLANNED' },
    start: { from: ['PLANNED'], to: 'IN_PROGRESS' },
    complete: { from: ['IN_PROGRESS'], to: 'COMPLETED' },
    cancel: { from: ['PLANNED', 'IN_PROGRESS'], to: 'CANCELLED' },
  },
});
export type ProductionOrderStatus = keyof typeof productionOrderMachine.statuses;
export type ProductionOrderAction = keyof typeof productionOrderMachine.transitions;
export const productionOrderStatuses = Object.keys(productionOrderMachine.statuses) as [
  ProductionOrderStatus,
  ...ProductionOrderStatus[],
];

/** The labels of the buttons of each action. */
export const productionOrderActionLabels: Record<ProductionOrderAction, string> = {
  edit: 'Editar',
  start: 'Iniciar produção',
  complete: 'Concluir',
  cancel: 'Cancelar',
};

/** The permission each action needs (`productionOrders:<action>`). */
export const productionOrderActionPermissions = {
  edit: 'productionOrders:write',
  start: 'productionOrders:execute',
  complete: 'productionOrders:execute',
  cancel: 'productionOrders:cancel',
} as const satisfies Record<ProductionOrderAction, string>;

/** "OP-000042". */
export const formatProductionOrderNumber = (value: number) =>
  formatDocumentNumber(documentPrefixes.productionOrder, value);

/** The number sequence of production orders (platform/numbering.ts). */
export const PRODUCTION_ORDER_SEQUENCE = 'production-order';

/** The API path and permission area. */
export const PRODUCTION_ORDERS_PATH = 'production-orders';
export const productionOrdersLabel = 'Ordens de Produção';

/** Empty or absent: none. */
const optionalDate = () =>
  z
    .preprocess((value) => (value === '' ? null : value), date().nullish())
    .transform((value) => value ?? null);

const header = {
  quantity: quantity(),
  plannedStart: optionalDate(),
  plannedEnd: optionalDate(),
  sourceLocationId: id(),
  targetLocationId: id(),
  notes: optionalText(1000),
};

const plannedPeriodRefine = <T extends { plannedStart: string | null; plannedEnd: string | null }>(
  value: T,
) => !value.plannedStart || !value.plannedEnd || value.plannedEnd >= value.plannedStart;

/**
 * A new order: the product (MANUFACTURED, with a bill of materials: else 400 on `productId`) and
 * the quantity; its materials (quantity × per unit × (1 + loss), rounded up to the feedstock
 * unit's decimals) and costs (PER_UNIT outlays × quantity, PER_ORDER once) come from the product.
 */
export const productionOrderCreateSchema = z
  .object({ productId: id(), ...header })
  .refine(plannedPeriodRefine, {
    path: ['plannedEnd'],
    message: messages.productionOrders.endBeforeStart,
  });
export type ProductionOrderCreateInput = z.input<typeof productionOrderCreateSchema>;
export type ProductionOrderCreate = z.output<typeof productionOrderCreateSchema>;

/** A material line of the form: an existing one by `id`, a new one without. */
const productionOrderMaterialInputSchema = z.object({
  id: id().nullish(),
  feedstockId: id(),
  requiredQuantity: quantity(),
});
/** A cost line of the form: an existing one by `id`, a new one without. */
const productionOrderCostInputSchema = z.object({
  id: id().nullish(),
  outlayId: id(),
  value: nonNegativeMoney(),
});

/**
 * PUT (PLANNED only, with the version read): the header and, when sent, the materials and the
 * costs (lines by id; a line left out is removed). Lines not sent stay as they are — the product
 * cannot change (cancel and create another order). A feedstock appears on one line only.
 */
export const productionOrderUpdateSchema = z
  .object({
    ...header,
    materials: z.array(productionOrderMaterialInputSchema).max(500).optional(),
    costs: z.array(productionOrderCostInputSchema).max(100).optional(),
    version: version(),
  })
  .refine(plannedPeriodRefine, {
    path: ['plannedEnd'],
    message: messages.productionOrders.endBeforeStart,
  });
export type ProductionOrderUpdateInput = z.input<typeof productionOrderUpdateSchema>;
export type ProductionOrderUpdate = z.output<typeof productionOrderUpdateSchema>;

/** "Concluir": what came out (> 0, in the product's unit) and the day (today when absent). */
export const productionOrderCompleteSchema = z.object({
  producedQuantity: quantity(),
  date: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    date().optional(),
  ),
});
export type ProductionOrderCompleteInput = z.input<typeof productionOrderCompleteSchema>;
export type ProductionOrderComplete = z.output<typeof productionOrderCompleteSchema>;

const nullableText = z.string().nullable();
const nullableId = z.number().nullable();

export const productionOrderMaterialOutputSchema = z.object({
  id: z.number(),
  feedstockId: z.number(),
  feedstockCode: z.string(),
  feedstockName: z.string(),
  /** The feedstock's unit code ("KG") and the decimals its quantities may have. */
  unit: z.string(),
  unitDecimals: z.number(),
  /** From the bill of materials (null for a line added by hand). */
  quantityPerUnit: nullableText,
  lossPercent: nullableText,
  requiredQuantity: z.string(),
  consumedQuantity: z.string(),
  /** The average cost at consumption (start); null before. */
  unitCost: nullableText,
  /** What the consumption took from stock (4 places); null before. */
  consumedValue: nullableText,
});
export type ProductionOrderMaterial = z.output<typeof productionOrderMaterialOutputSchema>;

const productionOrderCostOutputSchema = z.object({
  id: z.number(),
  outlayId: z.number(),
  outlayName: z.string(),
  outlayKind: z.enum(['PER_UNIT', 'PER_ORDER']),
  value: z.string(),
});

/** A row of the list (and the header of the order's screen). */
export const productionOrderSummarySchema = z.object({
  id: z.number(),
  /** The order's number as people read it ("OP-000042", DOMAIN §1). */
  number: z.string(),
  /** The integer the number sequence gave (42). */
  sequence: z.number(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  /** The product's unit code and decimals. */
  unit: z.string(),
  unitDecimals: z.number(),
  quantity: z.string(),
  plannedStart: nullableText,
  plannedEnd: nullableText,
  sourceLocationId: z.number(),
  sourceLocationName: z.string(),
  targetLocationId: z.number(),
  targetLocationName: z.string(),
  requestedOrderId: nullableId,
  notes: nullableText,
  status: z.enum(productionOrderStatuses),
  producedQuantity: nullableText,
  completionDate: nullableText,
  /** The actual cost breakdown, recorded on completion (null before). */
  materialsCost: nullableText,
  outlaysCost: nullableText,
  totalCost: nullableText,
  unitCost: nullableText,
  startedAt: nullableText,
  completedAt: nullableText,
  cancelledAt: nullableText,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type ProductionOrderSummary = z.output<typeof productionOrderSummarySchema>;

/** An order's screen: the header with its materials and costs, in their order. */
export const productionOrderDetailSchema = productionOrderSummarySchema.extend({
  materials: z.array(productionOrderMaterialOutputSchema),
  costs: z.array(productionOrderCostOutputSchema),
});
export type ProductionOrderDetail = z.output<typeof productionOrderDetailSchema>;

export const productionOrderPageSchema = z.object({
  items: z.array(productionOrderSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ProductionOrderPage = z.output<typeof productionOrderPageSchema>;

/**
 * GET /:id/availability: per material, what the order requires (less what it consumed already),
 * what the source location has and what is missing (0 when enough). `missing` lines feed
 * "Comprar faltantes" (POST /purchase-orders/drafts).
 */
export const productionOrderAvailabilityLineSchema = z.object({
  feedstockId: z.number(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  unitDecimals: z.number(),
  required: z.string(),
  available: z.string(),
  missing: z.string(),
});
export type ProductionOrderAvailabilityLine = z.output<
  typeof productionOrderAvailabilityLineSchema
>;
export const productionOrderAvailabilitySchema = z.object({
  locationId: z.number(),
  locationName: z.string(),
  /** Every material is there: "Iniciar" would succeed now. */
  sufficient: z.boolean(),
  items: z.array(productionOrderAvailabilityLineSchema),
});
export type ProductionOrderAvailability = z.output<typeof productionOrderAvailabilitySchema>;

/**
 * The list's filters: status (any of), product, planned start and planned end periods, `q`
 * (number, product). The planned end selects the late orders the dashboard links to.
 */
export const productionOrderListQuerySchema = listQuerySchema.extend({
  status: anyOfFilter(productionOrderStatuses),
  productId: id().optional(),
  ...dateRangeFilter('plannedStart'),
  ...dateRangeFilter('plannedEnd'),
});
export type ProductionOrderListQuery = z.output<typeof productionOrderListQuerySchema>;

/**
 * What an order of `orderQuantity` requires of a material: quantity × per unit × (1 + loss/100),
 * rounded UP to the decimals of the feedstock's unit (0–3): a unit that counts whole pieces needs
 * a whole piece even for half a piece of loss, and rounding down would start a production short.
 * The server copies it from the bill of materials on creation; the form recomputes it live.
 */
export function requiredQuantityFor(
  orderQuantity: string,
  perUnit: string,
  lossPercent: string,
  unitDecimals: number,
): string {
  // Enough digits that nothing rounds before the end (15 × 15 digits × the loss factor).
  const D = Decimal.clone({ precision: 64 });
  const exact = new D(orderQuantity)
    .times(perUnit)
    .times(new D(lossPercent).dividedBy(100).plus(1));
  return exact.toDecimalPlaces(Math.min(Math.max(unitDecimals, 0), 3), D.ROUND_UP).toFixed(3);
}

/**
 * A production cost for the order: a PER_UNIT outlay's value × the order's quantity, a PER_ORDER
 * one (setting up a machine) once; to the cent, rounded half up.
 */
export function costValueFor(
  value: string,
  kind: 'PER_UNIT' | 'PER_ORDER',
  orderQuantity: string,
): string {
  const D = Decimal.clone({ precision: 64 });
  const total = kind === 'PER_UNIT' ? new D(value).times(orderQuantity) : new D(value);
  return total.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
}

/**
 * What is missing of a material: required − available, never below zero (3 places). The server's
 * availability and the form's shortage, as the quantity is typed, say the same.
 */
export function missingQuantity(required: string, available: string): string {
  const D = Decimal.clone({ precision: 64 });
  return D.max(new D(required).minus(available), 0).toFixed(3);
}

/**
 * "Comprar faltantes": the lines of POST /purchase-orders/drafts for what an order's availability
 * says is missing (each material short, its missing quantity, already within its unit).
 */
export function missingLinesOf(
  availability: Pick<ProductionOrderAvailability, 'items'>,
): { itemId: number; quantity: string }[] {
  return availability.items
    .filter((line) => !new Decimal(line.missing).isZero())
    .map((line) => ({ itemId: line.feedstockId, quantity: line.missing }));
}
