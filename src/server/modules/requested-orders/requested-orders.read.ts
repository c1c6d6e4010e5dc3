import {
  formatRequestedOrderNumber,
  type RequestedOrderAvailability,
  type RequestedOrderDetail,
  type RequestedOrderListQuery,
  type RequestedOrderPage,
  type RequestedOrderSummary,
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
 * Per line: what it holds, what was invoiced, the stock at the order's location and, for a
 * manufactured product, how much of it could be made there now (the bills of materials of all
 * the lines in one read).
 */
export async function requestedOrderAvailability(
  db: DbOrTrx,
  id: number,
): Promise<RequestedOrderAvailability> {
  const row = await findOrderWithNames(db, id);
  if (!row) throw new NotFoundError();
  const lines = await findLines(db, id);
  const manufactured = lines.filter((line) => line.productOrigin === 'MANUFACTURED');
  const [stock, capacity] = await Promise.all([
    stockAt(
      db,
      lines.map((line) => ({ itemId: line.productId, locationId: row.locationId })),
    ),
    productionCapacity(
      db,
      row.locationId,
      [...new Map(manufactured.map((line) => [line.productId, line])).values()].map((line) => ({
        productId: line.productId,
        unitDecimals: line.unitDecimals,
      })),
    ),
  ]);
  return {
    items: lines.map((line) => {
      const at = stock.get(`${line.productId}:${row.locationId}`)!;
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
        onHand: at.onHand,
        available: Decimal.max(0, new Decimal(at.onHand).minus(at.reserved)).toFixed(3),
        missing: missing.toFixed(3),
        canProduceNow: capacity.get(line.productId) ?? null,
      };
    }),
  };
}
