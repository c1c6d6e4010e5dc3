/** What the server's entry points use of the dashboard: its routes. */
export { dashboardRoutes } from './dashboard.routes.js';
