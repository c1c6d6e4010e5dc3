/** What the rest of the server uses of Consulta de Estoque: its routes and its below-minimum rule. */
export { stockItemsRoutes } from './stock-items.routes.js';
export { countItemsBelowMinimum } from './stock-items.repo.js';
