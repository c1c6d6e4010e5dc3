import { formatDocumentNumber, documentPrefixes } from '../document-numbers.js';
import {
  date,
  id,
  integer,
  nonNegativeMoney,
  optionalText,
  optionalUnitCost,
  quantity,
  version,
} from '../fields.js';
import { invoiceNumberOf } from '../invoice-number.js';
import { MAX_FIRST_DUE_IN_DAYS, MAX_INSTALLMENTS, MAX_INTERVAL_DAYS } from '../installments.js';
import { anyOfFilter, dateRangeFilter } from '../list-filters.js';
import { listQuerySchema } from '../list-query.js';
import { messages } from '../messages.js';
import type { Permission } from '../permissions.js';
import { defineStatusMachine } from '../status-machine.js';
import { z } from '../zod-messages.js';
import { optionalReference } from './items.js';

/**
 * Ordens de Compra (DOMAIN §5): a header, item lines (feedstocks and RESALE products) and the
 * receipts that bring them into stock and create the bills to pay. Only a DRAFT is edited.
 *
 * The order's "Histórico" (timeline) is the audit log of entity `purchase-orders`
 * (`GET /audit?entity=purchase-orders&entityId=…`), whose actions are `create`, `update`,
 * `approve`, `receive` (changes: status and `receipt`, a PurchaseReceiptAudit), `close`, `cancel`
 * and `delete`; the order's own `receipts` (below) carry each receipt's lines, value and bills.
 */
export const PURCHASE_ORDERS_PATH = 'purchase-orders';
/** The document_sequences type of the numbers. */
export const PURCHASE_ORDER_SEQUENCE = 'purchase-order';

/** "OC-000042". */
export const formatPurchaseOrderNumber = (number: number) =>
  formatDocumentNumber(documentPrefixes.purchaseOrder, number);

/**
 * The lifecycle. `receive` leads to PARTIALLY_RECEIVED, or to RECEIVED when every line has
 * arrived (`statusAfterReceipt`); `close` ("Encerrar") stops waiting for the rest.
 */
export const purchaseOrderMachine = defineStatusMachine({
  statuses: {
    DRAFT: 'Rascunho',
    APPROVED: 'Aprovada',
    PARTIALLY_RECEIVED: 'Recebida parcialmente',
    RECEIVED: 'Recebida',
    CANCELLED: 'Cancelada',
  },
  transitions: {
    edit: { from: ['DRAFT'], to: 'DRAFT' },
    approve: { from: ['DRAFT'], to: 'APPROVED' },
    receive: { from: ['APPROVED', 'PARTIALLY_RECEIVED'], to: 'PARTIALLY_RECEIVED' },
    close: { from: ['PARTIALLY_RECEIVED'], to: 'RECEIVED' },
    cancel: { from: ['DRAFT', 'APPROVED'], to: 'CANCELLED' },
    delete: { from: ['DRAFT'], to: 'DRAFT' },
  },
});
export type PurchaseOrderStatus = keyof typeof purchaseOrderMachine.statuses;
export type PurchaseOrderAction = keyof typeof purchaseOrderMachine.transitions;
export const purchaseOrderStatuses = Object.keys(purchaseOrderMachine.statuses) as [
  PurchaseOrderStatus,
  ...PurchaseOrderStatus[],
];

/** The labels of the actions, as the action bar shows them. */
export const purchaseOrderActionLabels: Record<PurchaseOrderAction, string> = {
  edit: 'Editar',
  approve: 'Aprovar',
  receive: 'Receber',
  close: 'Encerrar',
  cancel: 'Cancelar',
  delete: 'Excluir',
};

/** The permission each action needs (area `purchaseOrders`). */
export const purchaseOrderActionPermissions: Record<PurchaseOrderAction, Permission> = {
  edit: 'purchaseOrders:write',
  approve: 'purchaseOrders:approve',
  receive: 'purchaseOrders:receive',
  close: 'purchaseOrders:receive',
  cancel: 'purchaseOrders:cancel',
  delete: 'purchaseOrders:delete',
};

/** Empty or absent: null (an optional date). */
const optionalDate = () =>
  z
    .preprocess((value) => (value === '' ? null : value), date().nullish())
    .transform((value) => value ?? null);

/**
 * A line as the form sends it: `id` of an existing line (absent for a new one). Without
 * `unitPrice` the server takes the item's last purchase price (400 when it has none).
 */
const purchaseOrderLineInputSchema = z.object({
  id: optionalReference(),
  itemId: id(),
  quantity: quantity(),
  unitPrice: optionalUnitCost(),
});

/** The header and lines a person types, new or edited (only while DRAFT). */
const purchaseOrderFields = {
  supplierId: id(),
  orderDate: date(),
  expectedDate: optionalDate(),
  locationId: id(),
  paymentMethodId: optionalReference(),
  /** The Plano de Contas EXPENSE category of the bills ("Matéria-prima" on a new form). */
  categoryId: id(),
  installments: integer(1, MAX_INSTALLMENTS).default(1),
  firstDueInDays: integer(0, MAX_FIRST_DUE_IN_DAYS).default(30),
  intervalDays: integer(0, MAX_INTERVAL_DAYS).default(30),
  freight: nonNegativeMoney().default('0.00'),
  discount: nonNegativeMoney().default('0.00'),
  notes: optionalText(1000),
  items: z.array(purchaseOrderLineInputSchema).max(500).default([]),
};

const expectedAfterOrder = {
  check: (order: { orderDate: string; expectedDate: string | null }) =>
    !order.expectedDate || order.expectedDate >= order.orderDate,
  params: { path: ['expectedDate'], message: messages.purchaseOrders.expectedBeforeOrder },
};

export const purchaseOrderCreateSchema = z
  .object(purchaseOrderFields)
  .refine(expectedAfterOrder.check, expectedAfterOrder.params);
export type PurchaseOrderCreateInput = z.input<typeof purchaseOrderCreateSchema>;
export type PurchaseOrderCreate = z.output<typeof purchaseOrderCreateSchema>;

export const purchaseOrderUpdateSchema = z
  .object({ ...purchaseOrderFields, version: version() })
  .refine(expectedAfterOrder.check, expectedAfterOrder.params);
export type PurchaseOrderUpdateInput = z.input<typeof purchaseOrderUpdateSchema>;
export type PurchaseOrderUpdate = z.output<typeof purchaseOrderUpdateSchema>;

const nullableText = z.string().nullable();
const nullableId = z.number().nullable();

/** A line as the order's screen shows it. */
export const purchaseOrderLineOutputSchema = z.object({
  id: z.number(),
  position: z.number(),
  itemId: z.number(),
  itemCode: z.string(),
  itemName: z.string(),
  itemKind: z.enum(['PRODUCT', 'FEEDSTOCK']),
  unitCode: z.string(),
  /** The decimal places the item's unit allows. */
  unitDecimals: z.number(),
  quantity: z.string(),
  unitPrice: z.string(),
  /** quantity × unitPrice, rounded to the cent. */
  lineTotal: z.string(),
  receivedQuantity: z.string(),
  /** quantity − receivedQuantity. */
  pendingQuantity: z.string(),
});
export type PurchaseOrderLine = z.output<typeof purchaseOrderLineOutputSchema>;

/**
 * One receipt of the order ("Recebimento") with its lines. The bills it created are the order's
 * bills to pay: `GET /bills-to-pay?originType=PURCHASE_ORDER&originId=<order id>` (document number
 * = the receipt's invoice number, issue date = the receipt's date).
 */
const purchaseReceiptOutputSchema = z.object({
  id: z.number(),
  date: z.string(),
  invoiceNumber: nullableText,
  locationId: z.number(),
  locationName: z.string(),
  /** The landed value received: the bills' total. */
  value: z.string(),
  createdAt: z.string(),
  createdByName: nullableText,
  lines: z.array(
    z.object({
      lineId: z.number(),
      itemId: z.number(),
      itemCode: z.string(),
      itemName: z.string(),
      unitCode: z.string(),
      unitDecimals: z.number(),
      quantity: z.string(),
      /** The unit cost the IN movement carries (unit price with freight and discount spread). */
      unitCost: z.string(),
      value: z.string(),
      movementId: z.number(),
    }),
  ),
});

/** An order as lists show it (no lines). */
export const purchaseOrderSummarySchema = z.object({
  id: z.number(),
  /** "OC-000042" (the stored number formatted). */
  number: z.string(),
  supplierId: z.number(),
  supplierName: z.string(),
  orderDate: z.string(),
  expectedDate: nullableText,
  locationId: z.number(),
  locationName: z.string(),
  paymentMethodId: nullableId,
  paymentMethodName: nullableText,
  categoryId: z.number(),
  categoryName: z.string(),
  installments: z.number(),
  firstDueInDays: z.number(),
  intervalDays: z.number(),
  freight: z.string(),
  discount: z.string(),
  /** The lines' totals + freight − discount. */
  total: z.string(),
  notes: nullableText,
  status: z.enum(purchaseOrderStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type PurchaseOrderSummary = z.output<typeof purchaseOrderSummarySchema>;

/** An order's screen: the header, its lines and receipts (oldest first). */
export const purchaseOrderDetailSchema = purchaseOrderSummarySchema.extend({
  /** The lines' totals before freight and discount. */
  itemsTotal: z.string(),
  /** The landed value received so far (the receipts' values). */
  receivedValue: z.string(),
  items: z.array(purchaseOrderLineOutputSchema),
  receipts: z.array(purchaseReceiptOutputSchema),
});
export type PurchaseOrderDetail = z.output<typeof purchaseOrderDetailSchema>;

/** The list's filters: status (any of), order date range, supplier, `q` on number or supplier. */
export const purchaseOrderListQuerySchema = listQuerySchema.extend({
  status: anyOfFilter(purchaseOrderStatuses),
  ...dateRangeFilter('orderDate'),
  supplierId: id().optional(),
  /** `totals=true` adds the filter's sum of totals. */
  totals: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type PurchaseOrderListQuery = z.output<typeof purchaseOrderListQuerySchema>;

export const purchaseOrderPageSchema = z.object({
  items: z.array(purchaseOrderSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** With `totals=true`: the sum of the filtered orders' totals. */
  totals: z.object({ total: z.string() }).optional(),
});
export type PurchaseOrderPage = z.output<typeof purchaseOrderPageSchema>;

/**
 * "Receber": per line either the order line's `lineId` or its `itemId` (when the item is on one
 * line only), and the quantity arriving now. Goods go to the order's location unless `locationId`
 * says otherwise; the terms of the bills count from `date`. The supplier's invoice number is kept
 * without an "NF" typed before it ("NF 4521" is "4521"): the receipt, the bill's document number
 * and the movements' notes ("OC-000042, NF 4521") then name it once.
 */
export const purchaseReceiveInputSchema = z.object({
  date: date(),
  invoiceNumber: optionalText(30).transform((typed) => typed && invoiceNumberOf(typed)),
  locationId: optionalReference(),
  lines: z
    .array(
      z
        .object({
          lineId: optionalReference(),
          itemId: optionalReference(),
          quantity: quantity(),
        })
        .refine((line) => line.lineId !== null || line.itemId !== null, {
          path: ['itemId'],
          message: messages.required,
        }),
    )
    .min(1, messages.purchaseOrders.noLines)
    .max(500),
});
export type PurchaseReceiveInput = z.input<typeof purchaseReceiveInputSchema>;
export type PurchaseReceive = z.output<typeof purchaseReceiveInputSchema>;

/** What the `receive` audit entry keeps under `receipt`. */
export interface PurchaseReceiptAudit {
  id: number;
  date: string;
  invoiceNumber: string | null;
  /** How many lines the receipt took. */
  lines: number;
  value: string;
}

/**
 * "Comprar" / "Comprar faltantes": one DRAFT per default supplier of the items, each line at the
 * item's last purchase price (or its average cost).
 */
export const purchaseOrderDraftsInputSchema = z.object({
  lines: z
    .array(z.object({ itemId: id(), quantity: quantity() }))
    .min(1)
    .max(500),
});
export type PurchaseOrderDraftsInput = z.input<typeof purchaseOrderDraftsInputSchema>;

export const purchaseOrderDraftsOutputSchema = z.object({
  items: z.array(purchaseOrderDetailSchema),
});
export type PurchaseOrderDrafts = z.output<typeof purchaseOrderDraftsOutputSchema>;

/** NO_DEFAULT_SUPPLIER-like 422 `details` of the drafts: the items without a default supplier. */
export interface ItemWithoutSupplierDetail {
  itemId: number;
  itemCode: string;
  itemName: string;
}
