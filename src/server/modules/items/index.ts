/**
 * What the server's entry points and other modules use of products and feedstocks: their routes,
 * and whether any product exists (the dashboard's first steps).
 */
export { itemsRoutes } from './items.routes.js';
export { hasProducts } from './items.service.js';
