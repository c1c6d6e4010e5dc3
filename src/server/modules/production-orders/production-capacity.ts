import { Decimal } from 'decimal.js';
import type { DbOrTrx } from '../../db/connection.js';
import { stockAt } from '../stock-movements/index.js';
import { billsOfMaterials } from './production-orders.repo.js';
import { producibleQuantity, type CapacityComponent } from './production-orders.rules.js';

/**
 * "Pode produzir" at a location for several products at once (a sales order's lines): per
 * product, the most a production order could be started for now from what is available there
 * of its materials — on hand less every order's reservation — by `producibleQuantity`; null for
 * a product without a bill of materials. One read of the bills of materials and one of the
 * stock, whatever the number of products.
 */
export async function productionCapacity(
  db: DbOrTrx,
  locationId: number,
  products: readonly { productId: number; unitDecimals: number }[],
): Promise<Map<number, string | null>> {
  const lines = await billsOfMaterials(
    db,
    products.map((product) => product.productId),
  );
  const bom = new Map<number, CapacityComponent[]>();
  for (const line of lines) bom.set(line.productId, [...(bom.get(line.productId) ?? []), line]);
  const feedstocks = [...new Set(lines.map((line) => line.feedstockId))];
  const stock = await stockAt(
    db,
    feedstocks.map((itemId) => ({ itemId, locationId })),
  );
  const available = new Map(
    feedstocks.map((itemId) => {
      const at = stock.get(`${itemId}:${locationId}`)!;
      return [itemId, new Decimal(at.onHand).minus(at.reserved).toFixed(3)];
    }),
  );
  return new Map(
    products.map(({ productId, unitDecimals }) => [
      productId,
      producibleQuantity(bom.get(productId) ?? [], available, unitDecimals),
    ]),
  );
}
