/**
 * What the rest of the server uses of purchasing: the routes of Ordens de Compra. The drafts from
 * a shortage ("Comprar faltantes" of a production order) are reached by the web through
 * `POST /purchase-orders/drafts`; `createDrafts` is exported for a module that would build them
 * in its own transaction (it reuses the caller's, see platform/transaction.ts).
 */
export { purchaseOrdersRoutes } from './purchase-orders.routes.js';
export { createDrafts } from './draft-purchase-orders.js';
