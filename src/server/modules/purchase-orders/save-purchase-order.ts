import { Decimal } from 'decimal.js';
import { quantityFitsUnit } from '../../../shared/fields.js';
import { messages } from '../../../shared/messages.js';
import {
  PURCHASE_ORDER_SEQUENCE,
  type PurchaseOrderCreate,
  type PurchaseOrderDetail,
  type PurchaseOrderUpdate,
} from '../../../shared/resources/purchase-orders.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import {
  auditCreated,
  deleteDocument,
  documentAction,
  saveDocument,
} from '../../platform/document-action.js';
import { ValidationError } from '../../platform/errors.js';
import { takeNumber } from '../../platform/numbering.js';
import { inTransaction } from '../../platform/transaction.js';
import { referenceErrors } from '../master-data/index.js';
import { purchaseOrderDocument } from './purchase-order.document.js';
import { getPurchaseOrder } from './purchase-orders.read.js';
import { findItems, findLines, insertOrder, orderLines } from './purchase-orders.repo.js';
import { discountFits, orderTotals } from './purchase-orders.rules.js';

/** Ordens de Compra: a new DRAFT, the edit of a DRAFT, its deletion. */

type OrderInput = Omit<PurchaseOrderCreate, 'items'> & {
  items: { id?: number | null; itemId: number; quantity: string; unitPrice?: string | null }[];
};

/**
 * Checks the header's references and the lines' items (every wrong field at once, 400) and
 * answers the lines with their prices (the item's last purchase price when none was sent) and
 * the order's total.
 */
async function checkOrder(trx: Trx, input: OrderInput) {
  const [fields, items] = await Promise.all([
    referenceErrors(
      trx,
      {
        supplierId: input.supplierId,
        locationId: input.locationId,
        paymentMethodId: input.paymentMethodId,
        categoryId: input.categoryId,
      },
      'OUT',
    ),
    findItems(
      trx,
      input.items.map((line) => line.itemId),
    ),
  ]);
  const lines = input.items.map((line, index) => {
    const at = `items.${index}`;
    const item = items.get(line.itemId);
    if (!item) fields[`${at}.itemId`] = messages.finance.notFound;
    else if (!(item.kind === 'FEEDSTOCK' || item.origin === 'RESALE')) {
      fields[`${at}.itemId`] = messages.purchaseOrders.notPurchasable;
    } else if (!item.active) fields[`${at}.itemId`] = messages.purchaseOrders.inactiveItem;
    else if (!quantityFitsUnit(line.quantity, item.unitDecimals)) {
      fields[`${at}.quantity`] = messages.tooManyUnitDecimals(item.unitDecimals);
    }
    const unitPrice = line.unitPrice ?? item?.lastPurchasePrice ?? null;
    if (item && unitPrice === null) fields[`${at}.unitPrice`] = messages.purchaseOrders.noPrice;
    return {
      id: line.id ?? null,
      itemId: line.itemId,
      quantity: line.quantity,
      unitPrice: unitPrice === null ? '0.0000' : new Decimal(unitPrice).toFixed(4),
    };
  });
  const totals = orderTotals(lines, input.freight, input.discount);
  if (!discountFits(totals.itemsTotal, input.discount)) {
    fields.discount = messages.purchaseOrders.discountTooLarge;
  }
  if (Object.keys(fields).length) throw new ValidationError(fields);
  return { lines, total: totals.total };
}

function headerValues(input: OrderInput) {
  return {
    supplierId: input.supplierId,
    orderDate: input.orderDate,
    expectedDate: input.expectedDate ?? null,
    locationId: input.locationId,
    paymentMethodId: input.paymentMethodId ?? null,
    categoryId: input.categoryId,
    installments: input.installments,
    firstDueInDays: input.firstDueInDays,
    intervalDays: input.intervalDays,
    freight: input.freight,
    discount: input.discount,
    notes: input.notes ?? null,
  };
}

/**
 * Writes a new DRAFT with its lines and number, audited, in the caller's transaction (a POST, or
 * the drafts from a shortage, which may be bought for a sales order); answers its id.
 */
export async function insertPurchaseOrder(
  trx: Trx,
  ctx: AuditContext,
  input: OrderInput,
  requestedOrderId: number | null = null,
): Promise<number> {
  const { lines, total } = await checkOrder(trx, input);
  // The number last, after every validation: its row stays locked until the transaction ends.
  const number = await takeNumber(trx, PURCHASE_ORDER_SEQUENCE);
  const id = await insertOrder(
    trx,
    {
      ...headerValues(input),
      requestedOrderId,
      number,
      total,
      createdBy: ctx.userId,
      updatedBy: ctx.userId,
    },
    lines,
  );
  await auditCreated(trx, ctx, purchaseOrderDocument, id);
  return id;
}

/** POST: a new DRAFT (lines with an `id` are refused: there is no line yet). */
export function createPurchaseOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  input: PurchaseOrderCreate,
): Promise<PurchaseOrderDetail> {
  return inTransaction(db, async (trx) => {
    const fields: Record<string, string> = {};
    input.items.forEach((line, index) => {
      if (line.id) fields[`items.${index}.id`] = messages.errors.lineNotInDocument;
    });
    if (Object.keys(fields).length) throw new ValidationError(fields);
    return getPurchaseOrder(trx, await insertPurchaseOrder(trx, ctx, input));
  });
}

/** PUT: only a DRAFT, with the version read; lines replaced by id. */
export function updatePurchaseOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  input: PurchaseOrderUpdate,
): Promise<PurchaseOrderDetail> {
  const target = { id, action: 'edit' as const, version: input.version };
  return documentAction(db, ctx, purchaseOrderDocument, target, async (step) => {
    // An existing line sent without a price keeps its own (the last purchase price is for new ones).
    const stored = new Map((await findLines(step.trx, id)).map((line) => [line.id, line]));
    const { lines, total } = await checkOrder(step.trx, {
      ...input,
      items: input.items.map((line) => {
        const current = line.id ? stored.get(line.id) : undefined;
        return line.unitPrice == null && current?.itemId === line.itemId
          ? { ...line, unitPrice: current.unitPrice }
          : line;
      }),
    });
    await saveDocument(step, purchaseOrderDocument, { ...headerValues(input), total }, [
      { lines: orderLines, inputs: lines },
    ]);
  });
}

/** DELETE: only a DRAFT (which has no receipts); its lines go with it. */
export function deletePurchaseOrder(db: DbOrTrx, ctx: AuditContext, id: number): Promise<void> {
  return deleteDocument(db, ctx, purchaseOrderDocument, id);
}
