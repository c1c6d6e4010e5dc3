import { sql } from 'kysely';
import { addDays } from '../../../shared/plain-date.js';
import { monthBounds, type ReceivableAgeBucket } from '../../../shared/resources/dashboard.js';
import type { DbOrTrx } from '../../db/connection.js';
import { accountBalance } from '../master-data/index.js';

/**
 * The dashboard's figures, one query per card (the service runs them at once). Each selects the
 * rows of the list its card links to with the same conditions that list's filters write, so the
 * card equals the list's total (dashboard.api.test.ts checks each): open bills are OPEN or
 * PARTIALLY_PAID, sold invoices ISSUED and authorised by SEFAZ (a cancelled one is CANCELLED, a
 * draft DRAFT, a rejected or pending one not yet AUTHORIZED).

/** Issued OUT invoices from the 1st to today, and last month's from its 1st to the same day. */
export async function revenue(db: DbOrTrx, today: string) {
  const { first, previousFirst, previousSameDay } = monthBounds(today);
  const { rows } = await sql<{ current: string; previous: string }>`
    SELECT
      coalesce(sum(total) FILTER (WHERE issue_date >= ${first}::date), 0)::numeric(15,2)::text
        AS current,
      coalesce(sum(total) FILTER (WHERE issue_date <= ${previousSameDay}::date), 0)::numeric(15,2)::text
        AS previous
    FROM invoices
    WHERE status = 'ISSUED' AND direction = 'OUT' AND sefaz_status = 'AUTHORIZED'
      AND issue_date >= ${previousFirst}::date AND issue_date <= ${today}::date`.execute(db);
  return rows[0]!;
}

/**
 * The orders to deliver (APPROVED, PARTIALLY_INVOICED): how many, and what is left to invoice of
 * them (the total less the issued invoices', as the order's screen says it). Those at risk are
 * the sales orders module's (findOrdersAtRisk).
 */
export async function ordersToDeliver(db: DbOrTrx) {
  const { rows } = await sql<{ count: number; notInvoiced: string }>`
    SELECT count(*)::integer AS count,
      coalesce(sum(greatest(o.total - coalesce((
        SELECT sum(n.total) FROM invoices n
        WHERE n.requested_order_id = o.id AND n.status = 'ISSUED'), 0), 0)), 0)
        ::numeric(15,2)::text AS not_invoiced
    FROM requested_orders o
    WHERE o.status IN ('APPROVED', 'PARTIALLY_INVOICED')`.execute(db);
  return rows[0]!;
}

/** Production orders in progress, and those not finished whose planned end has passed. */
export async function productionOrders(db: DbOrTrx, today: string) {
  const { rows } = await sql<{ inProgress: number; late: number }>`
    SELECT count(*) FILTER (WHERE status = 'IN_PROGRESS')::integer AS in_progress,
      count(*) FILTER (WHERE planned_end < ${today}::date)::integer AS late
    FROM production_orders
    WHERE status IN ('PLANNED', 'IN_PROGRESS')`.execute(db);
  return rows[0]!;
}

/** What the open bills of a kind still have open (amount − paid): overdue, today, next 7 days. */
export async function openBills(db: DbOrTrx, kind: 'PAY' | 'RECEIVE', today: string) {
  const { rows } = await sql<{ overdue: string; today: string; next7Days: string }>`
    SELECT
      coalesce(sum(amount - paid_amount) FILTER (WHERE due_date < ${today}::date), 0)
        ::numeric(15,2)::text AS overdue,
      coalesce(sum(amount - paid_amount) FILTER (WHERE due_date = ${today}::date), 0)
        ::numeric(15,2)::text AS today,
      coalesce(sum(amount - paid_amount) FILTER (WHERE due_date > ${today}::date), 0)
        ::numeric(15,2)::text AS next7_days
    FROM bills
    WHERE kind = ${kind} AND status IN ('OPEN', 'PARTIALLY_PAID')
      AND due_date <= ${addDays(today, 7)}::date`.execute(db);
  return rows[0]!;
}

/**
 * The accounts' balances, each as the accounts' list computes it, summed once for two figures:
 * the active accounts' ("Saldo em contas") and every account's up to today's entries (where the
 * expected cash starts, as the cash-flow report's balance at today's end: an entry dated later is
 * in its account's balance but not yet in the report). The sum over the whole ledger is the
 * dashboard's dearest query (bench/README.md "dashboard"), hence one scan for both.
 */
export async function accountBalances(db: DbOrTrx, today: string) {
  const { rows } = await sql<{ active: string; untilToday: string }>`
    WITH accounts AS MATERIALIZED (
      SELECT active, ${sql.raw(accountBalance)} AS balance FROM checking_accounts
    )
    SELECT coalesce(sum(balance) FILTER (WHERE active), 0)::numeric(15,2)::text AS active,
      (coalesce(sum(balance), 0) - (
        SELECT coalesce(sum(amount), 0) FROM account_entries WHERE date > ${today}::date
      ))::numeric(15,2)::text AS until_today
    FROM accounts`.execute(db);
  return rows[0]!;
}

/**
 * What the open bills still have open (amount − paid) by kind and by the first horizon (days
 * from today) their due date falls in, as the cash-flow report projects them: an overdue bill
 * counts today, so in the first.
 */
export async function openBillsByHorizon(db: DbOrTrx, today: string, horizons: readonly number[]) {
  const last = horizons[horizons.length - 1]!;
  const horizon = sql.join(
    horizons.map((days) => sql`WHEN due_date <= ${addDays(today, days)}::date THEN ${days}::int`),
    sql` `,
  );
  const { rows } = await sql<{ kind: 'PAY' | 'RECEIVE'; days: number; open: string }>`
    SELECT kind, CASE ${horizon} END AS days, sum(amount - paid_amount)::text AS open
    FROM bills
    WHERE status IN ('OPEN', 'PARTIALLY_PAID') AND kind IN ('PAY', 'RECEIVE')
      AND due_date <= ${addDays(today, last)}::date
    GROUP BY 1, 2`.execute(db);
  return rows;
}

/**
 * Per month of the last 12 (this one included), the issued OUT invoices' total and the cost of
 * the goods they took out of stock: the value of their OUT movements (origin INVOICE), which the
 * ledger wrote at the item's average cost. A month without invoices is left out (the service
 * fills it with zeros). The invoices are read from invoices_issued_out_date_idx alone (migration
 * 0034); each one's cost is a probe of stock_movements_origin_idx, so the query grows with the
 * year's invoices, not with the ledger.
 */
export async function revenueByMonth(db: DbOrTrx, from: string, today: string) {
  const { rows } = await sql<{ month: string; revenue: string; cost: string }>`
    SELECT to_char(date_trunc('month', n.issue_date), 'YYYY-MM') AS month,
      sum(n.total)::numeric(15,2)::text AS revenue,
      coalesce(sum((
        SELECT sum(m.value) FROM stock_movements m
        WHERE m.origin_type = 'INVOICE' AND m.origin_id = n.id AND m.type = 'OUT'
          AND m.reversal_of IS NULL)), 0)::numeric(15,2)::text AS cost
    FROM invoices n
    WHERE n.status = 'ISSUED' AND n.direction = 'OUT' AND n.sefaz_status = 'AUTHORIZED'
      AND n.issue_date >= ${from}::date AND n.issue_date <= ${today}::date
    GROUP BY date_trunc('month', n.issue_date)`.execute(db);
  return rows;
}

/** What the open bills to receive still have open, by how many days they are overdue. */
export async function receivablesByAge(db: DbOrTrx, today: string) {
  const { rows } = await sql<{ bucket: ReceivableAgeBucket; amount: string }>`
    SELECT CASE
        WHEN due_date >= ${today}::date THEN 'current'
        WHEN due_date >= ${addDays(today, -30)}::date THEN '1-30'
        WHEN due_date >= ${addDays(today, -60)}::date THEN '31-60'
        WHEN due_date >= ${addDays(today, -90)}::date THEN '61-90'
        ELSE '90+' END AS bucket,
      sum(amount - paid_amount)::numeric(15,2)::text AS amount
    FROM bills
    WHERE kind = 'RECEIVE' AND status IN ('OPEN', 'PARTIALLY_PAID')
    GROUP BY 1`.execute(db);
  return rows;
}
