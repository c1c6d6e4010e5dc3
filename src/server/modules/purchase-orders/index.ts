/**
 * What the rest of the server uses of purchasing: the routes of Ordens de Compra. The drafts from
 * a shortage ("Comprar faltantes" of a production order) are reached by the web through
 * `POST /purchase-orders/drafts`.
 */
export { purchaseOrdersRoutes } from './purchase-orders.routes.js';
