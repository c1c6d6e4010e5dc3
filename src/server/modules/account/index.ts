/** What the server's entry points use of the account module: its routes. */
export { accountRoutes } from './account.routes.js';
