import type { SefazSettings } from '../nfe/index.js';
import type { InvoiceCancelledHook } from './cancel-invoice.js';

/**
 * What issuing needs from the server (app.ts): the key the A1 is sealed with, how SEFAZ is reached
 * (NFE_SEFAZ_URL, NFE_CA_FILE, NFE_TIMEOUT_S; read at each call), and who is told when an
 * invoice of a sales order is given back (cancelled, or denied by SEFAZ).
 */
export interface InvoiceIssuing {
  certificateKey: Buffer;
  sefaz: SefazSettings;
  /** The sales orders' reopenForCancelledInvoice: a denied invoice gives its quantities back. */
  onOrderInvoiceVoided?: InvoiceCancelledHook;
  /** NFeRetAutorizacao4's pace for an asynchronous batch (tests shorten it). */
  pollDelayMs?: number;
}
