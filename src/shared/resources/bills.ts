import {
  date,
  dateWithinAYear,
  id,
  integer,
  nonNegativeMoney,
  optionalText,
  positiveMoney,
  requiredText,
  version,
} from '../fields.js';
import { toUnits } from '../allocation.js';
import { MAX_INSTALLMENTS } from '../installments.js';
import { anyOfFilter, dateRangeFilter } from '../list-filters.js';
import { listQuerySchema } from '../list-query.js';
import { messages } from '../messages.js';
import { defineStatusMachine } from '../status-machine.js';
import { z } from '../zod-messages.js';
import { optionalReference } from './items.js';
import { billKinds, type BillKind } from './bill-kinds.js';

/**
 * Contas a Pagar and Contas a Receber (DOMAIN §9): one kind of document in two lists. A bill to
 * pay may have a supplier; a bill to receive always has a client. Everything else is the same, so
 * the schemas below are built per kind.
 */
export { billKindInfo, billKinds, type BillKind } from './bill-kinds.js';

/**
 * The lifecycle. "Baixar" (`settle`) is allowed while something is open and leads to PARTIALLY_PAID
 * or PAID by what is left open (`statusAfterPayments`); "Estornar baixa" goes back the same way.
 * Only an OPEN bill (no payment standing) is edited or cancelled.
 */
export const billMachine = defineStatusMachine({
  statuses: {
    OPEN: 'Aberta',
    PARTIALLY_PAID: 'Parcialmente paga',
    PAID: 'Paga',
    CANCELLED: 'Cancelada',
  },
  transitions: {
    edit: { from: ['OPEN'], to: 'OPEN' },
    settle: { from: ['OPEN', 'PARTIALLY_PAID'], to: 'PARTIALLY_PAID' },
    cancel: { from: ['OPEN'], to: 'CANCELLED' },
  },
});
export type BillStatus = keyof typeof billMachine.statuses;
export type BillAction = keyof typeof billMachine.transitions;
const billStatuses = Object.keys(billMachine.statuses) as [BillStatus, ...BillStatus[]];

/** The status a bill of `amount` has once `paid` of it is settled (both decimal strings). */
export function statusAfterPayments(amount: string, paid: string): BillStatus {
  const paidCents = toUnits(paid, 2, 'paid');
  if (paidCents <= 0n) return 'OPEN';
  return paidCents >= toUnits(amount, 2, 'amount') ? 'PAID' : 'PARTIALLY_PAID';
}

/** The cash a payment moves, in cents: amount + interest + fine − discount. */
export function paymentTotalCents(payment: {
  amount: string;
  interest: string;
  fine: string;
  discount: string;
}): bigint {
  const cents = (value: string) => toUnits(value, 2, 'payment');
  return (
    cents(payment.amount) + cents(payment.interest) + cents(payment.fine) - cents(payment.discount)
  );
}

/** "Vencida" is not a stored status: an open bill past its due date. It filters like one. */
export const OVERDUE = 'OVERDUE';
export const billStatusFilterValues = [...billStatuses, OVERDUE] as const;
export const billStatusFilterLabels: Record<(typeof billStatusFilterValues)[number], string> = {
  ...billMachine.statuses,
  OVERDUE: 'Vencida',
};

export const billOriginTypes = ['MANUAL', 'PURCHASE_ORDER', 'INVOICE'] as const;
export type BillOriginType = (typeof billOriginTypes)[number];
export const billOriginLabels: Record<BillOriginType, string> = {
  MANUAL: 'Manual',
  PURCHASE_ORDER: 'Ordem de Compra',
  INVOICE: 'Nota Fiscal',
};

const partnerField = (kind: BillKind) =>
  kind === 'PAY' ? { supplierId: optionalReference() } : { clientId: id() };

/** The fields a person types for a bill, whether new or edited. */
const billFields = (kind: BillKind) => ({
  ...partnerField(kind),
  description: requiredText(200),
  documentNumber: optionalText(30),
  issueDate: date(),
  /**
   * "Competência": the month the income or expense belongs to; the issue date when empty. At most
   * a year ahead of today.
   */
  competenceDate: z
    .preprocess((v) => (v === '' ? null : v), dateWithinAYear().nullish())
    .transform((v) => v ?? null),
  categoryId: id(),
  paymentMethodId: optionalReference(),
  checkingAccountId: optionalReference(),
  notes: optionalText(500),
});

/** A bill falls due on or after the day it was issued (400 on `dueDate`). */
const dueOnOrAfterIssue = {
  check: (bill: { issueDate: string; dueDate: string }) => bill.dueDate >= bill.issueDate,
  params: { path: ['dueDate'], message: messages.finance.dueBeforeIssue },
};

/**
 * A new manual bill: the total, split into `installments` bills (the cents left by rounding on
 * the last), the first due on `dueDate` and each next one `intervalDays` later.
 */
export const billCreateSchema = (kind: BillKind) =>
  z
    .object({
      ...billFields(kind),
      amount: positiveMoney(),
      dueDate: date(),
      installments: integer(1, MAX_INSTALLMENTS).default(1),
      intervalDays: integer(1, 366).default(30),
    })
    .refine(dueOnOrAfterIssue.check, dueOnOrAfterIssue.params);
export type BillCreateInput = z.input<ReturnType<typeof billCreateSchema>>;
/** A bill to pay names its supplier (`supplierId`), one to receive its client (`clientId`). */
export type BillCreate = z.output<ReturnType<typeof billCreateSchema>>;

/** One bill changed (only while OPEN): its own amount and due date, with the version read. */
export const billUpdateSchema = (kind: BillKind) =>
  z
    .object({ ...billFields(kind), amount: positiveMoney(), dueDate: date(), version: version() })
    .refine(dueOnOrAfterIssue.check, dueOnOrAfterIssue.params);
export type BillUpdateInput = z.input<ReturnType<typeof billUpdateSchema>>;
export type BillUpdate = z.output<ReturnType<typeof billUpdateSchema>>;

/** The partner a bill's input names, whichever its kind: the supplier or the client (else null). */
export function billPartnerOf(input: BillCreate | BillUpdate): {
  supplierId: number | null;
  clientId: number | null;
} {
  // The schema is built per kind, so its output is a union of the two partners' shapes.
  const partner = input as { supplierId?: number | null; clientId?: number | null };
  return { supplierId: partner.supplierId ?? null, clientId: partner.clientId ?? null };
}

const nullableText = z.string().nullable();
const nullableId = z.number().nullable();

/** A bill as lists and screens show it: with the names of what it references. */
export const billSummarySchema = z.object({
  id: z.number(),
  kind: z.enum(billKinds),
  supplierId: nullableId,
  clientId: nullableId,
  /** The supplier's or the client's name. */
  partnerName: nullableText,
  description: z.string(),
  documentNumber: nullableText,
  issueDate: z.string(),
  dueDate: z.string(),
  competenceDate: z.string(),
  amount: z.string(),
  paidAmount: z.string(),
  /** amount − paidAmount. */
  openAmount: z.string(),
  installment: nullableText,
  categoryId: z.number(),
  categoryName: z.string(),
  paymentMethodId: nullableId,
  paymentMethodName: nullableText,
  checkingAccountId: nullableId,
  checkingAccountName: nullableText,
  origin: z.object({ type: z.enum(billOriginTypes), id: nullableId }),
  status: z.enum(billStatuses),
  /** Open (or partly paid) and due before today (São Paulo). */
  overdue: z.boolean(),
  notes: nullableText,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type BillSummary = z.output<typeof billSummarySchema>;

/** A payment ("baixa") of a bill; a reversed one stays, stamped. */
export const billPaymentOutputSchema = z.object({
  id: z.number(),
  billId: z.number(),
  date: z.string(),
  amount: z.string(),
  interest: z.string(),
  fine: z.string(),
  discount: z.string(),
  /** The cash that moved: amount + interest + fine − discount. */
  total: z.string(),
  checkingAccountId: z.number(),
  checkingAccountName: z.string(),
  paymentMethodId: nullableId,
  paymentMethodName: nullableText,
  notes: nullableText,
  createdAt: z.string(),
  createdByName: nullableText,
  reversedAt: nullableText,
  reversedByName: nullableText,
});
export type BillPaymentRow = z.output<typeof billPaymentOutputSchema>;

/** A bill's screen: the bill and its payments, oldest first. */
export const billDetailSchema = billSummarySchema.extend({
  payments: z.array(billPaymentOutputSchema),
});
export type BillDetail = z.output<typeof billDetailSchema>;

/** POST /bills-to-pay answers the bills it created, one per installment. */
export const billsCreatedSchema = z.object({ items: z.array(billSummarySchema) });
export type BillsCreated = z.output<typeof billsCreatedSchema>;

/**
 * "Baixar": `amount` is what it settles of the bill (at most what is open); interest and fine add
 * to the cash that moves, the discount takes from it. The cash must be above zero.
 */
export const billSettleSchema = z
  .object({
    date: date(),
    amount: positiveMoney(),
    interest: nonNegativeMoney().default('0.00'),
    fine: nonNegativeMoney().default('0.00'),
    discount: nonNegativeMoney().default('0.00'),
    checkingAccountId: id(),
    paymentMethodId: optionalReference(),
    notes: optionalText(500),
  })
  .refine((payment) => paymentTotalCents(payment) > 0n, {
    path: ['discount'],
    message: messages.finance.discountTooLarge,
  });
export type BillSettle = z.output<typeof billSettleSchema>;
/** What "Baixar" sends (POST …/pay or …/receive), before the schema's defaults and checks. */
export type BillSettleInput = z.input<typeof billSettleSchema>;

/** The list's filters (DOMAIN §9): status (Vencida too), due and competence periods, partner… */
export const billListQuerySchema = listQuerySchema.extend({
  status: anyOfFilter(billStatusFilterValues),
  ...dateRangeFilter('dueDate'),
  ...dateRangeFilter('competenceDate'),
  supplierId: id().optional(),
  clientId: id().optional(),
  categoryId: id().optional(),
  originType: anyOfFilter(billOriginTypes),
  originId: id().optional(),
});
export type BillListQuery = z.output<typeof billListQuerySchema>;

/** What the filtered list adds up to, over every page: open, of which overdue, and paid. */
const billTotalsSchema = z.object({
  open: z.string(),
  overdue: z.string(),
  paid: z.string(),
});

export const billPageSchema = z.object({
  items: z.array(billSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totals: billTotalsSchema,
});
export type BillPage = z.output<typeof billPageSchema>;

/** The PIX "copia e cola" of an open bill to receive, for its open amount (DOMAIN §9). */
export const billPixSchema = z.object({
  payload: z.string(),
  amount: z.string(),
  pixKey: z.string(),
  txid: z.string(),
});
export type BillPix = z.output<typeof billPixSchema>;
