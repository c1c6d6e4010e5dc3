import { Decimal } from 'decimal.js';
import { quantityFitsUnit } from '../../../shared/fields.js';
import { messages } from '../../../shared/messages.js';
import {
  REQUESTED_ORDER_SEQUENCE,
  type RequestedOrderCreate,
  type RequestedOrderDetail,
  type RequestedOrderUpdate,
} from '../../../shared/resources/requested-orders.js';
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
import { requestedOrderDocument } from './requested-order.document.js';
import { getRequestedOrder } from './requested-orders.read.js';
import {
  findLines,
  findOperation,
  findProducts,
  insertOrder,
  orderLines,
} from './requested-orders.repo.js';
import { orderMoney } from '../../../shared/requested-order-money.js';

/** Pedidos Recebidos: a new OPEN order, the edit of an OPEN one, its deletion. */

type OrderInput = Omit<RequestedOrderCreate, 'items'> & {
  items: {
    id?: number | null;
    productId: number;
    quantity: string;
    unitPrice?: string | null;
    discountPercent: string;
  }[];
};

/**
 * Checks the header's references and the lines' products (every wrong field at once, 400) and
 * answers the lines with their prices (the product's sale price when none was sent) and the total.
 */
async function checkOrder(trx: Trx, input: OrderInput) {
  const [fields, products, operation] = await Promise.all([
    referenceErrors(
      trx,
      {
        clientId: input.clientId,
        locationId: input.locationId,
        paymentMethodId: input.paymentMethodId,
        categoryId: input.categoryId,
      },
      'IN',
    ),
    findProducts(
      trx,
      input.items.map((line) => line.productId),
    ),
    input.fiscalOperationId ? findOperation(trx, input.fiscalOperationId) : undefined,
  ]);
  if (input.fiscalOperationId) {
    if (!operation) fields.fiscalOperationId = messages.finance.notFound;
    else if (!operation.active) fields.fiscalOperationId = messages.finance.inactive;
  }
  const lines = input.items.map((line, index) => {
    const at = `items.${index}`;
    const product = products.get(line.productId);
    if (!product) fields[`${at}.productId`] = messages.finance.notFound;
    else if (product.kind !== 'PRODUCT')
      fields[`${at}.productId`] = messages.requestedOrders.notSellable;
    else if (!product.active) fields[`${at}.productId`] = messages.requestedOrders.inactiveProduct;
    else if (!quantityFitsUnit(line.quantity, product.unitDecimals)) {
      fields[`${at}.quantity`] = messages.tooManyUnitDecimals(product.unitDecimals);
    }
    const unitPrice = line.unitPrice ?? product?.salePrice ?? null;
    if (product && unitPrice === null) fields[`${at}.unitPrice`] = messages.requestedOrders.noPrice;
    return {
      id: line.id ?? null,
      productId: line.productId,
      quantity: line.quantity,
      unitPrice: new Decimal(unitPrice ?? 0).toFixed(2),
      discountPercent: line.discountPercent,
    };
  });
  const money = orderMoney(lines, input.discount, input.freight);
  if (!money.discountFits) fields.discount = messages.requestedOrders.discountTooLarge;
  if (Object.keys(fields).length) throw new ValidationError(fields);
  return { lines, total: money.total };
}

function headerValues(input: OrderInput) {
  return {
    clientId: input.clientId,
    orderDate: input.orderDate,
    deliveryDate: input.deliveryDate ?? null,
    locationId: input.locationId,
    fiscalOperationId: input.fiscalOperationId ?? null,
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

/** POST: a new OPEN order (lines with an `id` are refused: there is no line yet). */
export function createRequestedOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  input: RequestedOrderCreate,
): Promise<RequestedOrderDetail> {
  return inTransaction(db, async (trx) => {
    const fields: Record<string, string> = {};
    input.items.forEach((line, index) => {
      if (line.id) fields[`items.${index}.id`] = messages.errors.lineNotInDocument;
    });
    if (Object.keys(fields).length) throw new ValidationError(fields);
    const { lines, total } = await checkOrder(trx, input);
    // The number last, after every validation: its row stays locked until the transaction ends.
    const number = await takeNumber(trx, REQUESTED_ORDER_SEQUENCE);
    const id = await insertOrder(
      trx,
      { ...headerValues(input), number, total, createdBy: ctx.userId, updatedBy: ctx.userId },
      lines,
    );
    await auditCreated(trx, ctx, requestedOrderDocument, id);
    return getRequestedOrder(trx, id);
  });
}

/** PUT: only an OPEN order, with the version read; lines replaced by id. */
export function updateRequestedOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  input: RequestedOrderUpdate,
): Promise<RequestedOrderDetail> {
  const target = { id, action: 'edit' as const, version: input.version };
  return documentAction(db, ctx, requestedOrderDocument, target, async (step) => {
    // An existing line sent without a price keeps its own.
    const stored = new Map((await findLines(step.trx, id)).map((line) => [line.id, line]));
    const { lines, total } = await checkOrder(step.trx, {
      ...input,
      items: input.items.map((line) => {
        const current = line.id ? stored.get(line.id) : undefined;
        return line.unitPrice == null && current?.productId === line.productId
          ? { ...line, unitPrice: current.unitPrice }
          : line;
      }),
    });
    await saveDocument(step, requestedOrderDocument, { ...headerValues(input), total }, [
      { lines: orderLines, inputs: lines },
    ]);
  });
}

/** DELETE: only an OPEN order (nothing reserved or invoiced yet); its lines go with it. */
export function deleteRequestedOrder(db: DbOrTrx, ctx: AuditContext, id: number): Promise<void> {
  return deleteDocument(db, ctx, requestedOrderDocument, id);
}
