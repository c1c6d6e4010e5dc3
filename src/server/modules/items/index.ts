/** What the server's entry points use of products and feedstocks: their routes. */
export { itemsRoutes } from './items.routes.js';
