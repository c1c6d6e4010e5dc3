/**
 * What the rest of the server uses of the stock ledger. Other modules post and reverse through
 * functions that work in the caller's transaction and never open one, so that receiving a purchase
 * order or finishing a production order posts its movements in the same transaction as the rest
 * of the use case. They lock the items' rows (id order) and then the balances (item, location
 * order): call them before locking any item row yourself, or two use cases may each hold an item
 * the other waits for. When they throw, the caller's transaction must roll back (leave the error
 * to propagate out of `inTransaction`). `onHand` reads an item's stock over all locations, for the
 * screens that show it beside the item. Sales orders reserve stock through `reserveLines` (under
 * the same item locks; a posting then refuses reserved units with 422 STOCK_RESERVED unless they
 * are its own order's, `postMovements(…, { reservationsOf })`) and `releaseReservations`; goods
 * made or bought for an order are reserved for it as they arrive (`reserveArrivalForOrder`).
 */
export {
  postMovements,
  reverseMovement,
  type MovementInput,
  type MovementOrigin,
  type StockMovement,
} from './stock-movements.posting.js';
export { onHand } from './stock-movements.repo.js';
export {
  consumeReservations,
  releaseReservations,
  reservationsOfLines,
  reserveArrivalForOrder,
  reserveLines,
  stockAt,
  type ReservationWanted,
} from './stock-reservations.js';
export { stockMovementsRoutes } from './stock-movements.routes.js';
