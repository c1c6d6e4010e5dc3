import { addDays } from '../plain-date.js';
import { atRiskDeliveryLimit } from './requested-orders.js';
import type { Area } from '../permissions.js';
import { z } from '../zod-messages.js';

/**
 * The dashboard (DOMAIN §13, `GET /dashboard`): cards and charts, each sent only to a user who
 * may read the list it sums. A card's figure is the total of that list filtered by its link, so
 * the link is built here, once, from the same day the server counted on.
 */

/** The lists a card links to, by their permission area (the screens' paths use the same keys). */
export const dashboardLists = [
  'invoices',
  'requestedOrders',
  'productionOrders',
  'billsToReceive',
  'billsToPay',
  'checkingAccounts',
  'stockItems',
] as const satisfies readonly Area[];
export type DashboardList = (typeof dashboardLists)[number];

/** Where each list is read through the API (`/api/v1/<path>`), which takes the link's query. */
export const dashboardListApiPaths: Record<DashboardList, string> = {
  invoices: 'invoices',
  requestedOrders: 'requested-orders',
  productionOrders: 'production-orders',
  billsToReceive: 'bills-to-receive',
  billsToPay: 'bills-to-pay',
  checkingAccounts: 'checking-accounts',
  stockItems: 'stock-items',
};

/** A list and the query string (the list screen's own parameters) that selects a card's rows. */
export const dashboardLinkSchema = z.strictObject({
  list: z.enum(dashboardLists),
  query: z.string(),
});
export type DashboardLink = z.output<typeof dashboardLinkSchema>;

const link = (list: DashboardList, query: Record<string, string>): DashboardLink => ({
  list,
  query: Object.entries(query)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&'),
});

const money = z.string();

/** A figure and the list that adds up to it. */
const linkedAmount = z.strictObject({ amount: money, link: dashboardLinkSchema });
const linkedCount = z.strictObject({ count: z.number(), link: dashboardLinkSchema });

/** Open bills by due date: overdue, due today, due in the next 7 days, and the three together. */
const openBillsCard = z.strictObject({
  overdue: linkedAmount,
  today: linkedAmount,
  next7Days: linkedAmount,
  total: linkedAmount,
});
export type OpenBillsCard = z.output<typeof openBillsCard>;

export const dashboardCardsSchema = z.strictObject({
  /** Issued OUT invoices from the 1st to today, and last month's from its 1st to the same day. */
  revenue: z.strictObject({ current: linkedAmount, previous: linkedAmount }).optional(),
  /**
   * APPROVED and PARTIALLY_INVOICED orders: how many, what is left to invoice, and those at risk
   * of missing their delivery date (docs/decisions.md "Orders at risk"), with their own list.
   */
  ordersToDeliver: z
    .strictObject({
      count: z.number(),
      notInvoiced: money,
      atRisk: linkedCount,
      link: dashboardLinkSchema,
    })
    .optional(),
  productionInProgress: linkedCount.optional(),
  productionLate: linkedCount.optional(),
  receivables: openBillsCard.optional(),
  payables: openBillsCard.optional(),
  /** The active accounts' balances summed. */
  accountsBalance: linkedAmount.optional(),
  /** Items (not item × location rows) whose stock over all locations is below their minimum. */
  belowMinimum: linkedCount.optional(),
});
export type DashboardCards = z.output<typeof dashboardCardsSchema>;
export type DashboardCardKey = keyof DashboardCards;

/** One month of issued OUT invoices: revenue, the average cost of the goods they took, margin. */
export const revenueMonthSchema = z.strictObject({
  /** 'YYYY-MM'. */
  month: z.string(),
  revenue: money,
  cost: money,
  margin: money,
});
export type RevenueMonth = z.output<typeof revenueMonthSchema>;

/** The cash-flow report's projection up to `days` ahead: what comes in, goes out, the balance. */
export const expectedCashSchema = z.strictObject({
  days: z.number(),
  inflow: money,
  outflow: money,
  balance: money,
});
export type ExpectedCash = z.output<typeof expectedCashSchema>;

export const receivableAgeBuckets = {
  current: 'A vencer',
  '1-30': '1–30 dias',
  '31-60': '31–60 dias',
  '61-90': '61–90 dias',
  '90+': 'Mais de 90 dias',
} as const;
export type ReceivableAgeBucket = keyof typeof receivableAgeBuckets;
export const receivableAgeBucketKeys = Object.keys(receivableAgeBuckets) as [
  ReceivableAgeBucket,
  ...ReceivableAgeBucket[],
];

export const dashboardChartsSchema = z.strictObject({
  revenueByMonth: z.array(revenueMonthSchema).optional(),
  expectedCash: z.array(expectedCashSchema).optional(),
  receivablesByAge: z
    .array(z.strictObject({ bucket: z.enum(receivableAgeBucketKeys), amount: money }))
    .optional(),
});
export type DashboardCharts = z.output<typeof dashboardChartsSchema>;

export const dashboardSchema = z.strictObject({
  /** São Paulo's day the figures were counted on. */
  today: z.string(),
  cards: dashboardCardsSchema,
  charts: dashboardChartsSchema,
});
export type Dashboard = z.output<typeof dashboardSchema>;

/** What each card and chart needs besides `dashboard:read`: the read permission of its list. */
export const dashboardCardLists: Record<DashboardCardKey, DashboardList> = {
  revenue: 'invoices',
  ordersToDeliver: 'requestedOrders',
  productionInProgress: 'productionOrders',
  productionLate: 'productionOrders',
  receivables: 'billsToReceive',
  payables: 'billsToPay',
  accountsBalance: 'checkingAccounts',
  belowMinimum: 'stockItems',
};
export const dashboardChartLists: Record<keyof DashboardCharts, Area> = {
  revenueByMonth: 'invoices',
  expectedCash: 'cashFlow',
  receivablesByAge: 'billsToReceive',
};

/** The days of the expected cash chart. */
export const expectedCashHorizons = [30, 60, 90] as const;

/** The first day of the month of `day` and of the month before, and that month's same day. */
export function monthBounds(today: string) {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const first = `${today.slice(0, 8)}01`;
  const previousYear = month === 1 ? year - 1 : year;
  const previousMonth = month === 1 ? 12 : month - 1;
  const lastDay = new Date(Date.UTC(previousYear, previousMonth, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  const previousFirst = `${previousYear}-${pad(previousMonth)}-01`;
  // 31 March compares with 28 (or 29) February: the same point, clipped to the shorter month.
  const previousSameDay = `${previousYear}-${pad(previousMonth)}-${pad(Math.min(day, lastDay))}`;
  return { first, previousFirst, previousSameDay };
}

const OPEN = 'OPEN,PARTIALLY_PAID';
const TO_DELIVER = 'APPROVED,PARTIALLY_INVOICED';

/** The links of every card, from São Paulo's `today`. */
export function dashboardLinks(today: string) {
  const { first, previousFirst, previousSameDay } = monthBounds(today);
  // Sold is what SEFAZ authorised: stock and bills follow authorisation, and so does revenue.
  const issuedOut = { status: 'ISSUED', direction: 'OUT', sefazStatus: 'AUTHORIZED' };
  const bills = (list: 'billsToReceive' | 'billsToPay') => ({
    overdue: link(list, { status: 'OVERDUE' }),
    today: link(list, { status: OPEN, dueDateFrom: today, dueDateTo: today }),
    next7Days: link(list, {
      status: OPEN,
      dueDateFrom: addDays(today, 1),
      dueDateTo: addDays(today, 7),
    }),
    total: link(list, { status: OPEN, dueDateTo: addDays(today, 7) }),
  });
  return {
    revenue: {
      current: link('invoices', { ...issuedOut, issueDateFrom: first, issueDateTo: today }),
      previous: link('invoices', {
        ...issuedOut,
        issueDateFrom: previousFirst,
        issueDateTo: previousSameDay,
      }),
    },
    ordersToDeliver: link('requestedOrders', { status: TO_DELIVER }),
    // The rule keeps only open orders due by the limit; the link says both, so the list shows why.
    ordersAtRisk: link('requestedOrders', {
      status: TO_DELIVER,
      deliveryDateTo: atRiskDeliveryLimit(today),
      atRisk: 'true',
    }),
    productionInProgress: link('productionOrders', { status: 'IN_PROGRESS' }),
    productionLate: link('productionOrders', {
      status: 'PLANNED,IN_PROGRESS',
      plannedEndTo: addDays(today, -1),
    }),
    receivables: bills('billsToReceive'),
    payables: bills('billsToPay'),
    accountsBalance: link('checkingAccounts', { active: 'true' }),
    belowMinimum: link('stockItems', { belowMinimum: 'true' }),
  };
}
