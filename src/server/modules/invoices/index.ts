/** What the server uses of the invoices (issue 18): the routes of Notas Fiscais. */
export { invoicesRoutes } from './invoices.routes.js';
