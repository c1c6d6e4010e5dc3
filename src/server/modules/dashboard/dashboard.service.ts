import { fromUnits, toUnits } from '../../../shared/allocation.js';
import type { Area, Permission } from '../../../shared/permissions.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import {
  dashboardCardLists,
  dashboardChartLists,
  dashboardLinks,
  expectedCashHorizons,
  monthBounds,
  receivableAgeBucketKeys,
  type Dashboard,
  type DashboardCards,
  type DashboardCharts,
  type ExpectedCash,
  type OpenBillsCard,
  type RevenueMonth,
} from '../../../shared/resources/dashboard.js';
import type { DbOrTrx } from '../../db/connection.js';
import { findOrdersAtRisk } from '../requested-orders/index.js';
import { countItemsBelowMinimum } from '../stock-items/index.js';
import * as repo from './dashboard.repo.js';

const cents = (value: string) => toUnits(value, 2, 'money');
const money = (units: bigint) => fromUnits(units, 2);

/**
 * `GET /dashboard` (DOMAIN §13): every card and chart the user may see, their queries all run at
 * once. A card or chart whose list the user may not read is neither computed nor sent.
 */
export async function dashboard(
  db: DbOrTrx,
  permissions: readonly Permission[],
  today = todayInSaoPaulo(),
): Promise<Dashboard> {
  const may = (area: Area) => permissions.includes(`${area}:read` as Permission);
  const links = dashboardLinks(today);

  const cardJobs: { [K in keyof DashboardCards]-?: () => Promise<DashboardCards[K]> } = {
    revenue: async () => {
      const figures = await repo.revenue(db, today);
      return {
        current: { amount: figures.current, link: links.revenue.current },
        previous: { amount: figures.previous, link: links.revenue.previous },
      };
    },
    ordersToDeliver: async () => {
      const [figures, atRisk] = await Promise.all([
        repo.ordersToDeliver(db),
        findOrdersAtRisk(db, today),
      ]);
      return {
        ...figures,
        atRisk: { count: atRisk.length, link: links.ordersAtRisk },
        link: links.ordersToDeliver,
      };
    },
    productionInProgress: async () => ({
      count: (await production()).inProgress,
      link: links.productionInProgress,
    }),
    productionLate: async () => ({ count: (await production()).late, link: links.productionLate }),
    receivables: () => openBillsCard('RECEIVE'),
    payables: () => openBillsCard('PAY'),
    accountsBalance: async () => ({
      amount: (await balances()).active,
      link: links.accountsBalance,
    }),
    belowMinimum: async () => ({
      count: await countItemsBelowMinimum(db),
      link: links.belowMinimum,
    }),
  };

  // Both production cards come from one query, asked once; so do the accounts' card and the
  // expected cash's starting balance (one sum over the whole ledger).
  let productionQuery: ReturnType<typeof repo.productionOrders> | undefined;
  const production = () => (productionQuery ??= repo.productionOrders(db, today));
  let balancesQuery: ReturnType<typeof repo.accountBalances> | undefined;
  const balances = () => (balancesQuery ??= repo.accountBalances(db, today));

  async function openBillsCard(kind: 'PAY' | 'RECEIVE'): Promise<OpenBillsCard> {
    const figures = await repo.openBills(db, kind, today);
    const link = links[kind === 'PAY' ? 'payables' : 'receivables'];
    const total = cents(figures.overdue) + cents(figures.today) + cents(figures.next7Days);
    return {
      overdue: { amount: figures.overdue, link: link.overdue },
      today: { amount: figures.today, link: link.today },
      next7Days: { amount: figures.next7Days, link: link.next7Days },
      total: { amount: money(total), link: link.total },
    };
  }

  const chartJobs: { [K in keyof DashboardCharts]-?: () => Promise<DashboardCharts[K]> } = {
    revenueByMonth: () => revenueByMonth(db, today),
    expectedCash: async () => {
      const [{ untilToday }, open] = await Promise.all([
        balances(),
        repo.openBillsByHorizon(db, today, expectedCashHorizons),
      ]);
      return expectedCash(untilToday, open);
    },
    receivablesByAge: async () => {
      const rows = new Map(
        (await repo.receivablesByAge(db, today)).map((row) => [row.bucket, row.amount]),
      );
      return receivableAgeBucketKeys.map((bucket) => ({
        bucket,
        amount: rows.get(bucket) ?? '0.00',
      }));
    },
  };

  const [cards, charts] = await Promise.all([
    run(cardJobs, (key) => may(dashboardCardLists[key])),
    run(chartJobs, (key) => may(dashboardChartLists[key])),
  ]);
  return { today, cards, charts };
}

/** The jobs allowed, run together, as an object of their results. */
async function run<T extends object>(
  jobs: { [K in keyof T]-?: () => Promise<T[K]> },
  allowed: (key: keyof T) => boolean,
): Promise<T> {
  const keys = (Object.keys(jobs) as (keyof T)[]).filter(allowed);
  const values = await Promise.all(keys.map((key) => jobs[key]()));
  return Object.fromEntries(keys.map((key, index) => [key, values[index]])) as T;
}

/** The 12 months up to this one, oldest first, each with its margin; empty months at zero. */
async function revenueByMonth(db: DbOrTrx, today: string): Promise<RevenueMonth[]> {
  const months: string[] = [];
  let first = monthBounds(today).first;
  for (let i = 0; i < 12; i += 1) {
    months.unshift(first.slice(0, 7));
    first = monthBounds(first).previousFirst;
  }
  const rows = new Map(
    (await repo.revenueByMonth(db, `${months[0]}-01`, today)).map((row) => [row.month, row]),
  );
  return months.map((month) => {
    const row = rows.get(month);
    const revenue = row?.revenue ?? '0.00';
    const cost = row?.cost ?? '0.00';
    return { month, revenue, cost, margin: money(cents(revenue) - cents(cost)) };
  });
}

/**
 * The cash-flow report's projection from today up to each horizon (the report from today to the
 * last horizon, by day, read at each one's end; dashboard.api.test.ts compares them): what the
 * open bills will bring in and take out (overdue ones counting today), and the balance of all
 * accounts then, today's balance plus both. Written here rather than asking the report, whose
 * opening balance is a second sum over the whole ledger.
 */
function expectedCash(
  balanceToday: string,
  open: Awaited<ReturnType<typeof repo.openBillsByHorizon>>,
): ExpectedCash[] {
  let inflow = 0n;
  let outflow = 0n;
  return expectedCashHorizons.map((days) => {
    for (const row of open.filter((row) => row.days === days)) {
      if (row.kind === 'RECEIVE') inflow += cents(row.open);
      else outflow += cents(row.open);
    }
    return {
      days,
      inflow: money(inflow),
      outflow: money(outflow),
      balance: money(cents(balanceToday) + inflow - outflow),
    };
  });
}
