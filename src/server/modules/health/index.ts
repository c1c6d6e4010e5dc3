/** What the server's entry points use of the health module: its routes. */
export { healthRoutes } from './health.routes.js';
