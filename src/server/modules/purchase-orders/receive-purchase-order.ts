import { Decimal } from 'decimal.js';
import { fromUnits, toUnits } from '../../../shared/allocation.js';
import { ErrorCode, errorMessages, type OverReceiptDetail } from '../../../shared/error-codes.js';
import { quantityFitsUnit } from '../../../shared/fields.js';
import { messages } from '../../../shared/messages.js';
import { formatDecimal } from '../../../shared/money.js';
import { formatPlainDate, todayInSaoPaulo } from '../../../shared/plain-date.js';
import {
  formatPurchaseOrderNumber,
  type PurchaseOrderDetail,
  type PurchaseReceiptAudit,
  type PurchaseReceive,
} from '../../../shared/resources/purchase-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { documentAction, moveDocument, type DocumentStep } from '../../platform/document-action.js';
import { BusinessRuleError, ValidationError } from '../../platform/errors.js';
import { createBills } from '../finance/index.js';
import { referenceErrors } from '../master-data/index.js';
import { postMovements, reserveArrivalForOrder } from '../stock-movements/index.js';
import { purchaseOrderDocument } from './purchase-order.document.js';
import {
  addReceived,
  findLines,
  findSupplier,
  insertReceipt,
  lockOrder,
  receivedValues,
  type LineDbRow,
} from './purchase-orders.repo.js';
import {
  installmentsFor,
  landedUnitCost,
  landedValues,
  lineTotal,
  receiptLineValue,
  statusAfterReceipt,
} from './purchase-orders.rules.js';

/**
 * "Receber", one transaction of named steps: the order locked (a second receipt at once waits,
 * then sees what this one received) and its status guarded (409) by documentAction; then
 * validate (date, location, each line against what it still awaits: 422 OVER_RECEIPT listing
 * each line), value (each lot at its line's landed unit cost, exactly the cents it is billed),
 * post the IN movements, record the receipt and the lines' received quantities, create the bills
 * for the receipt's value, and advance the status with the audit entry. When any step throws,
 * nothing of the receipt remains.
 */
export function receivePurchaseOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  input: PurchaseReceive,
): Promise<PurchaseOrderDetail> {
  return documentAction(db, ctx, purchaseOrderDocument, { id, action: 'receive' }, async (step) => {
    const { locationId, lines, receiving } = await validate(step, input);
    const valued = await value(step, lines, receiving);
    const movementIds = await postStock(step, input, locationId, valued);
    await reserveForSalesOrder(step, locationId, valued);
    const receipt = await recordReceipt(step, input, locationId, valued, movementIds);
    await createReceiptBills(step, input, receipt.value);
    await advanceStatus(step, input, lines, valued, receipt);
  });
}

type Step = DocumentStep<NonNullable<Awaited<ReturnType<typeof lockOrder>>>>;
type ReceivingLine = { index: number; line: LineDbRow; quantity: string };
type ValuedLine = ReceivingLine & { value: string; unitCost: string };

/** The receipt's date and location, and the order lines its lines point at (400, 422). */
async function validate(step: Step, input: PurchaseReceive) {
  const { trx, document: order } = step;
  const today = todayInSaoPaulo();
  const fields: Record<string, string> = {};
  if (input.date > today) fields.date = messages.stock.futureDate;
  // Goods cannot arrive before they were ordered (the order's date, as the form saved it).
  else if (input.date < order.orderDate) {
    fields.date = messages.purchaseOrders.receiptBeforeOrder(formatPlainDate(order.orderDate));
  }
  if (input.locationId) {
    Object.assign(fields, await referenceErrors(trx, { locationId: input.locationId }, 'IN'));
  }
  if (Object.keys(fields).length) throw new ValidationError(fields);

  const lines = await findLines(trx, step.id);
  const receiving = resolveReceiptLines(input, lines);
  refuseOverReceipt(receiving);
  return { locationId: input.locationId ?? order.locationId, lines, receiving };
}

/** The order lines a receipt's lines point at, by line id or by item (400 per wrong line). */
function resolveReceiptLines(input: PurchaseReceive, lines: LineDbRow[]): ReceivingLine[] {
  const fields: Record<string, string> = {};
  const seen = new Set<number>();
  const resolved = input.lines.map((wanted, index) => {
    const at = `lines.${index}`;
    let line: LineDbRow | undefined;
    if (wanted.lineId !== null) {
      line = lines.find((candidate) => candidate.id === wanted.lineId);
      if (!line || (wanted.itemId !== null && line.itemId !== wanted.itemId)) {
        fields[`${at}.lineId`] = messages.purchaseOrders.lineNotInOrder;
        line = undefined;
      }
    } else {
      const matches = lines.filter((candidate) => candidate.itemId === wanted.itemId);
      if (matches.length === 0) fields[`${at}.itemId`] = messages.purchaseOrders.lineNotInOrder;
      else if (matches.length > 1) fields[`${at}.itemId`] = messages.purchaseOrders.ambiguousItem;
      else line = matches[0];
    }
    if (line) {
      if (seen.has(line.id)) {
        fields[`${at}.${wanted.lineId !== null ? 'lineId' : 'itemId'}`] =
          messages.purchaseOrders.repeatedLine;
      } else if (!quantityFitsUnit(wanted.quantity, line.unitDecimals)) {
        fields[`${at}.quantity`] = messages.tooManyUnitDecimals(line.unitDecimals);
      }
      seen.add(line.id);
    }
    return { index, line: line!, quantity: wanted.quantity };
  });
  if (Object.keys(fields).length) throw new ValidationError(fields);
  return resolved;
}

/** 422 OVER_RECEIPT when a line brings more than it still awaits, each such line on its field. */
function refuseOverReceipt(receiving: ReceivingLine[]): void {
  const over: OverReceiptDetail[] = [];
  for (const { index, line, quantity } of receiving) {
    const remaining = new Decimal(line.quantity).minus(line.receivedQuantity);
    if (new Decimal(quantity).greaterThan(remaining)) {
      over.push({
        index,
        lineId: line.id,
        itemId: line.itemId,
        item: line.itemName,
        ordered: new Decimal(line.quantity).toFixed(3),
        received: new Decimal(line.receivedQuantity).toFixed(3),
        quantity: new Decimal(quantity).toFixed(3),
        remaining: remaining.toFixed(3),
      });
    }
  }
  if (!over.length) return;
  const say = (detail: OverReceiptDetail) =>
    errorMessages.OVER_RECEIPT({
      item: detail.item,
      remaining: formatDecimal(detail.remaining, receiving[detail.index]!.line.unitDecimals),
    });
  throw new BusinessRuleError({
    code: ErrorCode.OVER_RECEIPT,
    message: say(over[0]!),
    fields: Object.fromEntries(
      over.map((detail) => [`lines.${detail.index}.quantity`, say(detail)]),
    ),
    details: over.map((detail) => ({ ...detail })),
  });
}

/**
 * Each lot at its line's landed unit cost, whatever its size, carrying exactly the cents it is
 * billed: the value is what the stock gains, the unit cost what the item's last purchase price
 * becomes. The landed value of every line of the order, less what earlier receipts took of it.
 */
async function value(step: Step, lines: LineDbRow[], receiving: ReceivingLine[]) {
  const { document: order } = step;
  const landed = landedValues(
    lines.map((line) => lineTotal(line.quantity, line.unitPrice)),
    order.freight,
    order.discount,
  );
  const landedOf = new Map(lines.map((line, index) => [line.id, landed[index]!]));
  const taken = await receivedValues(step.trx, step.id);
  return receiving.map((receipt): ValuedLine => {
    const lineLanded = landedOf.get(receipt.line.id)!;
    const value = receiptLineValue({
      landed: lineLanded,
      ordered: receipt.line.quantity,
      receivedBefore: receipt.line.receivedQuantity,
      valueBefore: taken.get(receipt.line.id) ?? '0.00',
      quantity: receipt.quantity,
    });
    return { ...receipt, value, unitCost: landedUnitCost(lineLanded, receipt.line.quantity) };
  });
}

/** The IN movements into the receipt's location; answers their ids in the lines' order. */
async function postStock(
  step: Step,
  input: PurchaseReceive,
  locationId: number,
  valued: ValuedLine[],
): Promise<number[]> {
  const number = formatPurchaseOrderNumber(step.document.number);
  const posted = await postMovements(
    step.trx,
    step.ctx,
    valued.map((line) => ({
      type: 'IN' as const,
      itemId: line.line.itemId,
      toLocationId: locationId,
      quantity: line.quantity,
      value: line.value,
      unitCost: line.unitCost,
      date: input.date,
      origin: { type: 'PURCHASE_ORDER' as const, id: step.id },
      notes: input.invoiceNumber ? `${number}, NF ${input.invoiceNumber}` : number,
      path: `lines.${line.index}`,
    })),
  );
  return posted.map((movement) => movement.id);
}

/**
 * Bought for a sales order ("Planejar produção" of its resale lines): what arrived is reserved for
 * it, as a production order's output is, so planning again does not buy it a second time.
 */
async function reserveForSalesOrder(step: Step, locationId: number, valued: ValuedLine[]) {
  const requestedOrderId = step.document.requestedOrderId;
  if (requestedOrderId === null) return;
  for (const itemId of new Set(valued.map((line) => line.line.itemId))) {
    await reserveArrivalForOrder(step.trx, { requestedOrderId, itemId, locationId });
  }
}

/** The receipt with its lines, and what each order line has now received. */
async function recordReceipt(
  step: Step,
  input: PurchaseReceive,
  locationId: number,
  valued: ValuedLine[],
  movementIds: number[],
) {
  const value = fromUnits(
    valued.reduce((sum, line) => sum + toUnits(line.value, 2), 0n),
    2,
  );
  const id = await insertReceipt(
    step.trx,
    {
      purchaseOrderId: step.id,
      date: input.date,
      invoiceNumber: input.invoiceNumber ?? null,
      locationId,
      value,
      createdBy: step.ctx.userId,
    },
    valued.map((line, index) => ({
      purchaseOrderItemId: line.line.id,
      quantity: line.quantity,
      value: line.value,
      unitCost: line.unitCost,
      movementId: movementIds[index]!,
    })),
  );
  await addReceived(
    step.trx,
    valued.map((line) => ({ lineId: line.line.id, quantity: line.quantity })),
  );
  return { id, value };
}

/** The bills to pay for what arrived, in the order's payment terms (none for a zero value). */
async function createReceiptBills(step: Step, input: PurchaseReceive, receiptValue: string) {
  if (toUnits(receiptValue, 2) <= 0n) return;
  const order = step.document;
  const supplier = await findSupplier(step.trx, order.supplierId);
  const number = formatPurchaseOrderNumber(order.number);
  await createBills(step.trx, step.ctx, {
    kind: 'PAY',
    supplierId: order.supplierId,
    origin: { type: 'PURCHASE_ORDER', id: step.id },
    description: messages.purchaseOrders.billDescription(number, supplier?.name ?? ''),
    documentNumber: input.invoiceNumber ?? null,
    issueDate: input.date,
    categoryId: order.categoryId,
    paymentMethodId: order.paymentMethodId,
    total: receiptValue,
    terms: {
      count: installmentsFor(receiptValue, order.installments),
      firstDueInDays: order.firstDueInDays,
      intervalDays: order.intervalDays,
    },
  });
}

/** RECEIVED when every line has arrived, else PARTIALLY_RECEIVED; audited with the receipt. */
async function advanceStatus(
  step: Step,
  input: PurchaseReceive,
  lines: LineDbRow[],
  valued: ValuedLine[],
  receipt: { id: number; value: string },
) {
  const received = new Map(valued.map((line) => [line.line.id, line.quantity]));
  const status = statusAfterReceipt(
    lines.map((line) => ({
      quantity: line.quantity,
      receivedQuantity: new Decimal(line.receivedQuantity)
        .plus(received.get(line.id) ?? '0')
        .toFixed(3),
    })),
  );
  const audit: PurchaseReceiptAudit = {
    id: receipt.id,
    date: input.date,
    invoiceNumber: input.invoiceNumber ?? null,
    lines: valued.length,
    value: receipt.value,
  };
  await moveDocument(step, purchaseOrderDocument, 'receive', { status, after: { receipt: audit } });
}
