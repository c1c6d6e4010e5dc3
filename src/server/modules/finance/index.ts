/**
 * What the rest of the server uses of finance: the routes of the checking accounts' ledger and of
 * the finance reports, and (with the bills) what other modules call in their own transactions.
 */
export { accountEntriesRoutes } from './account-entries.routes.js';
