/** What the rest of the server uses of Consulta de Estoque: its routes. */
export { stockItemsRoutes } from './stock-items.routes.js';
