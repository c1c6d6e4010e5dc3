import type { IncomeStatement } from '../../../shared/resources/finance-reports.js';
import type { DbOrTrx } from '../../db/connection.js';
import { incomeStatementSums } from './income-statement.repo.js';
import { buildIncomeStatement } from './income-statement.rules.js';

/**
 * DRE gerencial (DOMAIN §9): a year by month of competence. Bills count in the month their
 * income or expense belongs to, whatever was paid; manual account entries on their date; what
 * payments add or take beyond the bills (interest, fines, discounts) on the payment's date. Every
 * group of the chart is there, empty or not, so the web draws the same rows every year.
 */
export async function incomeStatement(db: DbOrTrx, year: number): Promise<IncomeStatement> {
  return buildIncomeStatement(year, await incomeStatementSums(db, year));
}
