import { messages } from '../../../shared/messages.js';
import type { RequestedOrderDetail } from '../../../shared/resources/requested-orders.js';

type Linked = Pick<RequestedOrderDetail, 'productionOrders' | 'purchaseOrders'>;

/**
 * What "Planejar produção" says it did: the production orders and purchase drafts it made are
 * the ones the order lists now and did not before, so an order of made products is not told of
 * purchases, and a second click hears that there was nothing to plan.
 */
export function planMessage(before: Linked, after: Linked): string {
  const made = after.productionOrders.length > before.productionOrders.length;
  const bought = after.purchaseOrders.length > before.purchaseOrders.length;
  const said = messages.requestedOrders.planned;
  if (made && bought) return said.both;
  if (made) return said.production;
  if (bought) return said.purchases;
  return said.nothing;
}
