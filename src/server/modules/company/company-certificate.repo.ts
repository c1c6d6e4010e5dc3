import type { DbOrTrx } from '../../db/connection.js';

/** The company is one row, id 1 (company.repo.ts); so is its certificate. */
const COMPANY_ID = 1;

export interface CertificateRowValues {
  subject: string;
  cnpj: string;
  validFrom: Date;
  validTo: Date;
  sealed: Buffer;
}

/** What may be shown of the certificate: never `sealed`. */
export function findCertificateSummary(db: DbOrTrx) {
  return db
    .selectFrom('companyCertificate')
    .select(['subject', 'cnpj', 'validFrom', 'validTo'])
    .where('companyId', '=', COMPANY_ID)
    .executeTakeFirst();
}

export function findSealedCertificate(db: DbOrTrx) {
  return db
    .selectFrom('companyCertificate')
    .select('sealed')
    .where('companyId', '=', COMPANY_ID)
    .executeTakeFirst();
}

/** A new upload replaces the one stored: a company signs with one certificate. */
export async function saveCertificateRow(
  db: DbOrTrx,
  values: CertificateRowValues,
  userId: number | null,
): Promise<void> {
  const row = { ...values, uploadedBy: userId, uploadedAt: new Date() };
  await db
    .insertInto('companyCertificate')
    .values({ companyId: COMPANY_ID, ...row })
    .onConflict((oc) => oc.column('companyId').doUpdateSet(row))
    .execute();
}

export async function deleteCertificateRow(db: DbOrTrx): Promise<void> {
  await db.deleteFrom('companyCertificate').where('companyId', '=', COMPANY_ID).execute();
}
