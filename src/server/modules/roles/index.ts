/**
 * What other modules and the server's entry points use of roles. Everything here but the routes
 * plugin works in the caller's transaction (or connection) and never opens one.
 */
export { rolesRoutes } from './roles.routes.js';
export { ensureAdminRole } from './roles.service.js';
