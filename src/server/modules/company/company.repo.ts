import { sql } from 'kysely';
import {
  DEFAULT_OPENING_HOURS,
  DEFAULT_PRODUCTION_TOLERANCE_PERCENT,
  type CompanyData,
} from '../../../shared/resources/company.js';
import { emptyAddress } from '../../../shared/fields.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';

/** The company is one row, id 1. */
const COMPANY_ID = 1;

/** The placeholders of DOMAIN §12, unless the row is there already. */
export async function insertPlaceholders(db: DbOrTrx): Promise<void> {
  await db
    .insertInto('company')
    .values({
      id: COMPANY_ID,
      legalName: 'Minha Empresa Ltda.',
      tradeName: 'Minha Empresa',
      address: JSON.stringify(emptyAddress),
      phones: JSON.stringify([null, null, null]),
      openingHours: DEFAULT_OPENING_HOURS,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export function findCompany(db: DbOrTrx) {
  return db.selectFrom('company').selectAll().where('id', '=', COMPANY_ID).executeTakeFirst();
}

/** 'YYYY-MM-DD', or null when no stock period is closed. */
export async function findStockClosedThrough(db: DbOrTrx): Promise<string | null> {
  const row = await db
    .selectFrom('company')
    .select('stockClosedThrough')
    .where('id', '=', COMPANY_ID)
    .executeTakeFirst();
  return row?.stockClosedThrough ?? null;
}

/** The production tolerance (%), "10.00"; the migration's default when the row is missing. */
export async function findProductionTolerancePercent(db: DbOrTrx): Promise<string> {
  const row = await db
    .selectFrom('company')
    .select('productionTolerancePercent')
    .where('id', '=', COMPANY_ID)
    .executeTakeFirst();
  return row?.productionTolerancePercent ?? DEFAULT_PRODUCTION_TOLERANCE_PERCENT;
}

/** Writes only when `version` is the one stored; answers the row, or undefined when it is not. */
export function updateCompanyRow(
  trx: Trx,
  version: number,
  values: CompanyData,
  userId: number | null,
) {
  const { address, phones, ...rest } = values;
  return trx
    .updateTable('company')
    .set({
      ...rest,
      address: JSON.stringify(address),
      phones: JSON.stringify(phones),
      updatedBy: userId,
      updatedAt: new Date(),
      version: sql`version + 1`,
    })
    .where('id', '=', COMPANY_ID)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

/** The NF-e contingency columns (migration 0035). */
export function findNfeContingency(db: DbOrTrx) {
  return db
    .selectFrom('company')
    .select(['nfeContingencyMode', 'nfeContingencySince', 'nfeContingencyReason'])
    .where('id', '=', COMPANY_ID)
    .executeTakeFirst();
}

/**
 * Locks the company row for a change of contingency (two switches at once see each other) and
 * answers its columns.
 */
export function lockNfeContingency(trx: Trx) {
  return trx
    .selectFrom('company')
    .select(['nfeContingencyMode', 'nfeContingencySince', 'nfeContingencyReason'])
    .where('id', '=', COMPANY_ID)
    .forUpdate()
    .executeTakeFirst();
}

export function updateNfeContingency(
  trx: Trx,
  values: {
    nfeContingencyMode: 'NORMAL' | 'SVC_AN' | 'SVC_RS';
    nfeContingencySince: Date | null;
    nfeContingencyReason: string | null;
  },
  userId: number | null,
) {
  return trx
    .updateTable('company')
    .set({ ...values, updatedBy: userId, updatedAt: new Date() })
    .where('id', '=', COMPANY_ID)
    .execute();
}
