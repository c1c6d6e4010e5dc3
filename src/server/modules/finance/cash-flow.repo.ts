import { sql, type RawBuilder } from 'kysely';
import { fromUnits, toUnits } from '../../../shared/allocation.js';
import type { Granularity } from '../../../shared/resources/finance-reports.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { PeriodSums } from './cash-flow.rules.js';

/**
 * The cash flow's sums, each a single aggregate over an index: the entries by date through
 * `account_entries_date_idx` (date INCLUDE amount, origin_type: index-only), the open bills by
 * kind and due date through `bills_open_due_idx` (partial on the open statuses, INCLUDE amount
 * and paid_amount). Every row is put in its period by the period's first day, clipped to `from`
 * (the same rule as cash-flow.rules periodsOf).
 */

const truncUnit: Record<Granularity, string> = { day: 'day', week: 'week', month: 'month' };

/** The first day of the period holding `column`, not before `from` (PostgreSQL weeks are ISO). */
function periodOf(day: RawBuilder<unknown>, granularity: Granularity, from: string) {
  return sql<string>`greatest(date_trunc(${truncUnit[granularity]}, ${day}::timestamp)::date, ${from}::date)`;
}

/** Every account's opening balance plus every entry dated before `from`. */
export async function openingBalance(db: DbOrTrx, from: string): Promise<string> {
  const { rows } = await sql<{ balance: string }>`
    SELECT (SELECT coalesce(sum(opening_balance), 0) FROM checking_accounts)
      + (SELECT coalesce(sum(amount), 0) FROM account_entries WHERE date < ${from}::date)
      AS balance`.execute(db);
  return rows[0]!.balance;
}

type Sums = Map<string, Partial<PeriodSums>>;

/**
 * What moved through the accounts from `from` to `until`, per period: credits in, debits out.
 * Transfers between accounts are left out: each is a debit and a credit of the same amount.
 */
export async function realized(
  db: DbOrTrx,
  from: string,
  until: string,
  granularity: Granularity,
  into: Sums,
): Promise<void> {
  if (until < from) return;
  const { rows } = await sql<{ start: string; realizedIn: string; realizedOut: string }>`
    SELECT ${periodOf(sql`date`, granularity, from)} AS start,
      coalesce(sum(amount) FILTER (WHERE amount > 0), 0) AS realized_in,
      -- The debits as credits less the net: one filtered sum instead of two.
      coalesce(sum(amount) FILTER (WHERE amount > 0), 0) - sum(amount) AS realized_out
    FROM account_entries
    WHERE date >= ${from}::date AND date <= ${until}::date AND origin_type <> 'TRANSFER'
    GROUP BY 1`.execute(db);
  for (const row of rows) {
    into.set(row.start, { ...into.get(row.start), ...withoutStart(row) });
  }
}

/**
 * What the open bills still have open (amount − paid), per period of their due date: bills due
 * after `today` up to `to`, and, when today is in the report, the overdue ones on today.
 */
export async function projected(
  db: DbOrTrx,
  from: string,
  to: string,
  today: string,
  granularity: Granularity,
  into: Sums,
): Promise<void> {
  const parts = [];
  const afterToday = from > today ? from : sql`${today}::date + 1`;
  if (to > today) {
    parts.push(sql`
      SELECT ${periodOf(sql`due_date`, granularity, from)} AS start, kind,
        sum(amount - paid_amount) AS open
      FROM bills
      WHERE status IN ('OPEN', 'PARTIALLY_PAID') AND kind IN ('PAY', 'RECEIVE')
        AND due_date >= ${afterToday} AND due_date <= ${to}::date
      GROUP BY 1, 2`);
  }
  if (from <= today && today <= to) {
    parts.push(sql`
      SELECT ${periodOf(sql`${today}::date`, granularity, from)} AS start, kind,
        sum(amount - paid_amount) AS open
      FROM bills
      WHERE status IN ('OPEN', 'PARTIALLY_PAID') AND kind IN ('PAY', 'RECEIVE')
        AND due_date <= ${today}::date
      GROUP BY 2`);
  }
  if (parts.length === 0) return;
  const { rows } = await sql<{ start: string; kind: 'PAY' | 'RECEIVE'; open: string }>`
    ${sql.join(parts, sql` UNION ALL `)}`.execute(db);
  const key = { PAY: 'projectedOut', RECEIVE: 'projectedIn' } as const;
  for (const row of rows) {
    const current = into.get(row.start) ?? {};
    const previous = current[key[row.kind]];
    // A period can get the same kind twice: today's overdue bills and those due later that week.
    const open =
      previous === undefined
        ? row.open
        : fromUnits(toUnits(previous, 2, 'open') + toUnits(row.open, 2, 'open'), 2);
    into.set(row.start, { ...current, [key[row.kind]]: open });
  }
}

function withoutStart(row: { start: string; realizedIn: string; realizedOut: string }) {
  return { realizedIn: row.realizedIn, realizedOut: row.realizedOut };
}
