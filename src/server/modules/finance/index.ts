/**
 * What the rest of the server uses of finance: the routes of Contas a Pagar / Contas a Receber,
 * of the checking accounts' ledger and of the finance reports, and what other modules call in
 * their own transactions.
 *
 * `createBills` writes the bills of a document (a purchase order received, an invoice issued):
 * one per installment of its payment terms, counted from the issue date, each audited. It works
 * in the caller's transaction and never opens one; when it throws (a wrong reference: 400 with
 * the field; a total below one cent per installment: 400 on `total`), the caller's transaction
 * must roll back (leave the error to propagate out of `inTransaction`). `cancelDocumentBills`
 * cancels the open bills of a cancelled document, or refuses (409 PAID_BILLS) when one is paid. Account entries are
 * written only by the finance module itself (payments, reversals, manual entries, transfers).
 */
export { billsRoutes } from './bills.routes.js';
export { cancelDocumentBills, createBills, type DocumentBillsInput } from './bills.service.js';
export { ledgerRoutes } from './ledger.routes.js';
export { cashFlow } from './cash-flow.service.js';
