import { ErrorCode } from '../../../shared/error-codes.js';
import { messages } from '../../../shared/messages.js';
import {
  invoiceCanCorrect,
  invoiceMachine,
  MAX_CORRECTIONS,
  sefazStatusLabels,
  type InvoiceCorrectionInput,
  type InvoiceDetail,
  type SefazStatus,
} from '../../../shared/resources/invoices.js';
import type { Db } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { recordAudit } from '../../platform/audit.js';
import { documentAction } from '../../platform/document-action.js';
import { AppError, BusinessRuleError } from '../../platform/errors.js';
import { invalidStatus } from '../../platform/transition.js';
import { CORRECTION_EVENT, correctionDetail, EVENT_REGISTERED } from '../nfe/index.js';
import { invoiceDocument } from './invoice.document.js';
import type { InvoiceIssuing } from './invoice-issuing.js';
import { getInvoice } from './invoices.read.js';
import { lastEventSequence } from './invoices.repo.js';
import { sendInvoiceEvent } from './send-invoice-event.js';

/** 136 "registrado, mas não vinculado": registered all the same (the NF-e is SEFAZ's to link). */
const REGISTERED = [EVENT_REGISTERED, '136'];

/**
 * "Carta de correção" (`POST /invoices/:id/correction`): the event 110110 for an authorised,
 * not cancelled NF-e, with the correction (xCorrecao) and the legal xCondUso. Three phases, as a
 * cancellation's:
 * 1. a short transaction locks and guards it (409 otherwise) and takes the next nSeqEvento: one
 *    past the last correction SEFAZ registered or may have registered (no answer), so a
 *    correction whose answer was lost is never overwritten by a different text under its number
 *    (SEFAZ would answer 573 and keep the first); at most 20 (422);
 * 2. the event signed and sent outside any transaction, the exchange kept (kind CORRECTION, its
 *    sequence) whatever the answer (send-invoice-event.ts);
 * 3. 135/136 registered: audited and answered; a refusal is a 422 with SEFAZ's message; no answer
 *    a 502 (sent again, the same text takes the next number: two equal cartas are harmless, the
 *    last one is the one that counts).
 * The correction changes nothing else of the invoice: it is recorded as its event.
 */
export async function correctInvoice(
  db: Db,
  ctx: AuditContext,
  id: number,
  input: InvoiceCorrectionInput,
  issuing: InvoiceIssuing,
): Promise<InvoiceDetail> {
  const correction = input.text.trim();
  let target = { accessKey: '', sequence: 0 };
  await documentAction(db, ctx, invoiceDocument, { id, action: null }, async (step) => {
    const invoice = step.document;
    if (!invoiceCanCorrect(invoice) || !invoice.accessKey) {
      throw invoice.status !== 'ISSUED'
        ? invalidStatus(invoiceMachine, invoice.status)
        : invalidStatus(
            { label: (status: SefazStatus) => `${sefazStatusLabels[status]} na SEFAZ` },
            invoice.sefazStatus,
          );
    }
    const sequence = (await lastEventSequence(step.trx, id, 'CORRECTION', REGISTERED)) + 1;
    if (sequence > MAX_CORRECTIONS) {
      throw new BusinessRuleError({
        code: ErrorCode.BUSINESS_RULE,
        message: messages.invoices.tooManyCorrections,
      });
    }
    target = { accessKey: invoice.accessKey, sequence };
  });

  const outcome = await sendInvoiceEvent(db, ctx, issuing, {
    invoiceId: id,
    kind: 'CORRECTION',
    accessKey: target.accessKey,
    type: CORRECTION_EVENT,
    sequence: target.sequence,
    detail: correctionDetail(correction),
  });
  if (outcome.statusCode === null) {
    throw new AppError(
      502,
      ErrorCode.SEFAZ_NO_ANSWER,
      messages.invoices.correctionNoAnswer(outcome.message),
    );
  }
  if (!REGISTERED.includes(outcome.statusCode)) {
    throw new BusinessRuleError({
      code: ErrorCode.SEFAZ_REJECTED,
      message: messages.invoices.correctionRejected(outcome.statusCode, outcome.message),
    });
  }
  await recordAudit(db, ctx, {
    entity: invoiceDocument.entity,
    entityId: id,
    action: 'correct',
    after: { sequence: target.sequence, text: correction, protocol: outcome.protocol },
  });
  return getInvoice(db, id);
}
