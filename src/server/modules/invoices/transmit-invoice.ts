import type { InvoiceDetail } from '../../../shared/resources/invoices.js';
import type { Db } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { documentAction } from '../../platform/document-action.js';
import { invoiceDocument } from './invoice.document.js';
import type { InvoiceIssuing } from './invoice-issuing.js';
import { signForSefaz } from './issue-invoice.js';
import { guardSefaz } from './sefaz-guard.js';
import { sendToSefaz } from './send-to-sefaz.js';

/**
 * "Transmitir" (`POST /invoices/:id/transmit`): an ISSUED invoice SEFAZ rejected (and perhaps
 * edited since) or never received (NOT_SENT: the connection failed before anything left, or a
 * query found nothing) is sent again with the SAME number: phase 1 of issue-invoice.ts builds and
 * signs it again (refreshed, its own nNF and cNF, dhEmi now), then phases 2 and 3. A PENDING or
 * SENDING invoice is refused (409): SEFAZ may have it, and only "Consultar" can tell.
 */
export async function transmitInvoice(
  db: Db,
  ctx: AuditContext,
  id: number,
  issuing: InvoiceIssuing,
): Promise<InvoiceDetail> {
  await documentAction(db, ctx, invoiceDocument, { id, action: 'transmit' }, async (step) => {
    guardSefaz(step.document, 'transmit');
    await signForSefaz(step, issuing.certificateKey, 'transmit');
  });
  return sendToSefaz(db, ctx, id, issuing);
}
