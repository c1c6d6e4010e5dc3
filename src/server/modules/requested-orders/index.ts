/**
 * What the server uses of the sales orders (issue 19): the routes of Pedidos Recebidos, and what
 * the invoices module is given (app.ts wires it, so neither module imports the other both ways)
 * to tell an order that one of its invoices was cancelled, and the orders at risk the dashboard
 * counts (the list's `atRisk` filter selects the same).
 */
export { findOrdersAtRisk } from './orders-at-risk.repo.js';
export { reopenForCancelledInvoice } from './move-requested-order.js';
export { requestedOrdersRoutes } from './requested-orders.routes.js';
