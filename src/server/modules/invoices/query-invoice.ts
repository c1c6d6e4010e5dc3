import type { InvoiceDetail } from '../../../shared/resources/invoices.js';
import type { Db } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { documentAction } from '../../platform/document-action.js';
import { queryNfe } from '../nfe/index.js';
import { invoiceDocument } from './invoice.document.js';
import type { InvoiceIssuing } from './invoice-issuing.js';
import { getInvoice } from './invoices.read.js';
import { recordSefazAnswer } from './record-sefaz-answer.js';
import { guardSefaz } from './sefaz-guard.js';
import { nfeIssuer } from './send-to-sefaz.js';

/**
 * "Consultar" (`POST /invoices/:id/query`) of a PENDING invoice (no answer came, or a batch lost
 * SENDING): NFeConsultaProtocolo4 by its access key, outside any transaction, then phase 3
 * (record-sefaz-answer.ts) with PENDING expected: 100 → AUTHORIZED with its protNFe, stock and
 * bills posted; a denial → DENIED; 217 (SEFAZ has no such NF-e) → NOT_SENT, to be transmitted
 * again; anything else (no answer again) leaves it PENDING with the reason. Nothing is resent.
 */
export async function queryInvoice(
  db: Db,
  ctx: AuditContext,
  id: number,
  issuing: InvoiceIssuing,
): Promise<InvoiceDetail> {
  let accessKey = '';
  await documentAction(db, ctx, invoiceDocument, { id, action: 'query' }, async (step) => {
    guardSefaz(step.document, 'query');
    accessKey = step.document.accessKey!;
  });
  const issuer = await nfeIssuer(db, issuing.certificateKey, accessKey);
  const result = await queryNfe(issuing.sefaz, issuer, accessKey);
  await recordSefazAnswer(db, ctx, id, 'PENDING', result, issuing);
  return getInvoice(db, id);
}
