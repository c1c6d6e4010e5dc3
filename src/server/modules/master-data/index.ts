/**
 * What the server's entry points and other modules use of master data: its routes, and whether
 * any client exists (the dashboard's first steps).
 */
export { masterDataRoutes } from './master-data.routes.js';
export { hasClients } from './has-clients.js';
