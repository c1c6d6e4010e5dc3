import { addDays } from '../plain-date.js';
import { documentPrefixes, formatDocumentNumber } from '../document-numbers.js';
import {
  date,
  id,
  integer,
  nonNegativeMoney,
  optionalText,
  percent,
  quantity,
  version,
} from '../fields.js';
import { MAX_INSTALLMENTS } from '../installments.js';
import { anyOfFilter, dateRangeFilter } from '../list-filters.js';
import { booleanFilter, listQuerySchema } from '../list-query.js';
import { messages } from '../messages.js';
import type { Permission } from '../permissions.js';
import { defineStatusMachine } from '../status-machine.js';
import { z } from '../zod-messages.js';
import { optionalReference } from './items.js';

/**
 * Pedidos Recebidos (DOMAIN §7, issue 19): a client's order of products. Approving it reserves
 * what is in stock at its location; what is reserved, invoiced and missing per line is derived
 * from reservation rows, the items of its non-cancelled invoices and the ledger, never kept as a
 * counter. Only an OPEN order is edited or deleted.
 *
 * The Histórico is the audit of entity `requested-orders`: create, update, approve, reserve,
 * invoice, close, deliver, cancel, delete.
 */
export const REQUESTED_ORDERS_PATH = 'requested-orders';
export const REQUESTED_ORDER_SEQUENCE = 'requested-order';

/** "PV-000042". */
export const formatRequestedOrderNumber = (number: number) =>
  formatDocumentNumber(documentPrefixes.requestedOrder, number);

export const requestedOrderMachine = defineStatusMachine({
  statuses: {
    OPEN: 'Aberto',
    APPROVED: 'Aprovado',
    PARTIALLY_INVOICED: 'Faturado parcialmente',
    INVOICED: 'Faturado',
    DELIVERED: 'Entregue',
    CANCELLED: 'Cancelado',
  },
  transitions: {
    edit: { from: ['OPEN'], to: 'OPEN' },
    approve: { from: ['OPEN'], to: 'APPROVED' },
    reserve: { from: ['APPROVED', 'PARTIALLY_INVOICED'], to: 'APPROVED' },
    /** "Planejar produção": the status stays; production orders are made for what is missing. */
    planProduction: { from: ['APPROVED', 'PARTIALLY_INVOICED'], to: 'APPROVED' },
    invoice: { from: ['APPROVED', 'PARTIALLY_INVOICED'], to: 'PARTIALLY_INVOICED' },
    close: { from: ['PARTIALLY_INVOICED'], to: 'INVOICED' },
    deliver: { from: ['INVOICED'], to: 'DELIVERED' },
    /**
     * Not a button: one of its invoices was cancelled, so what it had invoiced is owed again
     * (APPROVED, or PARTIALLY_INVOICED while other invoices stand). Its reservation is not taken
     * again: "Reservar" does that.
     */
    reopen: { from: ['PARTIALLY_INVOICED', 'INVOICED'], to: 'APPROVED' },
    cancel: { from: ['OPEN', 'APPROVED'], to: 'CANCELLED' },
    delete: { from: ['OPEN'], to: 'OPEN' },
  },
});
export type RequestedOrderStatus = keyof typeof requestedOrderMachine.statuses;
export type RequestedOrderAction = keyof typeof requestedOrderMachine.transitions;
export const requestedOrderStatuses = Object.keys(requestedOrderMachine.statuses) as [
  RequestedOrderStatus,
  ...RequestedOrderStatus[],
];

export const requestedOrderActionLabels: Record<RequestedOrderAction, string> = {
  edit: 'Editar',
  approve: 'Aprovar',
  reserve: 'Reservar',
  planProduction: 'Planejar produção',
  invoice: 'Faturar',
  close: 'Encerrar',
  deliver: 'Entregar',
  reopen: 'Reabrir',
  cancel: 'Cancelar',
  delete: 'Excluir',
};

export const requestedOrderActionPermissions: Record<RequestedOrderAction, Permission> = {
  edit: 'requestedOrders:write',
  approve: 'requestedOrders:approve',
  reserve: 'requestedOrders:approve',
  planProduction: 'productionOrders:write',
  invoice: 'requestedOrders:invoice',
  close: 'requestedOrders:invoice',
  deliver: 'requestedOrders:invoice',
  reopen: 'invoices:cancel',
  cancel: 'requestedOrders:cancel',
  delete: 'requestedOrders:delete',
};

const optionalDate = () =>
  z
    .preprocess((value) => (value === '' ? null : value), date().nullish())
    .transform((value) => value ?? null);

/** A line as the form sends it; without `unitPrice` the product's sale price is taken. */
const requestedOrderLineInputSchema = z.object({
  id: optionalReference(),
  productId: id(),
  quantity: quantity(),
  unitPrice: z
    .preprocess((v) => (v === '' ? null : v), nonNegativeMoney().nullish())
    .transform((v) => v ?? null),
  discountPercent: percent().default('0.00'),
});

const requestedOrderFields = {
  clientId: id(),
  orderDate: date(),
  deliveryDate: optionalDate(),
  /** Where its goods ship from (and are reserved). */
  locationId: id(),
  /** Absent: "Venda de produção" or "Venda de mercadoria" by the products' origin. */
  fiscalOperationId: optionalReference(),
  paymentMethodId: optionalReference(),
  /** The INCOME category of its bills to receive. */
  categoryId: id(),
  installments: integer(1, MAX_INSTALLMENTS).default(1),
  firstDueInDays: integer(0, 3660).default(30),
  intervalDays: integer(0, 366).default(30),
  freight: nonNegativeMoney().default('0.00'),
  discount: nonNegativeMoney().default('0.00'),
  notes: optionalText(1000),
  items: z.array(requestedOrderLineInputSchema).max(500).default([]),
};

const deliveryAfterOrder = {
  check: (order: { orderDate: string; deliveryDate: string | null }) =>
    !order.deliveryDate || order.deliveryDate >= order.orderDate,
  params: { path: ['deliveryDate'], message: messages.requestedOrders.deliveryBeforeOrder },
};

export const requestedOrderCreateSchema = z
  .object(requestedOrderFields)
  .refine(deliveryAfterOrder.check, deliveryAfterOrder.params);
export type RequestedOrderCreateInput = z.input<typeof requestedOrderCreateSchema>;
export type RequestedOrderCreate = z.output<typeof requestedOrderCreateSchema>;

export const requestedOrderUpdateSchema = z
  .object({ ...requestedOrderFields, version: version() })
  .refine(deliveryAfterOrder.check, deliveryAfterOrder.params);
export type RequestedOrderUpdateInput = z.input<typeof requestedOrderUpdateSchema>;
export type RequestedOrderUpdate = z.output<typeof requestedOrderUpdateSchema>;

const nullableText = z.string().nullable();
const nullableId = z.number().nullable();

/** A line as the order's screen shows it, with what is reserved and invoiced of it. */
export const requestedOrderLineOutputSchema = z.object({
  id: z.number(),
  position: z.number(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  productOrigin: z.enum(['MANUFACTURED', 'RESALE']).nullable(),
  unitCode: z.string(),
  unitDecimals: z.number(),
  quantity: z.string(),
  unitPrice: z.string(),
  discountPercent: z.string(),
  /** round(quantity × unitPrice × (1 − discount/100), 2). */
  lineTotal: z.string(),
  /** Its shares of the order's discount and freight (largest remainders, by lineTotal). */
  orderDiscount: z.string(),
  freight: z.string(),
  reservedQuantity: z.string(),
  invoicedQuantity: z.string(),
});
export type RequestedOrderLine = z.output<typeof requestedOrderLineOutputSchema>;

export const requestedOrderSummarySchema = z.object({
  id: z.number(),
  /** "PV-000042". */
  number: z.string(),
  clientId: z.number(),
  clientName: z.string(),
  orderDate: z.string(),
  deliveryDate: nullableText,
  locationId: z.number(),
  locationName: z.string(),
  fiscalOperationId: nullableId,
  paymentMethodId: nullableId,
  paymentMethodName: nullableText,
  categoryId: z.number(),
  categoryName: z.string(),
  installments: z.number(),
  firstDueInDays: z.number(),
  intervalDays: z.number(),
  freight: z.string(),
  discount: z.string(),
  /** Σ line totals − discount + freight. */
  total: z.string(),
  notes: nullableText,
  status: z.enum(requestedOrderStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type RequestedOrderSummary = z.output<typeof requestedOrderSummarySchema>;

export const requestedOrderDetailSchema = requestedOrderSummarySchema.extend({
  itemsTotal: z.string(),
  items: z.array(requestedOrderLineOutputSchema),
  /** Its NF-e (cancelled ones too), oldest first. */
  invoices: z.array(
    z.object({
      id: z.number(),
      number: nullableId,
      series: z.number(),
      status: z.string(),
      total: z.string(),
      issueDate: z.string(),
    }),
  ),
  /** The production orders made for it ("Planejar produção"), oldest first. */
  productionOrders: z.array(
    z.object({
      id: z.number(),
      /** "OP-000042". */
      number: z.string(),
      status: z.string(),
      quantity: z.string(),
      plannedEnd: nullableText,
    }),
  ),
  /** The purchase orders bought for it ("Planejar produção" of resale products), oldest first. */
  purchaseOrders: z.array(
    z.object({
      id: z.number(),
      /** "OC-000042". */
      number: z.string(),
      status: z.string(),
      expectedDate: nullableText,
      supplierName: z.string(),
    }),
  ),
});
export type RequestedOrderDetail = z.output<typeof requestedOrderDetailSchema>;

export const requestedOrderListQuerySchema = listQuerySchema.extend({
  status: anyOfFilter(requestedOrderStatuses),
  ...dateRangeFilter('orderDate'),
  ...dateRangeFilter('deliveryDate'),
  clientId: id().optional(),
  /** Only the orders at risk of missing their delivery date, today (docs/decisions.md). */
  atRisk: booleanFilter(),
  totals: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type RequestedOrderListQuery = z.output<typeof requestedOrderListQuerySchema>;

/**
 * "Em risco" looks this many days ahead: an open order due for delivery within them (or already
 * late) whose missing goods nothing covers in time (docs/decisions.md "Orders at risk").
 */
export const AT_RISK_DAYS = 7;

/** The last delivery date an order may have and still be at risk, from São Paulo's `today`. */
export const atRiskDeliveryLimit = (today: string) => addDays(today, AT_RISK_DAYS);

export const requestedOrderPageSchema = z.object({
  items: z.array(requestedOrderSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totals: z.object({ total: z.string() }).optional(),
});
export type RequestedOrderPage = z.output<typeof requestedOrderPageSchema>;

/** `GET /:id/availability`: per line, where its goods stand at the order's location. */
export const requestedOrderAvailabilitySchema = z.object({
  items: z.array(
    z.object({
      lineId: z.number(),
      productId: z.number(),
      quantity: z.string(),
      reservedQuantity: z.string(),
      invoicedQuantity: z.string(),
      /** On hand at the order's location. */
      onHand: z.string(),
      /** On hand − every active reservation at the location. */
      available: z.string(),
      /** quantity − invoiced − reserved (never below zero). */
      missing: z.string(),
      /**
       * How much of a manufactured product a production order could be started for now with
       * what is available at the location of its bill of materials' materials (a capacity, not
       * capped by the line); null for a resale product or one without a bill of materials.
       */
      canProduceNow: z.string().nullable(),
    }),
  ),
});
export type RequestedOrderAvailability = z.output<typeof requestedOrderAvailabilitySchema>;

/**
 * "Faturar": the lines and quantities to invoice now (none: everything not yet invoiced). The
 * NF-e is dated the moment it is issued (dhEmi), so no other date is taken.
 */
export const requestedOrderInvoiceSchema = z
  .object({
    lines: z
      .array(z.object({ lineId: id(), quantity: quantity() }))
      .max(500)
      .optional(),
    overrideCredit: z.boolean().default(false),
    reason: optionalText(255),
  })
  .refine((v) => !v.overrideCredit || !!v.reason?.trim(), {
    path: ['reason'],
    message: messages.required,
  });
export type RequestedOrderInvoiceInput = z.input<typeof requestedOrderInvoiceSchema>;
export type RequestedOrderInvoice = z.output<typeof requestedOrderInvoiceSchema>;

/**
 * Passing the credit gate on purpose (permission requestedOrders:releaseCredit): the release and
 * its reason go into the order's history. Sent with "Aprovar" and "Faturar".
 */
export const creditReleaseFields = {
  overrideCredit: z.boolean().default(false),
  reason: optionalText(255),
};
export const requestedOrderApproveSchema = z
  .object(creditReleaseFields)
  .refine((v) => !v.overrideCredit || !!v.reason?.trim(), {
    path: ['reason'],
    message: messages.required,
  });
export type RequestedOrderApproveInput = z.input<typeof requestedOrderApproveSchema>;
export type CreditRelease = z.output<typeof requestedOrderApproveSchema>;

/** CREDIT_LIMIT's `details`: the figures of the exposure, decimal strings. */
export type CreditLimitDetail = {
  limit: string;
  openReceivables: string;
  openOrders: string;
  thisOrder: string;
};

/** A row of OVERDUE_RECEIVABLES' `details`: one bill to receive past its due date. */
export type OverdueReceivableDetail = {
  id: number;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  /** What is still open of it, a decimal string. */
  open: string;
  documentNumber: string | null;
};

/** `GET /requested-orders/credit?clientId=`: whose credit the order form shows. */
export const clientCreditQuerySchema = z.object({ clientId: id() });

/**
 * A client's credit as the credit gate sees it, beside the client on the order form: its limit
 * (null: none), what is open of its bills to receive, the overdue part of them, and what its
 * approved and partly invoiced orders have still to invoice. `available` = limit − open
 * receivables − open orders (negative when already above it; null without a limit).
 */
export const clientCreditSchema = z.object({
  limit: z.string().nullable(),
  openReceivables: z.string(),
  overdue: z.object({
    count: z.number(),
    amount: z.string(),
    oldestDueDate: z.string().nullable(),
  }),
  openOrders: z.string(),
  available: z.string().nullable(),
});
export type ClientCredit = z.output<typeof clientCreditSchema>;

/**
 * `GET /requested-orders/stock?locationId=&productIds=1,2`: where the products a form is ordering
 * stand at the location, before the order is saved (the line panel of the order form).
 */
export const productStockQuerySchema = z.object({
  locationId: id(),
  productIds: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,499}$/, messages.invalid)
    .transform((value) => [...new Set(value.split(',').map(Number))]),
});

/** Per product: on hand, free (on hand − every reservation) and what could be made now. */
export const productStockSchema = z.object({
  items: z.array(
    z.object({
      productId: z.number(),
      onHand: z.string(),
      available: z.string(),
      /** Units its bill of materials allows from the free materials there; null: not made. */
      canProduceNow: z.string().nullable(),
    }),
  ),
});
export type ProductStock = z.output<typeof productStockSchema>;
