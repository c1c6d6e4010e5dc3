/** What the server uses of the sales orders (issue 19): the routes of Pedidos Recebidos. */
export { requestedOrdersRoutes } from './requested-orders.routes.js';
