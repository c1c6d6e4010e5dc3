import { sql } from 'kysely';
import type { z } from 'zod';
import {
  DEFAULT_OPENING_HOURS,
  type Company,
  type companyUpdateSchema,
} from '../../../shared/resources/company.js';
import type { CompanyPublic } from '../../../shared/resources/company-public.js';
import { emptyAddress } from '../../../shared/fields.js';
import type { Db, DbOrTrx } from '../../db/connection.js';
import type { CompanyTable } from '../../db/types.js';
import { recordAudit, type AuditContext } from '../../platform/audit.js';
import { NotFoundError, StaleVersionError } from '../../platform/errors.js';

/** Placeholders until the administrator fills in the real company (DOMAIN §12). */
export async function ensureCompany(db: DbOrTrx) {
  await db
    .insertInto('company')
    .values({
      id: 1,
      legalName: 'Minha Empresa Ltda.',
      tradeName: 'Minha Empresa',
      address: JSON.stringify(emptyAddress),
      phones: JSON.stringify([null, null, null]),
      openingHours: DEFAULT_OPENING_HOURS,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

function toApi(row: Record<string, unknown>): Company {
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
    stateCode: r.stateCode,
    version: r.version as unknown as number,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function getCompany(db: DbOrTrx): Promise<Company> {
  const row = await db.selectFrom('company').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) throw new NotFoundError();
  return toApi(row);
}

/** The facts every signed-in user may read: the footer's (companyPublicSchema). */
export async function getCompanyPublic(db: DbOrTrx): Promise<CompanyPublic> {
  const { legalName, tradeName, address, phones, openingHours } = await getCompany(db);
  return { legalName, tradeName, address, phones, openingHours };
}

export async function updateCompany(
  db: Db,
  ctx: AuditContext,
  input: z.output<typeof companyUpdateSchema>,
): Promise<Company> {
  const { version, address, phones, ...values } = input;
  return db.transaction().execute(async (trx) => {
    const before = await getCompany(trx);
    const row = await trx
      .updateTable('company')
      .set({
        ...values,
        address: JSON.stringify(address),
        phones: JSON.stringify(phones),
        updatedBy: ctx.userId,
        updatedAt: new Date(),
        version: sql`version + 1`,
      })
      .where('id', '=', 1)
      .where('version', '=', version)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new StaleVersionError();
    const after = toApi(row);
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
