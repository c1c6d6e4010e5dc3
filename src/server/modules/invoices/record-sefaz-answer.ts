import type { SefazStatus } from '../../../shared/resources/invoices.js';
import type { Db } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { documentAction, moveDocument, type DocumentStep } from '../../platform/document-action.js';
import { compressExchange, type NfeExchangeResult, type NfeVerdict } from '../nfe/index.js';
import { invoiceDocument } from './invoice.document.js';
import type { InvoiceIssuing } from './invoice-issuing.js';
import { hasPosted, insertSefazEvents, type LockedInvoice } from './invoices.repo.js';
import { postInvoice } from './post-invoice.js';

/**
 * Phase 3 of "Emitir", "Transmitir" and "Consultar", in one transaction with the invoice locked:
 * 1. keep — every exchange of the call (request and answer gzipped) among the invoice's events;
 * 2. recheck — the invoice must still be where the call left it (`expected`: SENDING for a
 *    transmission, PENDING for a query); otherwise someone else settled it meanwhile and only
 *    the exchanges are kept;
 * 3. record — the verdict: AUTHORIZED (protocol, time, protNFe) then post (stock, reservations,
 *    bills: post-invoice.ts, once); DENIED (the number spent, the invoice unusable, its sales order
 *    given its quantities back); REJECTED (code and pt-BR message: editable, sent again with its
 *    number); PENDING (no answer: "Consultar"); NOT_SENT (nothing arrived, or a query found
 *    nothing: "Transmitir" again).
 */
export function recordSefazAnswer(
  db: Db,
  ctx: AuditContext,
  id: number,
  expected: SefazStatus,
  result: NfeExchangeResult,
  issuing: InvoiceIssuing,
) {
  return documentAction(db, ctx, invoiceDocument, { id, action: null }, async (step) => {
    await insertSefazEvents(
      step.trx,
      result.calls.map((call) => {
        const compressed = compressExchange(call.exchange);
        return {
          invoiceId: id,
          kind: call.kind,
          service: call.service,
          sequence: null,
          url: compressed.url,
          statusCode: call.statusCode,
          message: call.message.slice(0, 500),
          protocol: call.protocol,
          requestGz: Buffer.from(compressed.request),
          responseGz: compressed.response ? Buffer.from(compressed.response) : null,
          userId: step.ctx.userId,
        };
      }),
    );
    // SENDING as stored: a lost one reads as PENDING, but its own phase 3 may still record it.
    const { status, sefazStatus, storedSefazStatus } = step.document;
    const current = expected === 'SENDING' ? storedSefazStatus : sefazStatus;
    if (status !== 'ISSUED' || current !== expected) return;
    await record(step, expected === 'SENDING' ? 'transmit' : 'query', result.verdict, issuing);
  });
}

async function record(
  step: DocumentStep<LockedInvoice>,
  action: 'transmit' | 'query',
  verdict: NfeVerdict,
  issuing: InvoiceIssuing,
) {
  const id = step.id;
  const said = { sefazCode: verdict.code || null, sefazMessage: verdict.message.slice(0, 500) };
  switch (verdict.outcome) {
    case 'AUTHORIZED': {
      await moveDocument(step, invoiceDocument, action, {
        set: {
          ...said,
          sefazStatus: 'AUTHORIZED',
          protocol: verdict.protocol,
          authorizedAt: verdict.receivedAt,
          protocolXml: verdict.protocolXml,
        },
        after: { sefazStatus: 'AUTHORIZED', protocol: verdict.protocol },
      });
      // An invoice issued before transmission existed (issue 18) posted when it was issued.
      if (!(await hasPosted(step.trx, id))) await postInvoice(step.trx, step.ctx, step.document);
      return;
    }
    case 'DENIED': {
      await moveDocument(step, invoiceDocument, 'deny', {
        set: {
          ...said,
          sefazStatus: 'DENIED',
          protocol: verdict.protocol,
          protocolXml: verdict.protocolXml,
        },
        after: { sefazStatus: 'DENIED', code: verdict.code, protocol: verdict.protocol },
      });
      const { requestedOrderId, number } = step.document;
      if (requestedOrderId !== null && issuing.onOrderInvoiceVoided) {
        await issuing.onOrderInvoiceVoided(step.trx, step.ctx, requestedOrderId, { id, number });
      }
      return;
    }
    default: {
      // A query that found nothing: it never arrived, and may be transmitted again.
      const sefazStatus = verdict.outcome === 'NOT_FOUND' ? 'NOT_SENT' : verdict.outcome;
      await moveDocument(step, invoiceDocument, action, {
        set: { ...said, sefazStatus },
        after: { sefazStatus, code: verdict.code },
      });
    }
  }
}
