import { messages } from '../../../shared/messages.js';
import type { InvoiceDetail } from '../../../shared/resources/invoices.js';
import { toast } from '../../lib/toast.js';

/**
 * What "Emitir", "Transmitir" and "Consultar" say once done: the request succeeds whatever SEFAZ
 * answered, so the toast tells its answer (the page shows the details under the action bar).
 */
export function announceSefazAnswer(invoice: Pick<InvoiceDetail, 'number' | 'sefazStatus'>) {
  const number = invoice.number ?? 0;
  switch (invoice.sefazStatus) {
    case 'AUTHORIZED':
      return toast.success(messages.invoices.authorized(number));
    case 'REJECTED':
      return toast.error(messages.invoices.rejected(number));
    case 'DENIED':
      return toast.error(messages.invoices.denied(number));
    case 'PENDING':
    case 'SENDING':
      return toast.warning(messages.invoices.pending(number));
    case 'NOT_SENT':
      return toast.warning(messages.invoices.notSent(number));
  }
}

/**
 * What "Cancelar" says once done: an invoice SEFAZ never authorised is cancelled whatever SEFAZ
 * answered its number's voiding, so the toast tells whether the number was voided too.
 */
export function announceCancellation(invoice: Pick<InvoiceDetail, 'number' | 'numberVoiding'>) {
  const number = invoice.number ?? 0;
  switch (invoice.numberVoiding?.state) {
    case 'VOIDED':
      return toast.success(messages.invoices.cancelledNumberVoided(number));
    case 'TO_VOID':
      return toast.warning(messages.invoices.cancelledNumberToVoid(number));
    default:
      return toast.success(messages.invoices.cancelled);
  }
}
