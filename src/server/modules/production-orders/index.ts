/**
 * What the rest of the server uses of production orders: the routes, and what purchasing needs to
 * buy what an order is missing. `productionOrderShortages` reads, per material, what the order
 * still requires, what its source location has and what is missing (only the materials with
 * something missing); the web's "Comprar faltantes" sends those lines to
 * POST /purchase-orders/drafts. It takes any connection or transaction and writes nothing.
 * Sales orders plan production with `createProductionOrder` (linked to the order: its output is
 * reserved for it when completed) and read what is already planned with `openProductionForOrder`;
 * their availability says how much of each product could be made now (`productionCapacity`).
 */
import { Decimal } from 'decimal.js';
import type { ProductionOrderAvailabilityLine } from '../../../shared/resources/production-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import { productionOrderAvailability } from './production-orders.read.js';

export { productionOrdersRoutes } from './production-orders.routes.js';
export { createProductionOrder } from './save-production-order.js';
export { openProductionForOrder } from './production-orders.repo.js';
export { productionCapacity } from './production-capacity.js';

export async function productionOrderShortages(
  db: DbOrTrx,
  productionOrderId: number,
): Promise<ProductionOrderAvailabilityLine[]> {
  const { items } = await productionOrderAvailability(db, productionOrderId);
  return items.filter((line) => !new Decimal(line.missing).isZero());
}
