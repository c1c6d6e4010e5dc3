import { sql, type RawBuilder } from 'kysely';
import type { AccountEntryOriginType } from '../../../shared/resources/account-entries.js';
import type { DbOrTrx } from '../../db/connection.js';

/**
 * The checking accounts' ledger as the statement reads it. Every query here walks one account's
 * entries through `account_entries_account_date_idx` ((checking_account_id, date, id) INCLUDE
 * amount): the totals and the running balance come from an index-only scan, and only the page's
 * rows are read from the table for their description, category, user and bill.
 */

export interface Period {
  from?: string | undefined;
  to?: string | undefined;
}

/** `date` inside the period (both bounds optional and inclusive); true without bounds. */
function inPeriod(period: Period): RawBuilder<boolean> {
  const conditions = [sql`true`];
  if (period.from) conditions.push(sql`date >= ${period.from}::date`);
  if (period.to) conditions.push(sql`date <= ${period.to}::date`);
  return sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
}

export interface StatementTotals {
  name: string;
  /** Opening balance plus every entry. */
  balance: string;
  /** The balance before the period's first day. */
  openingBalance: string;
  closingBalance: string;
  credits: string;
  debits: string;
  total: number;
}

/**
 * The account's name and balances and the period's sums. Each entry of the account is summed
 * once, by the index range it falls in (before the period, in it, after it): numeric additions are
 * most of the statement's cost, so no entry is added twice (the balance is the closing balance
 * plus what came after, not a second sum of everything).
 */
export async function statementTotals(
  db: DbOrTrx,
  accountId: number,
  period: Period,
): Promise<StatementTotals | undefined> {
  const sumWhere = (condition: RawBuilder<unknown> | null) =>
    condition
      ? sql`SELECT coalesce(sum(amount), 0) AS sum FROM account_entries
          WHERE checking_account_id = ${accountId} AND ${condition}`
      : sql`SELECT 0 AS sum`;
  // Each sum is a FROM item of its own, so the planner runs it once however often it is used.
  const { rows } = await sql<StatementTotals & { total: string }>`
    SELECT a.name,
      a.opening_balance + b.sum AS opening_balance,
      a.opening_balance + b.sum + coalesce(p.net, 0) AS closing_balance,
      a.opening_balance + b.sum + coalesce(p.net, 0) + f.sum AS balance,
      coalesce(p.credits, 0)::numeric(15,2) AS credits,
      coalesce(p.debits, 0)::numeric(15,2) AS debits,
      p.total
    FROM checking_accounts a
    CROSS JOIN LATERAL (${sumWhere(period.from ? sql`date < ${period.from}::date` : null)}) b
    CROSS JOIN LATERAL (
      -- One filtered sum and the net: the debits are their difference (a second FILTER costs
      -- as much again as the whole sum).
      SELECT credits, coalesce(credits, 0) - coalesce(net, 0) AS debits, net, total FROM (
        SELECT sum(amount) FILTER (WHERE amount > 0) AS credits, sum(amount) AS net,
          count(*) AS total
        FROM account_entries
        WHERE checking_account_id = ${accountId} AND ${inPeriod(period)}
      ) sums
    ) p
    CROSS JOIN LATERAL (${sumWhere(period.to ? sql`date > ${period.to}::date` : null)}) f
    WHERE a.id = ${accountId}`.execute(db);
  const row = rows[0];
  return row && { ...row, total: Number(row.total) };
}

export interface EntryWithNames {
  id: number;
  checkingAccountId: number;
  date: string;
  amount: string;
  description: string;
  categoryId: number | null;
  categoryName: string | null;
  originType: AccountEntryOriginType;
  originId: number | null;
  billId: number | null;
  billKind: 'PAY' | 'RECEIVE' | null;
  userName: string | null;
  createdAt: Date;
}

/** The names an entry is shown with: its category, its user and the bill a payment settled. */
const withNames = sql`
  SELECT e.id, e.checking_account_id, e.date, e.amount, e.description, e.category_id,
    c.name AS category_name, e.origin_type, e.origin_id, b.id AS bill_id, b.kind AS bill_kind,
    u.name AS user_name, e.created_at`;
const joins = sql`
  LEFT JOIN financial_categories c ON c.id = e.category_id
  LEFT JOIN users u ON u.id = e.user_id
  LEFT JOIN bills b ON e.origin_type IN ('BILL_PAYMENT', 'PAYMENT_REVERSAL') AND b.id = e.origin_id`;

export async function findEntry(db: DbOrTrx, id: number): Promise<EntryWithNames | undefined> {
  const { rows } = await sql<EntryWithNames>`
    ${withNames} FROM account_entries e ${joins} WHERE e.id = ${id}`.execute(db);
  return rows[0];
}

/**
 * A slice of the period's entries in (date, id) order, each with the balance right after it,
 * from the nearer end of the period: from the start, the period's opening balance plus the
 * running sum up to the entry; from the end, the closing balance less what came after it. The
 * window runs over the index in order and stops at the slice, so a late page does not add up
 * the whole period first. Without `limit`, every entry from `offset` on (the export).
 */
export async function statementLines(
  db: DbOrTrx,
  accountId: number,
  period: Period,
  totals: Pick<StatementTotals, 'openingBalance' | 'closingBalance' | 'total'>,
  slice: { limit?: number; offset: number },
): Promise<(EntryWithNames & { balance: string })[]> {
  const { offset } = slice;
  const end =
    slice.limit === undefined ? totals.total : Math.min(totals.total, offset + slice.limit);
  if (end <= offset) return [];
  const fromEnd = totals.total - end < offset;
  const window = fromEnd
    ? sql`${totals.closingBalance}::numeric - coalesce(sum(amount) OVER (ORDER BY date DESC, id DESC
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)`
    : sql`${totals.openingBalance}::numeric + sum(amount) OVER (ORDER BY date, id ROWS UNBOUNDED PRECEDING)`;
  const order = fromEnd ? sql`date DESC, id DESC` : sql`date, id`;
  const { rows } = await sql<EntryWithNames & { balance: string }>`
    ${withNames}, p.balance
    FROM (
      SELECT id, date, ${window} AS balance
      FROM account_entries
      WHERE checking_account_id = ${accountId} AND ${inPeriod(period)}
      ORDER BY ${order}
      LIMIT ${end - offset} OFFSET ${fromEnd ? totals.total - end : offset}
    ) p
    JOIN account_entries e ON e.id = p.id
    ${joins}
    ORDER BY p.date, p.id`.execute(db);
  return rows;
}

/** The account's name and whether it exists (for the transfer's default descriptions). */
export async function accountName(db: DbOrTrx, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('checkingAccounts')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name;
}

/** Points a transfer's first entry at the second, once the second exists. */
export async function linkEntry(db: DbOrTrx, id: number, originId: number): Promise<void> {
  await db.updateTable('accountEntries').set({ originId }).where('id', '=', id).execute();
}
