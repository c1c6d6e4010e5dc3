import type { z } from 'zod';
import type {
  Company,
  CompanyCertificate,
  companyUpdateSchema,
} from '../../../shared/resources/company.js';
import type { CompanyPublic } from '../../../shared/resources/company-public.js';
import { emptyAddress } from '../../../shared/fields.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { CompanyTable } from '../../db/types.js';
import { recordAudit, type AuditContext } from '../../platform/audit.js';
import { NotFoundError, StaleVersionError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { withCityCode } from '../municipalities/index.js';
import { moveStockClosing } from '../stock-closings/index.js';
import { certificateSummary } from './company-certificate.service.js';
import {
  findCompany,
  findProductionTolerancePercent,
  findStockClosedThrough,
  insertPlaceholders,
  updateCompanyRow,
} from './company.repo.js';

/** Placeholders until the administrator fills in the real company (DOMAIN §12). */
export async function ensureCompany(db: DbOrTrx) {
  await insertPlaceholders(db);
}

function toApi(row: Record<string, unknown>, certificate: CompanyCertificate | null): Company {
  const r = row as unknown as CompanyTable & { updatedAt: Date };
  return {
    legalName: r.legalName,
    tradeName: r.tradeName,
    cnpj: r.cnpj,
    stateRegistration: r.stateRegistration,
    address: { ...emptyAddress, ...(r.address as object) } as Company['address'],
    phones: r.phones as unknown as Company['phones'],
    email: r.email,
    openingHours: r.openingHours,
    pixKey: r.pixKey,
    stateCode: r.stateCode,
    stockClosedThrough: r.stockClosedThrough,
    productionTolerancePercent: r.productionTolerancePercent as unknown as string,
    taxRegime: r.taxRegime as unknown as number,
    nfeEnvironment: r.nfeEnvironment as unknown as Company['nfeEnvironment'],
    invoiceSeries: r.invoiceSeries as unknown as number,
    certificate,
    version: r.version as unknown as number,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function getCompany(db: DbOrTrx): Promise<Company> {
  const row = await findCompany(db);
  if (!row) throw new NotFoundError();
  return toApi(row, await certificateSummary(db));
}

/** The facts every signed-in user may read: the footer's (companyPublicSchema). */
export async function getCompanyPublic(db: DbOrTrx): Promise<CompanyPublic> {
  const { legalName, tradeName, address, phones, openingHours, taxRegime } = await getCompany(db);
  return { legalName, tradeName, address, phones, openingHours, taxRegime };
}

/**
 * "Estoque fechado até" (DOMAIN §4): the last day on which stock may no longer move, or null.
 * Read in the caller's transaction, the posting's, so it is the value that posting checks against.
 */
export function stockClosedThrough(db: DbOrTrx): Promise<string | null> {
  return findStockClosedThrough(db);
}

/**
 * "Tolerância de produção a maior" (%, a decimal string: "10.00"): how far above its planned
 * quantity a production order may complete. Read in the caller's transaction.
 */
export function productionTolerancePercent(db: DbOrTrx): Promise<string> {
  return findProductionTolerancePercent(db);
}

export function updateCompany(
  db: DbOrTrx,
  ctx: AuditContext,
  input: z.output<typeof companyUpdateSchema>,
): Promise<Company> {
  const { version, ...values } = input;
  return inTransaction(db, async (trx) => {
    const before = await getCompany(trx);
    // The address's IBGE municipality (issue 18): checked when chosen, else filled from city/UF.
    const address = await withCityCode(trx, values.address);
    const row = await updateCompanyRow(trx, version, { ...values, address }, ctx.userId);
    if (!row) throw new StaleVersionError();
    const after = toApi(row, before.certificate);
    // The stock's snapshot at the new closing, or the later ones deleted, with the new date.
    await moveStockClosing(
      trx,
      { from: before.stockClosedThrough, to: after.stockClosedThrough },
      ctx.userId,
    );
    await recordAudit(trx, ctx, {
      entity: 'company',
      entityId: 1,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

/**
 * What a PIX charge of the company needs (DOMAIN §9): its key (null when none), the name the payer
 * sees (trade name, or the legal name) and the city of its address ('' when not filled in).
 */
export async function companyPixData(
  db: DbOrTrx,
): Promise<{ pixKey: string | null; merchantName: string; merchantCity: string }> {
  const { pixKey, tradeName, legalName, address } = await getCompany(db);
  return {
    pixKey,
    merchantName: tradeName?.trim() || legalName,
    merchantCity: address.city ?? '',
  };
}
