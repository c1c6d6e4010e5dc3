import {
  invoiceCan,
  sefazStatusLabels,
  type InvoiceAction,
  type InvoiceStatus,
  type SefazStatus,
} from '../../../shared/resources/invoices.js';
import { invalidStatus } from '../../platform/transition.js';

/**
 * The part of an action's guard the status machine cannot say: where the invoice stands with
 * SEFAZ (invoiceCan). documentAction has checked the status; this refuses, with the same 409
 * INVALID_STATUS, a PENDING invoice sent again, an authorised one edited, and so on.
 */
export function guardSefaz(
  invoice: { status: InvoiceStatus; sefazStatus: SefazStatus },
  action: InvoiceAction,
): void {
  if (invoiceCan(invoice, action)) return;
  throw invalidStatus(
    { label: (status: SefazStatus) => `${sefazStatusLabels[status]} na SEFAZ` },
    invoice.sefazStatus,
  );
}
