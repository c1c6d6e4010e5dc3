import {
  formatRequestedOrderNumber,
  type RequestedOrderAvailability,
  type RequestedOrderDetail,
  type RequestedOrderListQuery,
  type RequestedOrderPage,
  type RequestedOrderSummary,
  type ProductStock,
} from '../../../shared/resources/requested-orders.js';
import { Decimal } from 'decimal.js';
import { formatProductionOrderNumber } from '../../../shared/resources/production-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import { NotFoundError } from '../../platform/errors.js';
import { productionCapacity } from '../production-orders/index.js';
import { purchaseOrdersOfSalesOrder } from '../purchase-orders/index.js';
import { stockAt } from '../stock-movements/index.js';
import {
  findLines,
  findOrderWithNames,
  findProductsForStock,
  linkedDocuments,
  listOrders,
  type OrderDbRow,
} from './requested-orders.repo.js';
import { orderMoney } from '../../../shared/requested-order-money.js';

/** Pedidos Recebidos as the screens read them: the list, an order with its lines, availability. */

export function requestedOrderSummary(row: OrderDbRow): RequestedOrderSummary {
  return {
    id: row.id,
    number: formatRequestedOrderNumber(row.number),
    clientId: row.clientId,
    clientName: row.clientName,
    orderDate: row.orderDate,
    deliveryDate: row.deliveryDate,
    locationId: row.locationId,
    locationName: row.locationName,
    fiscalOperationId: row.fiscalOperationId,
    paymentMethodId: row.paymentMethodId,
    paymentMethodName: row.paymentMethodName,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    installments: row.installments,
    firstDueInDays: row.firstDueInDays,
    intervalDays: row.intervalDays,
    freight: row.freight,
    discount: row.discount,
    total: row.total,
    notes: row.notes,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export async function listRequestedOrders(
  db: DbOrTrx,
  query: RequestedOrderListQuery,
): Promise<RequestedOrderPage> {
  const { rows, count, total } = await listOrders(db, query);
  return {
    items: rows.map(requestedOrderSummary),
    total: count,
    page: query.page,
    pageSize: query.pageSize,
    ...(query.totals ? { totals: { total: total ?? '0.00' } } : {}),
  };
}

export async function getRequestedOrder(db: DbOrTrx, id: number): Promise<RequestedOrderDetail> {
  const row = await findOrderWithNames(db, id);
  if (!row) throw new NotFoundError();
  const [lines, linked, purchases] = await Promise.all([
    findLines(db, id),
    linkedDocuments(db, id),
    purchaseOrdersOfSalesOrder(db, id),
  ]);
  const money = orderMoney(lines, row.discount, row.freight);
  return {
    ...requestedOrderSummary(row),
    invoices: linked.invoices,
    productionOrders: linked.productions.map((production) => ({
      ...production,
      number: formatProductionOrderNumber(production.number),
    })),
    purchaseOrders: purchases,
    itemsTotal: money.itemsTotal,
    items: lines.map((line, i) => ({
      ...line,
      lineTotal: money.lineTotals[i]!,
      orderDiscount: money.discountShares[i]!,
      freight: money.freightShares[i]!,
    })),
  };
}

/**
 * Where products stand at a location: on hand, free (on hand − every active reservation) and,
 * for a manufactured one, how much of it its bill of materials allows from the free materials
 * there now (the bills of all of them in one read).
 */
async function stockFigures(
  db: DbOrTrx,
  locationId: number,
  products: readonly { productId: number; origin: string | null; unitDecimals: number }[],
) {
  const distinct = [...new Map(products.map((product) => [product.productId, product])).values()];
  const [stock, capacity] = await Promise.all([
    stockAt(
      db,
      distinct.map((product) => ({ itemId: product.productId, locationId })),
    ),
    productionCapacity(
      db,
      locationId,
      distinct.filter((product) => product.origin === 'MANUFACTURED'),
    ),
  ]);
  return new Map(
    distinct.map(({ productId }) => {
      const at = stock.get(`${productId}:${locationId}`)!;
      return [
        productId,
        {
          onHand: at.onHand,
          available: Decimal.max(0, new Decimal(at.onHand).minus(at.reserved)).toFixed(3),
          canProduceNow: capacity.get(productId) ?? null,
        },
      ];
    }),
  );
}

/** Per line: what it holds, what was invoiced, and its product's stock figures at the location. */
export async function requestedOrderAvailability(
  db: DbOrTrx,
  id: number,
): Promise<RequestedOrderAvailability> {
  const row = await findOrderWithNames(db, id);
  if (!row) throw new NotFoundError();
  const lines = await findLines(db, id);
  const figures = await stockFigures(
    db,
    row.locationId,
    lines.map((line) => ({
      productId: line.productId,
      origin: line.productOrigin,
      unitDecimals: line.unitDecimals,
    })),
  );
  return {
    items: lines.map((line) => {
      const missing = Decimal.max(
        0,
        new Decimal(line.quantity).minus(line.invoicedQuantity).minus(line.reservedQuantity),
      );
      return {
        lineId: line.id,
        productId: line.productId,
        quantity: line.quantity,
        reservedQuantity: line.reservedQuantity,
        invoicedQuantity: line.invoicedQuantity,
        ...figures.get(line.productId)!,
        missing: missing.toFixed(3),
      };
    }),
  };
}

/** The order form's line panel: the products being ordered, at the location chosen. */
export async function productStock(
  db: DbOrTrx,
  locationId: number,
  productIds: readonly number[],
): Promise<ProductStock> {
  const products = await findProductsForStock(db, productIds);
  const figures = await stockFigures(
    db,
    locationId,
    products.map((product) => ({
      productId: product.id,
      origin: product.origin,
      unitDecimals: product.unitDecimals,
    })),
  );
  return {
    items: products.map((product) => ({ productId: product.id, ...figures.get(product.id)! })),
  };
}
