/**
 * What the server and other modules use of the invoices (issues 18 and 20): the routes of Notas
 * Fiscais, of its inutilização de numeração and of the NF-e contingency mode; `createAndSignInvoice`, which writes an invoice
 * and runs phase 1 of "Emitir" (number, signed XML, SENDING) in the caller's transaction (a sales
 * order's "Faturar"; it throws as "Emitir" does, and the caller's transaction must roll back); and
 * `sendToSefaz`, phases 2 and 3, which the caller runs once that transaction has committed.
 */
export { invoicesRoutes } from './invoices.routes.js';
export { voidNumbersRoutes } from './void-numbers.routes.js';
export { contingencyRoutes } from './contingency.routes.js';
export { createAndSignInvoice } from './issue-invoice.js';
export { sendToSefaz } from './send-to-sefaz.js';
export type { InvoiceIssuing } from './invoice-issuing.js';
export type { InvoiceInput } from './save-invoice.js';
