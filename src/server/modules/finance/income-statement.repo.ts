import { sql } from 'kysely';
import { toUnits } from '../../../shared/allocation.js';
import { messages } from '../../../shared/messages.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { DreGroup, IncomeStatementSum } from './income-statement.rules.js';

/**
 * The DRE gerencial's sums for one year, by month, each an aggregate over an index:
 * - bills not cancelled by competence month and category (`bills_competence_category_idx`, partial
 *   on status <> 'CANCELLED', INCLUDE amount and kind: index-only), a bill to receive adding its
 *   amount and a bill to pay taking it away;
 * - manual account entries (a bank fee, interest earned) by their date and category, signed as
 *   stored; the entries of payments are not, the bills already are there by competence;
 * - the payments not reversed, by their date: interest and fines paid or received, discounts
 *   obtained or granted (lines without a category, in Resultado financeiro).
 */

const FINANCIAL: DreGroup = 'FINANCIAL_RESULT';
const dre = messages.finance.dre;

export async function incomeStatementSums(
  db: DbOrTrx,
  year: number,
): Promise<IncomeStatementSum[]> {
  const start = `${String(year).padStart(4, '0')}-01-01`;
  const end = `${String(year + 1).padStart(4, '0')}-01-01`;
  // Three statements at once, each on a connection of its own (they share no rows).
  const [billSums, entrySums, payments] = await Promise.all([
    // By day first: the index hands the rows over in (competence_date, category_id) order, so
    // they are added as they come, without hashing 200,000 rows; the days are then few.
    sql<IncomeStatementSum>`
      SELECT c.dre_group, c.id AS category_id, c.name, s.month, s.amount
      FROM (
        SELECT category_id, extract(month FROM day)::int AS month, sum(amount) AS amount
        FROM (
          SELECT competence_date AS day, category_id,
            coalesce(sum(amount) FILTER (WHERE kind = 'RECEIVE'), 0)
              - coalesce(sum(amount) FILTER (WHERE kind = 'PAY'), 0) AS amount
          FROM bills
          WHERE status <> 'CANCELLED'
            AND competence_date >= ${start}::date AND competence_date < ${end}::date
          GROUP BY competence_date, category_id
        ) daily
        GROUP BY 1, 2
      ) s
      JOIN financial_categories c ON c.id = s.category_id`.execute(db),
    sql<IncomeStatementSum>`
      SELECT c.dre_group, c.id AS category_id, c.name, s.month, s.amount
      FROM (
        SELECT category_id, extract(month FROM date)::int AS month, sum(amount) AS amount
        FROM account_entries
        WHERE origin_type = 'MANUAL' AND category_id IS NOT NULL
          AND date >= ${start}::date AND date < ${end}::date
        GROUP BY 1, 2
      ) s
      JOIN financial_categories c ON c.id = s.category_id`.execute(db),
    // Only the payments with interest, a fine or a discount reach the bills, for their kind.
    sql<{ month: number; kind: 'PAY' | 'RECEIVE'; charges: string; discount: string }>`
      SELECT extract(month FROM p.date)::int AS month, b.kind,
        sum(p.interest + p.fine) AS charges, sum(p.discount) AS discount
      FROM bill_payments p JOIN bills b ON b.id = p.bill_id
      WHERE p.reversed_at IS NULL AND p.date >= ${start}::date AND p.date < ${end}::date
        AND (p.interest > 0 OR p.fine > 0 OR p.discount > 0)
      GROUP BY 1, 2`.execute(db),
  ]);
  const sums = [...billSums.rows, ...entrySums.rows];
  for (const row of payments.rows) {
    const line = (name: string, amount: string, sign: 1 | -1) => {
      if (toUnits(amount, 2, 'amount') === 0n) return;
      sums.push({
        dreGroup: FINANCIAL,
        categoryId: null,
        name,
        month: row.month,
        amount: sign === 1 ? amount : `-${amount}`,
      });
    };
    if (row.kind === 'PAY') {
      line(dre.interestPaid, row.charges, -1);
      line(dre.discountsObtained, row.discount, 1);
    } else {
      line(dre.interestReceived, row.charges, 1);
      line(dre.discountsGranted, row.discount, -1);
    }
  }
  return sums;
}
