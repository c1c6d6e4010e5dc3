import { Decimal } from 'decimal.js';
import { fromUnits, toUnits } from '../../../shared/allocation.js';
import { ErrorCode, errorMessages, type OverReceiptDetail } from '../../../shared/error-codes.js';
import { formatPlainDate, todayInSaoPaulo } from '../../../shared/plain-date.js';
import { quantityFitsUnit } from '../../../shared/fields.js';
import { messages } from '../../../shared/messages.js';
import { formatDecimal } from '../../../shared/money.js';
import {
  formatPurchaseOrderNumber,
  PURCHASE_ORDER_SEQUENCE,
  PURCHASE_ORDERS_PATH,
  purchaseOrderMachine,
  type ItemWithoutSupplierDetail,
  type PurchaseOrderAction,
  type PurchaseOrderCreate,
  type PurchaseOrderDraftsInput,
  type PurchaseOrderListQuery,
  type PurchaseOrderPage,
  type PurchaseOrderDetail,
  type PurchaseOrderStatus,
  type PurchaseOrderSummary,
  type PurchaseOrderUpdate,
  type PurchaseReceiptAudit,
  type PurchaseReceive,
} from '../../../shared/resources/purchase-orders.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import { recordAudit, type AuditContext } from '../../platform/audit.js';
import { updateWithLines } from '../../platform/document-lines.js';
import {
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  ValidationError,
} from '../../platform/errors.js';
import { takeNumber } from '../../platform/numbering.js';
import { inTransaction } from '../../platform/transaction.js';
import { transition } from '../../platform/transition.js';
import { createBills } from '../finance/index.js';
import { postMovements, type MovementInput } from '../stock-movements/index.js';
import {
  findCategory,
  findDefaultLocation,
  findExpenseCategory,
  findItems,
  findLines,
  findLocation,
  findOrderWithNames,
  findPaymentMethod,
  findReceipts,
  findSupplier,
  addReceived,
  listOrders,
  lockOrder,
  orderLines,
  orderRepository,
  receivedValues,
  type LineDbRow,
  type OrderDbRow,
} from './purchase-orders.repo.js';
import {
  ceilToUnit,
  discountFits,
  installmentsFor,
  landedValues,
  lineTotal,
  orderTotals,
  pending,
  landedUnitCost,
  receiptLineValue,
  statusAfterReceipt,
} from './purchase-orders.rules.js';

/**
 * Ordens de Compra: one function per use case, each `inTransaction → lock → guard → mutate →
 * audit → output`. A receipt crosses modules in its one transaction: the IN movements through
 * stock-movements' postMovements and the bills through finance's createBills; when either throws,
 * nothing of the receipt remains.
 */

const ENTITY = PURCHASE_ORDERS_PATH;

export function summaryToApi(row: OrderDbRow): PurchaseOrderSummary {
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
    items: rows.map(summaryToApi),
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
    ...summaryToApi(row),
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

type OrderInput = Omit<PurchaseOrderCreate, 'items'> & {
  items: { id?: number | null; itemId: number; quantity: string; unitPrice?: string | null }[];
};

/**
 * Checks the header's references and the lines' items (every wrong field at once, 400) and
 * answers the lines with their prices (the item's last purchase price when none was sent) and
 * the order's total.
 */
async function checkOrder(trx: Trx, input: OrderInput) {
  const fields: Record<string, string> = {};
  const [supplier, location, method, category, items] = await Promise.all([
    findSupplier(trx, input.supplierId),
    findLocation(trx, input.locationId),
    input.paymentMethodId ? findPaymentMethod(trx, input.paymentMethodId) : undefined,
    findCategory(trx, input.categoryId),
    findItems(
      trx,
      input.items.map((line) => line.itemId),
    ),
  ]);
  if (!supplier) fields.supplierId = messages.finance.notFound;
  else if (!supplier.active) fields.supplierId = messages.finance.inactive;
  if (!location) fields.locationId = messages.finance.notFound;
  else if (!location.active) fields.locationId = messages.finance.inactive;
  if (input.paymentMethodId) {
    if (!method) fields.paymentMethodId = messages.finance.notFound;
    else if (!method.active) fields.paymentMethodId = messages.finance.inactive;
    else if (method.usage !== 'PAY' && method.usage !== 'BOTH') {
      fields.paymentMethodId = messages.finance.methodOfOtherUsage('pagamento');
    }
  }
  if (!category) fields.categoryId = messages.finance.notFound;
  else if (!category.active) fields.categoryId = messages.finance.inactive;
  else if (category.kind !== 'EXPENSE') {
    fields.categoryId = messages.finance.categoryOfOtherKind('despesa');
  }

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

/** Writes a new DRAFT with its lines and number, audited; in the caller's transaction. */
async function insertOrder(trx: Trx, ctx: AuditContext, input: OrderInput) {
  const { lines, total } = await checkOrder(trx, input);
  // The number last, after every validation: its row stays locked until the transaction ends.
  const number = await takeNumber(trx, PURCHASE_ORDER_SEQUENCE);
  const { id } = await trx
    .insertInto('purchaseOrders')
    .values({
      ...headerValues(input),
      number,
      total,
      createdBy: ctx.userId,
      updatedBy: ctx.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (lines.length) {
    await trx
      .insertInto('purchaseOrderItems')
      .values(
        lines.map((line, index) => ({
          purchaseOrderId: id,
          itemId: line.itemId,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          position: index + 1,
        })),
      )
      .execute();
  }
  const after = await getPurchaseOrder(trx, id);
  await recordAudit(trx, ctx, { entity: ENTITY, entityId: id, action: 'create', after });
  return after;
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
    return insertOrder(trx, ctx, input);
  });
}

const invalidStatus = (status: PurchaseOrderStatus) =>
  new ConflictError(
    errorMessages.INVALID_STATUS(purchaseOrderMachine.label(status)),
    ErrorCode.INVALID_STATUS,
  );

/** Locks the order and checks that `action` is allowed from its status (404, 409). */
async function lockFor(trx: Trx, id: number, action: PurchaseOrderAction) {
  const order = await lockOrder(trx, id);
  if (!order) throw new NotFoundError();
  if (!purchaseOrderMachine.can(order.status, action)) throw invalidStatus(order.status);
  return order;
}

/** The order without its lines and receipts: what an update's audit compares (lines apart). */
function headerOf(order: PurchaseOrderDetail): Partial<PurchaseOrderDetail> {
  const header: Partial<PurchaseOrderDetail> = { ...order };
  delete header.items;
  delete header.receipts;
  return header;
}

/** PUT: only a DRAFT, with the version read; lines replaced by id. */
export function updatePurchaseOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  input: PurchaseOrderUpdate,
): Promise<PurchaseOrderDetail> {
  return inTransaction(db, async (trx) => {
    await lockFor(trx, id, 'edit');
    const before = await getPurchaseOrder(trx, id);
    // An existing line sent without a price keeps its own (the last purchase price is for new ones).
    const stored = new Map(before.items.map((line) => [line.id, line]));
    const { lines, total } = await checkOrder(trx, {
      ...input,
      items: input.items.map((line) => {
        const current = line.id ? stored.get(line.id) : undefined;
        return line.unitPrice == null && current?.itemId === line.itemId
          ? { ...line, unitPrice: current.unitPrice }
          : line;
      }),
    });
    const saved = await updateWithLines(trx, {
      repo: orderRepository,
      id,
      version: input.version,
      values: { ...headerValues(input), total },
      userId: ctx.userId,
      lines: [{ lines: orderLines, inputs: lines }],
    });
    const after = await getPurchaseOrder(trx, id);
    await recordAudit(trx, ctx, {
      entity: ENTITY,
      entityId: id,
      action: 'update',
      before: headerOf(before),
      after: headerOf(after),
      lines: saved.lines,
    });
    return after;
  });
}

/** DELETE: only a DRAFT (which has no receipts); its lines go with it. */
export function deletePurchaseOrder(db: DbOrTrx, ctx: AuditContext, id: number): Promise<void> {
  return inTransaction(db, async (trx) => {
    await lockFor(trx, id, 'delete');
    const before = await getPurchaseOrder(trx, id);
    await trx.deleteFrom('purchaseOrders').where('id', '=', id).execute();
    await recordAudit(trx, ctx, {
      entity: ENTITY,
      entityId: id,
      action: 'delete',
      before: { ...headerOf(before), items: before.items },
    });
  });
}

// ---- Actions -------------------------------------------------------------------------------

/** An action that only moves the status (approve, close, cancel), guarded and audited. */
async function simpleAction(
  trx: Trx,
  ctx: AuditContext,
  id: number,
  action: 'approve' | 'close' | 'cancel',
): Promise<PurchaseOrderDetail> {
  const { previousStatus } = await transition(trx, {
    table: 'purchaseOrders',
    id,
    machine: purchaseOrderMachine,
    action,
    userId: ctx.userId,
  });
  const after = await getPurchaseOrder(trx, id);
  await recordAudit(trx, ctx, {
    entity: ENTITY,
    entityId: id,
    action,
    before: { status: previousStatus },
    after: { status: after.status },
  });
  return after;
}

/** "Aprovar": a DRAFT with at least one line and a total above zero (422 otherwise). */
export function approvePurchaseOrder(db: DbOrTrx, ctx: AuditContext, id: number) {
  return inTransaction(db, async (trx) => {
    const order = await lockFor(trx, id, 'approve');
    const lines = await findLines(trx, id);
    if (lines.length === 0 || toUnits(order.total, 2) <= 0n) {
      throw new BusinessRuleError(messages.purchaseOrders.approveNeedsLines);
    }
    return simpleAction(trx, ctx, id, 'approve');
  });
}

/** "Encerrar": a partially received order stops waiting for the rest. */
export function closePurchaseOrder(db: DbOrTrx, ctx: AuditContext, id: number) {
  return inTransaction(db, (trx) => simpleAction(trx, ctx, id, 'close'));
}

/** "Cancelar": a DRAFT or an APPROVED order (nothing received). */
export function cancelPurchaseOrder(db: DbOrTrx, ctx: AuditContext, id: number) {
  return inTransaction(db, (trx) => simpleAction(trx, ctx, id, 'cancel'));
}

/** The order lines a receipt's lines point at, by line id or by item (400 per wrong line). */
function resolveReceiptLines(input: PurchaseReceive, lines: LineDbRow[]) {
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

/**
 * "Receber", in one transaction: the order locked (a second receipt at once waits, then sees
 * what this one received), its status guarded (409), every line checked against what it still
 * awaits (422 OVER_RECEIPT listing each line), then the IN movements at the landed unit costs,
 * the receipt, the lines' received quantities, the bills for the receipt's value, the new status
 * and the audit entry.
 */
export function receivePurchaseOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  input: PurchaseReceive,
): Promise<PurchaseOrderDetail> {
  return inTransaction(db, async (trx) => {
    const order = await lockFor(trx, id, 'receive');
    const today = todayInSaoPaulo();
    const fields: Record<string, string> = {};
    if (input.date > today) fields.date = messages.stock.futureDate;
    // Goods cannot arrive before they were ordered (the order's date, as the form saved it).
    else if (input.date < order.orderDate) {
      fields.date = messages.purchaseOrders.receiptBeforeOrder(formatPlainDate(order.orderDate));
    }
    const locationId = input.locationId ?? order.locationId;
    if (input.locationId) {
      const location = await findLocation(trx, input.locationId);
      if (!location) fields.locationId = messages.finance.notFound;
      else if (!location.active) fields.locationId = messages.finance.inactive;
    }
    if (Object.keys(fields).length) throw new ValidationError(fields);

    const lines = await findLines(trx, id);
    const receiving = resolveReceiptLines(input, lines);
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
    if (over.length) {
      const first = over[0]!;
      const decimals = receiving[first.index]!.line.unitDecimals;
      throw new BusinessRuleError({
        code: ErrorCode.OVER_RECEIPT,
        message: errorMessages.OVER_RECEIPT({
          item: first.item,
          remaining: formatDecimal(first.remaining, decimals),
        }),
        fields: Object.fromEntries(
          over.map((detail) => [
            `lines.${detail.index}.quantity`,
            errorMessages.OVER_RECEIPT({
              item: detail.item,
              remaining: formatDecimal(
                detail.remaining,
                receiving[detail.index]!.line.unitDecimals,
              ),
            }),
          ]),
        ),
        details: over.map((detail) => ({ ...detail })),
      });
    }

    // The landed value of every line of the order, and what earlier receipts took of each.
    const landed = landedValues(
      lines.map((line) => lineTotal(line.quantity, line.unitPrice)),
      order.freight,
      order.discount,
    );
    const landedOf = new Map(lines.map((line, index) => [line.id, landed[index]!]));
    const taken = await receivedValues(trx, id);
    // A lot enters stock at its line's landed unit cost, whatever its size, carrying exactly the
    // cents it is billed: the value is what the stock gains, the unit cost what the item's last
    // purchase price becomes.
    const valued = receiving.map((receipt) => {
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
    const receiptValue = fromUnits(
      valued.reduce((sum, line) => sum + toUnits(line.value, 2), 0n),
      2,
    );
    const number = formatPurchaseOrderNumber(order.number);

    const movements: MovementInput[] = valued.map((line) => ({
      type: 'IN',
      itemId: line.line.itemId,
      toLocationId: locationId,
      quantity: line.quantity,
      value: line.value,
      unitCost: line.unitCost,
      date: input.date,
      origin: { type: 'PURCHASE_ORDER', id },
      notes: input.invoiceNumber ? `${number}, NF ${input.invoiceNumber}` : number,
      path: `lines.${line.index}`,
    }));
    const posted = await postMovements(trx, ctx, movements);

    const receipt = await trx
      .insertInto('purchaseReceipts')
      .values({
        purchaseOrderId: id,
        date: input.date,
        invoiceNumber: input.invoiceNumber ?? null,
        locationId,
        value: receiptValue,
        createdBy: ctx.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('purchaseReceiptItems')
      .values(
        valued.map((line, index) => ({
          purchaseReceiptId: receipt.id,
          purchaseOrderItemId: line.line.id,
          quantity: line.quantity,
          value: line.value,
          unitCost: line.unitCost,
          movementId: posted[index]!.id,
        })),
      )
      .execute();
    await addReceived(
      trx,
      valued.map((line) => ({ lineId: line.line.id, quantity: line.quantity })),
    );

    if (toUnits(receiptValue, 2) > 0n) {
      const supplier = await findSupplier(trx, order.supplierId);
      await createBills(trx, ctx, {
        kind: 'PAY',
        supplierId: order.supplierId,
        origin: { type: 'PURCHASE_ORDER', id },
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

    const received = new Map(valued.map((line) => [line.line.id, line.quantity]));
    const status = statusAfterReceipt(
      lines.map((line) => ({
        quantity: line.quantity,
        receivedQuantity: new Decimal(line.receivedQuantity)
          .plus(received.get(line.id) ?? '0')
          .toFixed(3),
      })),
    );
    await trx
      .updateTable('purchaseOrders')
      .set((eb) => ({
        status,
        version: eb('version', '+', 1),
        updatedAt: new Date(),
        updatedBy: ctx.userId,
      }))
      .where('id', '=', id)
      .execute();

    const audit: PurchaseReceiptAudit = {
      id: receipt.id,
      date: input.date,
      invoiceNumber: input.invoiceNumber ?? null,
      lines: valued.length,
      value: receiptValue,
    };
    await recordAudit(trx, ctx, {
      entity: ENTITY,
      entityId: id,
      action: 'receive',
      before: { status: order.status },
      after: { status, receipt: audit },
    });
    return getPurchaseOrder(trx, id);
  });
}

// ---- Drafts from a shortage ----------------------------------------------------------------

/**
 * "Comprar" / "Comprar faltantes": one DRAFT per default supplier of the items, in the order the
 * suppliers first appear; each line at the item's last purchase price (its average cost when it
 * was never bought), its quantity rounded up to the unit's decimals; the default stock location;
 * the EXPENSE category "Matéria-prima" (else the first active one). Items without a default
 * supplier answer 422 listing them, and nothing is created.
 */
export function createDrafts(
  db: DbOrTrx,
  ctx: AuditContext,
  input: PurchaseOrderDraftsInput,
): Promise<{ items: PurchaseOrderDetail[] }> {
  return inTransaction(db, async (trx) => {
    const lines = input.lines as { itemId: number; quantity: string }[];
    const items = await findItems(
      trx,
      lines.map((line) => line.itemId),
    );
    const fields: Record<string, string> = {};
    const without: ItemWithoutSupplierDetail[] = [];
    lines.forEach((line, index) => {
      const item = items.get(line.itemId);
      if (!item) fields[`lines.${index}.itemId`] = messages.finance.notFound;
      else if (!(item.kind === 'FEEDSTOCK' || item.origin === 'RESALE')) {
        fields[`lines.${index}.itemId`] = messages.purchaseOrders.notPurchasable;
      } else if (!item.active)
        fields[`lines.${index}.itemId`] = messages.purchaseOrders.inactiveItem;
      else if (
        item.defaultSupplierId === null &&
        !without.some((each) => each.itemId === item.id)
      ) {
        without.push({ itemId: item.id, itemCode: item.code, itemName: item.name });
      }
    });
    if (Object.keys(fields).length) throw new ValidationError(fields);
    if (without.length) {
      throw new BusinessRuleError({
        code: ErrorCode.BUSINESS_RULE,
        message: messages.purchaseOrders.noDefaultSupplier(
          without.map((each) => each.itemName).join(', '),
        ),
        details: without.map((each) => ({ ...each })),
      });
    }
    const location = await findDefaultLocation(trx);
    if (!location) throw new BusinessRuleError(messages.purchaseOrders.noDefaultLocation);
    const category = await findExpenseCategory(trx, messages.purchaseOrders.rawMaterialCategory);
    if (!category) throw new BusinessRuleError(messages.purchaseOrders.noExpenseCategory);

    // Grouped by supplier in first-appearance order; the same item twice is one line.
    const groups = new Map<number, Map<number, Decimal>>();
    for (const line of lines) {
      const item = items.get(line.itemId)!;
      const group = groups.get(item.defaultSupplierId!) ?? new Map<number, Decimal>();
      groups.set(item.defaultSupplierId!, group);
      group.set(item.id, (group.get(item.id) ?? new Decimal(0)).plus(line.quantity));
    }
    const today = todayInSaoPaulo();
    const created: PurchaseOrderDetail[] = [];
    for (const [supplierId, group] of groups) {
      created.push(
        await insertOrder(trx, ctx, {
          supplierId,
          orderDate: today,
          expectedDate: null,
          locationId: location.id,
          paymentMethodId: null,
          categoryId: category.id,
          installments: 1,
          firstDueInDays: 30,
          intervalDays: 30,
          freight: '0.00',
          discount: '0.00',
          notes: null,
          items: [...group].map(([itemId, quantity]) => {
            const item = items.get(itemId)!;
            return {
              itemId,
              quantity: ceilToUnit(quantity.toFixed(3), item.unitDecimals),
              unitPrice: new Decimal(item.lastPurchasePrice ?? item.averageCost).toFixed(4),
            };
          }),
        }),
      );
    }
    return { items: created };
  });
}
