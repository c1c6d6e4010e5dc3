import { ErrorCode } from '../../../shared/error-codes.js';
import { messages } from '../../../shared/messages.js';
import {
  numberVoidedOnCancel,
  type InvoiceCancelInput,
  type InvoiceDetail,
} from '../../../shared/resources/invoices.js';
import { now } from '../../../shared/clock.js';
import type { Db, Trx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { documentAction, moveDocument, type DocumentStep } from '../../platform/document-action.js';
import { AppError, BusinessRuleError } from '../../platform/errors.js';
import { cancelDocumentBills } from '../finance/index.js';
import {
  CANCEL_EVENT,
  CANCELLED_OUT_OF_TIME,
  cancelDetail,
  DUPLICATE_EVENT,
  EVENT_REGISTERED,
} from '../nfe/index.js';
import { reverseMovement } from '../stock-movements/index.js';
import { invoiceDocument } from './invoice.document.js';
import type { InvoiceIssuing } from './invoice-issuing.js';
import { findInvoiceMovements, type LockedInvoice } from './invoices.repo.js';
import { getInvoice } from './invoices.read.js';
import { guardSefaz } from './sefaz-guard.js';
import { sendInvoiceEvent } from './send-invoice-event.js';
import { voidCancelledNumber } from './void-cancelled-number.js';

/**
 * Told, in the cancelling transaction, that an invoice of a sales order was cancelled (the sales
 * orders module's reopenForCancelledInvoice, wired by app.ts); it may refuse (throw).
 */
export type InvoiceCancelledHook = (
  trx: Trx,
  ctx: AuditContext,
  orderId: number,
  invoice: { id: number; number: number | null },
) => Promise<unknown>;

/** The cancellation is the invoice's first (and only) event of its type. */
const CANCEL_SEQUENCE = 1;

/**
 * What SEFAZ answers when the NF-e is cancelled there: 135 registered, 155 registered out of time
 * (UFs that allow it), 573 this very event registered before (a repeat whose first answer was
 * lost, or two people cancelling at once).
 */
const CANCELLED_AT_SEFAZ = new Set([EVENT_REGISTERED, CANCELLED_OUT_OF_TIME, DUPLICATE_EVENT]);

/**
 * "Cancelar" an ISSUED invoice (a DRAFT is deleted instead: 409). Refused (409) while SEFAZ's
 * answer is awaited (SENDING, PENDING).
 *
 * An invoice SEFAZ never authorised (NOT_SENT, REJECTED) is cancelled here only, in one
 * transaction (cancelHere), and then its number is voided at SEFAZ (NFeInutilizacao4) outside it
 * (void-cancelled-number.ts): voided or not, the invoice stays cancelled; its page says whether
 * the number is voided or still to void.
 *
 * An AUTHORIZED one is cancelled at SEFAZ first, in the three phases of "Emitir" so that no lock
 * is held while SEFAZ thinks:
 * 1. a short transaction locks and guards it, rehearses cancelHere (rolled back: a paid bill or
 *    a delivered order refuses before SEFAZ is asked) and reads its key and protocol;
 * 2. the cancellation event (110111, nSeqEvento 1, the reason as xJust), signed with the company's
 *    A1, goes to NFeRecepcaoEvento4 outside any transaction, and the exchange is kept among its
 *    events (kind CANCEL; send-invoice-event.ts);
 * 3. one transaction re-locks it and, only when SEFAZ registered the event (CANCELLED_AT_SEFAZ)
 *    and the invoice is still ISSUED, cancels it here (cancelHere). A refusal (501 out of time, 580…) is a 422 with SEFAZ's message; no
 *    answer is a 502 asking to try again: sending the same cancellation twice is harmless (573).
 * The legal window (24 h in most UFs, some allow later with 155) is SEFAZ's to judge: its answer
 * is shown as it comes.
 */
export async function cancelInvoice(
  db: Db,
  ctx: AuditContext,
  id: number,
  input: InvoiceCancelInput,
  issuing: InvoiceIssuing,
): Promise<InvoiceDetail> {
  const reason = input.reason.trim();
  let authorised: { accessKey: string; protocol: string } | undefined;
  try {
    const local = await documentAction(
      db,
      ctx,
      invoiceDocument,
      { id, action: 'cancel' },
      async (step) => {
        guardSefaz(step.document, 'cancel');
        // Cancelled here in full either way: for an authorised one as a rehearsal, rolled back,
        // so that a paid bill or a delivered order refuses before SEFAZ is asked.
        await cancelHere(step, reason, issuing.onOrderInvoiceVoided);
        const { sefazStatus, accessKey, protocol } = step.document;
        if (sefazStatus === 'AUTHORIZED' && accessKey && protocol) {
          authorised = { accessKey, protocol };
          throw new Rehearsed();
        }
      },
    );
    if (local.number === null || !numberVoidedOnCancel(local)) return local;
    await voidCancelledNumber(db, ctx, issuing, {
      invoiceId: id,
      series: local.series,
      number: local.number,
      reason,
    });
    return await getInvoice(db, id);
  } catch (error) {
    if (!(error instanceof Rehearsed) || !authorised) throw error;
  }

  // Kept before Fabril's part: a cancellation SEFAZ registered stays on record even if that part
  // fails (a bill paid meanwhile); "Cancelar" again is then answered 573 and completes it.
  const outcome = await sendInvoiceEvent(db, ctx, issuing, {
    invoiceId: id,
    kind: 'CANCEL',
    accessKey: authorised.accessKey,
    type: CANCEL_EVENT,
    sequence: CANCEL_SEQUENCE,
    detail: cancelDetail(authorised.protocol, reason),
  });
  const registered = outcome.statusCode !== null && CANCELLED_AT_SEFAZ.has(outcome.statusCode);
  const detail = await documentAction(
    db,
    ctx,
    invoiceDocument,
    { id, action: null },
    async (step) => {
      // Someone else's cancellation may have been recorded meanwhile: nothing more to do.
      if (registered && step.document.status === 'ISSUED') {
        await cancelHere(step, reason, issuing.onOrderInvoiceVoided);
      }
    },
  );
  if (registered) return detail;
  if (outcome.statusCode === null) {
    throw new AppError(
      502,
      ErrorCode.SEFAZ_NO_ANSWER,
      messages.invoices.cancelNoAnswer(outcome.message),
    );
  }
  throw new BusinessRuleError({
    code: ErrorCode.SEFAZ_REJECTED,
    message: messages.invoices.cancelRejected(outcome.statusCode, outcome.message),
  });
}

/** Rolls back phase 1's rehearsal of the cancellation of an authorised invoice. */
class Rehearsed extends Error {}

/**
 * The invoice cancelled in Fabril, in the caller's transaction:
 * 1. its open bills cancelled; one already paid refuses everything (409 PAID_BILLS: the payment is
 *    reversed first, in Contas a Receber / a Pagar);
 * 2. each of its stock movements reversed (today, at the value it had);
 * 3. CANCELLED with the reason and the time;
 * 4. its sales order told, when it has one (it goes back to owing those quantities, or refuses: a
 *    delivered order's goods come back by a devolução).
 */
async function cancelHere(
  step: DocumentStep<LockedInvoice>,
  reason: string,
  onOrderInvoiceCancelled: InvoiceCancelledHook | undefined,
) {
  const { id } = step;
  await cancelDocumentBills(step.trx, step.ctx, { type: 'INVOICE', id });
  for (const movement of await findInvoiceMovements(step.trx, id)) {
    if (!movement.reversed) await reverseMovement(step.trx, step.ctx, movement.id);
  }
  await moveDocument(step, invoiceDocument, 'cancel', {
    set: { cancelledAt: now(), cancelReason: reason },
    after: { reason },
  });
  const { requestedOrderId, number } = step.document;
  if (requestedOrderId !== null && onOrderInvoiceCancelled) {
    await onOrderInvoiceCancelled(step.trx, step.ctx, requestedOrderId, { id, number });
  }
}
