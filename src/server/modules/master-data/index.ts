/** What the server's entry points use of master data: its routes. */
export { masterDataRoutes } from './master-data.routes.js';
