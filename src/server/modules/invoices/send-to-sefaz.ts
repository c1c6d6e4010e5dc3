import type { Uf } from '../../../shared/br/states.js';
import type { InvoiceDetail } from '../../../shared/resources/invoices.js';
import type { Db } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { companySigningCertificate, getCompany } from '../company/index.js';
import {
  authoriserModeOfKey,
  transmitNfe,
  type NfeExchangeResult,
  type NfeIssuer,
} from '../nfe/index.js';
import type { InvoiceIssuing } from './invoice-issuing.js';
import { getInvoice } from './invoices.read.js';
import { recordSefazAnswer } from './record-sefaz-answer.js';

/**
 * Phases 2 and 3 of "Emitir" (issue-invoice.ts says why they are apart): the signed NF-e, stored
 * SENDING by phase 1 and committed, goes to NFeAutorizacao4 outside any transaction; the answer
 * is recorded in a transaction of its own. Anything thrown on the way (a bug, the database gone)
 * leaves it SENDING, which reads as PENDING after a while: "Consultar" settles it, nothing is sent
 * twice blindly.
 */
export async function sendToSefaz(
  db: Db,
  ctx: AuditContext,
  id: number,
  issuing: InvoiceIssuing,
): Promise<InvoiceDetail> {
  const invoice = await db
    .selectFrom('invoices')
    .select(['xml', 'sefazStatus', 'accessKey'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (invoice.sefazStatus !== 'SENDING' || !invoice.xml || !invoice.accessKey) {
    return getInvoice(db, id);
  }
  const issuer = await nfeIssuer(db, issuing.certificateKey, invoice.accessKey);
  const result: NfeExchangeResult = await transmitNfe(issuing.sefaz, issuer, invoice.xml, {
    pollDelayMs: issuing.pollDelayMs,
  });
  await recordSefazAnswer(db, ctx, id, 'SENDING', result, issuing);
  return getInvoice(db, id);
}

/**
 * The company as SEFAZ sees it, and the authoriser of the NF-e: the one its key names (tpEmis 6
 * SVC-AN, 7 SVC-RS, else the UF's), so an NF-e sent in contingency is asked about there even after
 * the company went back to normal. Phase 1 checked its address and certificate (checkComplete), so
 * a company changed in between is a broken invariant, not a person's mistake.
 */
export async function nfeIssuer(
  db: Db,
  certificateKey: Buffer,
  accessKey: string,
): Promise<NfeIssuer> {
  const [company, certificate] = await Promise.all([
    getCompany(db),
    companySigningCertificate(db, certificateKey),
  ]);
  if (!company.address.state || !certificate) {
    throw new Error('the company lost its UF or its A1 between signing and sending');
  }
  return {
    uf: company.address.state as Uf,
    environment: company.nfeEnvironment,
    mode: authoriserModeOfKey(accessKey),
    certificate: {
      privateKeyPem: certificate.privateKeyPem,
      certificatePem: certificate.certificatePem,
    },
  };
}
