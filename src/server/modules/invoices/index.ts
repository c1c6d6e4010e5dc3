/**
 * What the server and other modules use of the invoices (issue 18): the routes of Notas Fiscais
 * and of its inutilização de numeração (issue 20),
 * and `createAndIssueInvoice`, which writes and issues an invoice in the caller's transaction (a
 * sales order's "Faturar"; it throws as "Emitir" does, and the caller's transaction must roll back).
 */
export { invoicesRoutes } from './invoices.routes.js';
export { voidNumbersRoutes } from './void-numbers.routes.js';
export { createAndIssueInvoice } from './issue-invoice.js';
export type { InvoiceInput } from './save-invoice.js';
