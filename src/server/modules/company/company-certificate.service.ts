import { cnpj as cnpjDocument } from '../../../shared/br/documents.js';
import { messages } from '../../../shared/messages.js';
import { formatPlainDate, todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { CertificateUpload, CompanyCertificate } from '../../../shared/resources/company.js';
import type { DbOrTrx } from '../../db/connection.js';
import { recordAudit, type AuditContext } from '../../platform/audit.js';
import { BusinessRuleError } from '../../platform/errors.js';
import { openSecret, sealSecret, SecretOpenError } from '../../platform/secret-box.js';
import { inTransaction } from '../../platform/transaction.js';
import {
  CertificateReadError,
  readA1Certificate,
  type A1Certificate,
  type CertificateProblem,
} from '../nfe/index.js';
import {
  deleteCertificateRow,
  findCertificateSummary,
  findSealedCertificate,
  saveCertificateRow,
} from './company-certificate.repo.js';
import { findCompany } from './company.repo.js';

/** Bound into the seal, so the sealed bytes open as nothing but the company's certificate. */
const SEAL_CONTEXT = 'fabril:company-certificate:v1';

/** Sealed: the key and certificate as PEM, so signing needs neither the file nor its password. */
interface SealedCertificate {
  privateKeyPem: string;
  certificatePem: string;
}

export interface CertificateUploadInput {
  /** The .pfx/.p12 bytes, or null when the request carried no file. */
  file: Buffer | null;
  password: string;
}

const problemFields: Record<CertificateProblem, Record<string, string>> = {
  WRONG_PASSWORD: { password: messages.certificate.wrongPassword },
  NOT_PKCS12: { file: messages.certificate.notPkcs12 },
  NO_PRIVATE_KEY: { file: messages.certificate.noPrivateKey },
};

const refuse = (fields: Record<string, string>) =>
  new BusinessRuleError(Object.values(fields)[0]!, fields);

const dayOf = (instant: Date) => formatPlainDate(todayInSaoPaulo(instant));

/** `GET /company`'s `certificate`: what the screen shows, or null. */
export async function certificateSummary(db: DbOrTrx): Promise<CompanyCertificate | null> {
  const row = await findCertificateSummary(db);
  return row ? { subject: row.subject, cnpj: row.cnpj, validTo: row.validTo.toISOString() } : null;
}

/**
 * `POST /company/certificate`: reads the A1 file with its password, checks that it is the
 * company's (the same CNPJ root: SEFAZ compares the root, rejection 213, so the head office's
 * certificate signs for a branch) and valid today, then keeps its key and certificate sealed,
 * replacing the one stored. The file and the password are not kept.
 */
export async function uploadCertificate(
  db: DbOrTrx,
  ctx: AuditContext,
  sealingKey: Buffer,
  input: CertificateUploadInput,
): Promise<CertificateUpload> {
  if (!input.file || input.file.length === 0) throw refuse({ file: messages.certificate.noFile });
  if (!input.password) throw refuse({ password: messages.certificate.noPassword });
  const companyCnpj = (await findCompany(db))?.cnpj;
  if (!companyCnpj) throw refuse({ file: messages.certificate.companyWithoutCnpj });

  const certificate = readOrRefuse(input.file, input.password);
  if (!certificate.cnpj) throw refuse({ file: messages.certificate.noCnpj });
  if (certificate.cnpj.slice(0, 8) !== companyCnpj.slice(0, 8)) {
    throw refuse({ file: messages.certificate.otherCnpj(cnpjDocument.format(certificate.cnpj)) });
  }
  const now = new Date();
  if (certificate.validTo <= now) {
    throw refuse({ file: messages.certificate.expired(dayOf(certificate.validTo)) });
  }
  if (certificate.validFrom > now) {
    throw refuse({ file: messages.certificate.notYetValid(dayOf(certificate.validFrom)) });
  }

  const sealed: SealedCertificate = {
    privateKeyPem: certificate.privateKeyPem,
    certificatePem: certificate.certificatePem,
  };
  const values = {
    subject: certificate.subject,
    cnpj: certificate.cnpj,
    validFrom: certificate.validFrom,
    validTo: certificate.validTo,
    sealed: sealSecret(sealingKey, Buffer.from(JSON.stringify(sealed), 'utf8'), SEAL_CONTEXT),
  };
  return inTransaction(db, async (trx) => {
    const before = await certificateSummary(trx);
    await saveCertificateRow(trx, values, ctx.userId);
    const after = await certificateSummary(trx);
    await recordCertificateChange(trx, ctx, before, after);
    return { ...after!, validFrom: values.validFrom.toISOString() };
  });
}

/** `DELETE /company/certificate`: idempotent; the history says what was removed. */
export function removeCertificate(db: DbOrTrx, ctx: AuditContext): Promise<void> {
  return inTransaction(db, async (trx) => {
    const before = await certificateSummary(trx);
    if (!before) return;
    await deleteCertificateRow(trx);
    await recordCertificateChange(trx, ctx, before, null);
  });
}

/**
 * The company's key and certificate to sign with (the NF-e, later the TLS to SEFAZ), or null when
 * none is stored. A certificate sealed under another key (the key file lost or replaced) is a 422
 * that says to upload it again. Whoever calls it keeps the key in memory only.
 */
export async function companySigningCertificate(
  db: DbOrTrx,
  sealingKey: Buffer,
): Promise<A1Certificate | null> {
  const [row, summary] = await Promise.all([findSealedCertificate(db), findCertificateSummary(db)]);
  if (!row || !summary) return null;
  let opened: SealedCertificate;
  try {
    opened = JSON.parse(openSecret(sealingKey, row.sealed, SEAL_CONTEXT).toString('utf8'));
  } catch (error) {
    if (!(error instanceof SecretOpenError)) throw error;
    throw new BusinessRuleError(messages.certificate.unreadable);
  }
  return { ...opened, ...summary };
}

function readOrRefuse(file: Buffer, password: string): A1Certificate {
  try {
    return readA1Certificate(file, password);
  } catch (error) {
    if (error instanceof CertificateReadError) throw refuse(problemFields[error.problem]);
    throw error;
  }
}

/** The company's history: what the certificate was and became, never its secrets. */
function recordCertificateChange(
  db: DbOrTrx,
  ctx: AuditContext,
  before: CompanyCertificate | null,
  after: CompanyCertificate | null,
) {
  return recordAudit(db, ctx, {
    entity: 'company',
    entityId: 1,
    action: 'update',
    before: { certificate: before },
    after: { certificate: after },
  });
}
