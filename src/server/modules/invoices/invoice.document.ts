import { INVOICES_PATH, invoiceMachine } from '../../../shared/resources/invoices.js';
import type { DocumentType } from '../../platform/document-action.js';
import { getInvoice } from './invoices.read.js';
import { invoiceLines, lockInvoice, type LockedInvoice } from './invoices.repo.js';

/** An invoice as the document action path knows it (platform/document-action.ts). */
export const invoiceDocument = {
  entity: INVOICES_PATH,
  table: 'invoices',
  machine: invoiceMachine,
  lock: lockInvoice,
  read: getInvoice,
  lines: [invoiceLines],
} satisfies DocumentType<
  keyof typeof invoiceMachine.statuses,
  keyof typeof invoiceMachine.transitions,
  LockedInvoice,
  Awaited<ReturnType<typeof getInvoice>>
>;
