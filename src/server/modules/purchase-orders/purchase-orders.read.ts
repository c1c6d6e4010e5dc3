import { fromUnits, toUnits } from '../../../shared/allocation.js';
import {
  formatPurchaseOrderNumber,
  type PurchaseOrderDetail,
  type PurchaseOrderListQuery,
  type PurchaseOrderPage,
  type PurchaseOrderSummary,
} from '../../../shared/resources/purchase-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import { NotFoundError } from '../../platform/errors.js';
import {
  findLines,
  findOrderWithNames,
  findReceipts,
  listOrders,
  ordersForSalesOrder,
  type LineDbRow,
  type OrderDbRow,
} from './purchase-orders.repo.js';
import { lineTotal, pending } from './purchase-orders.rules.js';

/** Ordens de Compra as the screens read them: the list, and an order with its lines and receipts. */

export function purchaseOrderSummary(row: OrderDbRow): PurchaseOrderSummary {
  return {
    id: row.id,
    number: formatPurchaseOrderNumber(row.number),
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    orderDate: row.orderDate,
    expectedDate: row.expectedDate,
    locationId: row.locationId,
    locationName: row.locationName,
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

function lineToApi(line: LineDbRow) {
  return {
    ...line,
    lineTotal: lineTotal(line.quantity, line.unitPrice),
    pendingQuantity: pending(line.quantity, line.receivedQuantity),
  };
}

export async function listPurchaseOrders(
  db: DbOrTrx,
  query: PurchaseOrderListQuery,
): Promise<PurchaseOrderPage> {
  const { rows, count, total } = await listOrders(db, query);
  return {
    items: rows.map(purchaseOrderSummary),
    total: count,
    page: query.page,
    pageSize: query.pageSize,
    ...(query.totals ? { totals: { total: total ?? '0.00' } } : {}),
  };
}

/** The order's screen: header, lines and receipts. */
export async function getPurchaseOrder(db: DbOrTrx, id: number): Promise<PurchaseOrderDetail> {
  const row = await findOrderWithNames(db, id);
  if (!row) throw new NotFoundError();
  const [lines, { receipts, lines: receiptLines }] = await Promise.all([
    findLines(db, id),
    findReceipts(db, id),
  ]);
  const items = lines.map(lineToApi);
  const itemsTotal = fromUnits(
    items.reduce((sum, line) => sum + toUnits(line.lineTotal, 2), 0n),
    2,
  );
  const receivedValue = fromUnits(
    receipts.reduce((sum, receipt) => sum + toUnits(receipt.value, 2), 0n),
    2,
  );
  return {
    ...purchaseOrderSummary(row),
    itemsTotal,
    receivedValue,
    items,
    receipts: receipts.map((receipt) => ({
      ...receipt,
      createdAt: receipt.createdAt.toISOString(),
      lines: receiptLines
        .filter((line) => line.receiptId === receipt.id)
        .map(({ receiptId: _receiptId, ...line }) => line),
    })),
  };
}

// ---- Create and edit -----------------------------------------------------------------------

/** The purchase orders bought for a sales order, as its page lists them ("OC-000042"). */
export async function purchaseOrdersOfSalesOrder(db: DbOrTrx, requestedOrderId: number) {
  const rows = await ordersForSalesOrder(db, requestedOrderId);
  return rows.map((row) => ({ ...row, number: formatPurchaseOrderNumber(row.number) }));
}
