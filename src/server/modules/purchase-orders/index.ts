/**
 * What the rest of the server uses of purchasing: the routes of Ordens de Compra; and what sales
 * orders need to buy the resale products they miss ("Planejar produção"): the drafts from a need
 * (`createDrafts` with `forSale`: linked to the order, delivered at its location), what the
 * orders bought for it still have to bring, per item, and those orders as its page lists them.
 * Each takes the caller's connection or transaction. The drafts from a production order's
 * shortage ("Comprar faltantes") are reached by the web through `POST /purchase-orders/drafts`.
 */
export { createDrafts, type ForSalesOrder } from './draft-purchase-orders.js';
export { purchaseOrdersOfSalesOrder } from './purchase-orders.read.js';
export { stillToArriveForSalesOrder } from './purchase-orders.repo.js';
export { purchaseOrdersRoutes } from './purchase-orders.routes.js';
