/**
 * "Buscar" (Ctrl+K, issue 21): `GET /search?q=`, one search over clients, suppliers, items, orders,
 * invoices and bills, each kind only for a user who may read it.
 */
export { searchRoutes } from './search.routes.js';
