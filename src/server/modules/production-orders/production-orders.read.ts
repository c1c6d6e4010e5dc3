import { Decimal } from 'decimal.js';
import {
  formatProductionOrderNumber,
  type ProductionOrderAvailability,
  type ProductionOrderDetail,
  type ProductionOrderListQuery,
  type ProductionOrderPage,
  type ProductionOrderSummary,
} from '../../../shared/resources/production-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import { NotFoundError } from '../../platform/errors.js';
import {
  balancesAt,
  findCosts,
  findMaterials,
  findOrderWithNames,
  listOrders,
  type OrderDbRow,
} from './production-orders.repo.js';
import { missingQuantity } from './production-orders.rules.js';

/** Ordens de Produção as the screens read them: the list, an order, what its materials have. */

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function productionOrderSummary(row: OrderDbRow): ProductionOrderSummary {
  return {
    id: row.id,
    number: formatProductionOrderNumber(row.number),
    sequence: row.number,
    productId: row.productId,
    productCode: row.productCode,
    productName: row.productName,
    unit: row.unit,
    unitDecimals: row.unitDecimals,
    quantity: row.quantity,
    plannedStart: row.plannedStart,
    plannedEnd: row.plannedEnd,
    sourceLocationId: row.sourceLocationId,
    sourceLocationName: row.sourceLocationName,
    targetLocationId: row.targetLocationId,
    targetLocationName: row.targetLocationName,
    requestedOrderId: row.requestedOrderId,
    notes: row.notes,
    status: row.status,
    producedQuantity: row.producedQuantity,
    completionDate: row.completionDate,
    materialsCost: row.materialsCost,
    outlaysCost: row.outlaysCost,
    totalCost: row.totalCost,
    unitCost: row.unitCost,
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    cancelledAt: iso(row.cancelledAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export async function listProductionOrders(
  db: DbOrTrx,
  query: ProductionOrderListQuery,
): Promise<ProductionOrderPage> {
  const { rows, total } = await listOrders(db, query);
  return {
    items: rows.map(productionOrderSummary),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** An order with its materials and costs. */
export async function getProductionOrder(db: DbOrTrx, id: number): Promise<ProductionOrderDetail> {
  const row = await findOrderWithNames(db, id);
  if (!row) throw new NotFoundError();
  const [materials, costs] = await Promise.all([findMaterials(db, id), findCosts(db, id)]);
  return { ...productionOrderSummary(row), materials, costs };
}

/**
 * What each material still needs (required − consumed), what the source location has and what is
 * missing (0 when enough), in the order's material order.
 */
export async function productionOrderAvailability(
  db: DbOrTrx,
  id: number,
): Promise<ProductionOrderAvailability> {
  const order = await findOrderWithNames(db, id);
  if (!order) throw new NotFoundError();
  const materials = await findMaterials(db, id);
  const balances = await balancesAt(
    db,
    order.sourceLocationId,
    materials.map((line) => line.feedstockId),
  );
  const items = materials.map((line) => {
    const required = missingQuantity(line.requiredQuantity, line.consumedQuantity);
    const available = missingQuantity(balances.get(line.feedstockId) ?? '0', '0');
    return {
      feedstockId: line.feedstockId,
      code: line.feedstockCode,
      name: line.feedstockName,
      unit: line.unit,
      unitDecimals: line.unitDecimals,
      required,
      available,
      missing: missingQuantity(required, available),
    };
  });
  return {
    locationId: order.sourceLocationId,
    locationName: order.sourceLocationName,
    sufficient: items.every((line) => new Decimal(line.missing).isZero()),
    items,
  };
}
