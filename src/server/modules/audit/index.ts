/** What the server's entry points use of the audit module: its routes. */
export { auditRoutes } from './audit.routes.js';
