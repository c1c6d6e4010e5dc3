import { Decimal } from 'decimal.js';
import { sql } from 'kysely';
import { ErrorCode, errorMessages } from '../../../shared/error-codes.js';
import { quantityFitsUnit } from '../../../shared/fields.js';
import { messages } from '../../../shared/messages.js';
import { formatDecimal } from '../../../shared/money.js';
import {
  rescaledCost,
  rescaledRequired,
  sameDecimal,
} from '../../../shared/resources/production-order-rescale.js';
import {
  productionOrderMachine,
  formatProductionOrderNumber,
  PRODUCTION_ORDERS_PATH,
  PRODUCTION_ORDER_SEQUENCE,
  type ProductionOrderAction,
  type ProductionOrderAvailability,
  type ProductionOrderComplete,
  type ProductionOrderCreate,
  type ProductionOrderDetail,
  type ProductionOrderListQuery,
  type ProductionOrderPage,
  type ProductionOrderSummary,
  type ProductionOrderStatus,
  type ProductionOrderUpdate,
} from '../../../shared/resources/production-orders.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import { recordAudit, type AuditContext } from '../../platform/audit.js';
import { updateWithLines } from '../../platform/document-lines.js';
import {
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  StaleVersionError,
  ValidationError,
} from '../../platform/errors.js';
import { takeNumber } from '../../platform/numbering.js';
import { inTransaction } from '../../platform/transaction.js';
import { transition } from '../../platform/transition.js';
import { productionTolerancePercent } from '../company/index.js';
import { postMovements, reverseMovement } from '../stock-movements/index.js';
import {
  balancesAt,
  billOfMaterials,
  clearConsumption,
  costLines,
  existingOutlays,
  findCosts,
  findMaterials,
  findOrderWithNames,
  findProduct,
  insertCosts,
  insertMaterials,
  insertOrder,
  itemsOf,
  listOrders,
  locationsOf,
  lockOrder,
  materialLines,
  orderRepository,
  productOutlays,
  recordConsumption,
  unreversedOutflows,
  type CostDbRow,
  type MaterialDbRow,
  type OrderDbRow,
} from './production-orders.repo.js';
import {
  costBreakdown,
  costValue,
  maximumProduced,
  missingQuantity,
  requiredQuantity,
} from './production-orders.rules.js';

/**
 * Ordens de Produção: the list, an order, its creation from the product's bill of materials, the
 * edit of a PLANNED one, and the actions. Each action locks the order's row first and moves its
 * status through the shared machine's conditional UPDATE (a repeated or concurrent action: 409),
 * then posts its stock movements through stock-movements/index.ts in the same transaction.
 */

const ENTITY = PRODUCTION_ORDERS_PATH;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toApi(row: OrderDbRow): ProductionOrderSummary {
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

const materialToApi = (row: MaterialDbRow) => ({ ...row });
const costToApi = (row: CostDbRow) => ({ ...row });

export async function listProductionOrders(
  db: DbOrTrx,
  query: ProductionOrderListQuery,
): Promise<ProductionOrderPage> {
  const { rows, total } = await listOrders(db, query);
  return { items: rows.map(toApi), total, page: query.page, pageSize: query.pageSize };
}

/** An order with its materials and costs. */
export async function getProductionOrder(db: DbOrTrx, id: number): Promise<ProductionOrderDetail> {
  const row = await findOrderWithNames(db, id);
  if (!row) throw new NotFoundError();
  const [materials, costs] = await Promise.all([findMaterials(db, id), findCosts(db, id)]);
  return { ...toApi(row), materials: materials.map(materialToApi), costs: costs.map(costToApi) };
}

const invalidStatus = (status: ProductionOrderStatus) =>
  new ConflictError(
    errorMessages.INVALID_STATUS(productionOrderMachine.label(status)),
    ErrorCode.INVALID_STATUS,
  );

/** 404 without the order, 409 when `action` is not allowed from its status; the row locked. */
async function lockFor(trx: Trx, id: number, action: ProductionOrderAction) {
  const locked = await lockOrder(trx, id);
  if (!locked) throw new NotFoundError();
  if (!productionOrderMachine.can(locked.status, action)) throw invalidStatus(locked.status);
  return locked;
}

/** The header's references: the product's unit decimals for the quantity, active locations. */
async function checkHeader(
  trx: Trx,
  input: { quantity: string; sourceLocationId: number; targetLocationId: number },
  productDecimals: number,
  fields: Record<string, string>,
) {
  if (!quantityFitsUnit(input.quantity, productDecimals)) {
    fields.quantity = messages.tooManyUnitDecimals(productDecimals);
  }
  const locations = await locationsOf(trx, [input.sourceLocationId, input.targetLocationId]);
  for (const key of ['sourceLocationId', 'targetLocationId'] as const) {
    const location = locations.get(input[key]);
    if (!location) fields[key] = messages.errors.missingReference;
    else if (!location.active) fields[key] = messages.productionOrders.inactiveLocation;
  }
}

/**
 * A new order (PLANNED): the product must be MANUFACTURED with a bill of materials (400 on
 * `productId`). Its materials are the bill's lines with the required quantity for the order
 * (loss included, rounded up to each feedstock unit's decimals); its costs, the product's outlays
 * for the order's quantity. The number is taken last, inside the transaction: gapless.
 */
export function createProductionOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  input: ProductionOrderCreate,
): Promise<ProductionOrderDetail> {
  return inTransaction(db, async (trx) => {
    const fields: Record<string, string> = {};
    const product = await findProduct(trx, input.productId);
    const bom = product ? await billOfMaterials(trx, product.id) : [];
    if (!product || product.kind !== 'PRODUCT') {
      fields.productId = messages.errors.missingReference;
    } else if (product.origin !== 'MANUFACTURED') {
      fields.productId = messages.productionOrders.notManufactured;
    } else if (!product.active) {
      fields.productId = messages.finance.inactive;
    } else if (bom.length === 0) {
      fields.productId = messages.productionOrders.noBillOfMaterials;
    }
    await checkHeader(trx, input, product?.unitDecimals ?? 3, fields);
    if (Object.keys(fields).length) throw new ValidationError(fields);

    const outlays = await productOutlays(trx, input.productId);
    const number = await takeNumber(trx, PRODUCTION_ORDER_SEQUENCE);
    const id = await insertOrder(trx, {
      number,
      productId: input.productId,
      quantity: input.quantity,
      plannedStart: input.plannedStart,
      plannedEnd: input.plannedEnd,
      sourceLocationId: input.sourceLocationId,
      targetLocationId: input.targetLocationId,
      notes: input.notes,
      createdBy: ctx.userId,
      updatedBy: ctx.userId,
    });
    await insertMaterials(
      trx,
      bom.map((line, index) => ({
        productionOrderId: id,
        feedstockId: line.feedstockId,
        quantityPerUnit: line.quantity,
        lossPercent: line.lossPercent,
        requiredQuantity: requiredQuantity(
          input.quantity,
          line.quantity,
          line.lossPercent,
          line.unitDecimals,
        ),
        position: index + 1,
      })),
    );
    await insertCosts(
      trx,
      outlays.map((line, index) => ({
        productionOrderId: id,
        outlayId: line.outlayId,
        value: costValue(line.value, line.kind, input.quantity),
        position: index + 1,
      })),
    );
    const after = await getProductionOrder(trx, id);
    await recordAudit(trx, ctx, { entity: ENTITY, entityId: id, action: 'create', after });
    return after;
  });
}

/**
 * The lines a save writes (issue 16 §1). When it changes the quantity, every saved line that the
 * save leaves as it was, or does not send, follows the new quantity (production-order-rescale.ts:
 * materials with their loss, rounded up to the unit; per-unit costs); a line the save adds or
 * changes is taken as sent, since it was typed for the new quantity. Without a change of quantity
 * the save's lines, as sent (undefined: the saved lines stay).
 */
async function linesToSave(
  trx: Trx,
  id: number,
  savedQuantity: string,
  input: ProductionOrderUpdate,
): Promise<Pick<ProductionOrderUpdate, 'materials' | 'costs'>> {
  const quantity = input.quantity;
  if (sameDecimal(savedQuantity, quantity)) return input;
  const [materials, costs] = await Promise.all([findMaterials(trx, id), findCosts(trx, id)]);
  const savedMaterials = new Map(materials.map((line) => [line.id, line]));
  const savedCosts = new Map(costs.map((line) => [line.id, line]));
  const sent = {
    materials:
      input.materials ??
      materials.map(({ id, feedstockId, requiredQuantity }) => ({
        id,
        feedstockId,
        requiredQuantity,
      })),
    costs: input.costs ?? costs.map(({ id, outlayId, value }) => ({ id, outlayId, value })),
  };
  return {
    materials: sent.materials.map((line) => {
      const saved = line.id ? savedMaterials.get(line.id) : undefined;
      return saved &&
        saved.feedstockId === line.feedstockId &&
        sameDecimal(saved.requiredQuantity, line.requiredQuantity)
        ? { ...line, requiredQuantity: rescaledRequired(saved, savedQuantity, quantity) }
        : line;
    }),
    costs: sent.costs.map((line) => {
      const saved = line.id ? savedCosts.get(line.id) : undefined;
      return saved && saved.outlayId === line.outlayId && sameDecimal(saved.value, line.value)
        ? { ...line, value: rescaledCost(saved, savedQuantity, quantity) }
        : line;
    }),
  };
}

/**
 * PUT of a PLANNED order with the version read: the header and, when sent, its materials and
 * costs by id; a new quantity rescales the lines it leaves as they were (`linesToSave`). The
 * product stays (another product is another order).
 */
export function updateProductionOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  input: ProductionOrderUpdate,
): Promise<ProductionOrderDetail> {
  return inTransaction(db, async (trx) => {
    const locked = await lockFor(trx, id, 'edit');
    if (locked.version !== input.version) throw new StaleVersionError();
    const fields: Record<string, string> = {};
    const product = (await findProduct(trx, locked.productId))!;
    await checkHeader(trx, input, product.unitDecimals, fields);
    const { materials, costs } = await linesToSave(trx, id, locked.quantity, input);

    if (materials) {
      if (materials.length === 0) fields.materials = messages.productionOrders.noMaterials;
      const items = await itemsOf(trx, [...new Set(materials.map((m) => m.feedstockId))]);
      const seen = new Set<number>();
      materials.forEach((line, index) => {
        const item = items.get(line.feedstockId);
        const at = `materials.${index}`;
        if (!item) fields[`${at}.feedstockId`] = messages.errors.missingReference;
        else if (item.kind !== 'FEEDSTOCK') {
          fields[`${at}.feedstockId`] = messages.productionOrders.notAFeedstock;
        } else if (seen.has(line.feedstockId)) {
          fields[`${at}.feedstockId`] = messages.productionOrders.repeatedFeedstock;
        } else if (!quantityFitsUnit(line.requiredQuantity, item.unitDecimals)) {
          fields[`${at}.requiredQuantity`] = messages.tooManyUnitDecimals(item.unitDecimals);
        }
        seen.add(line.feedstockId);
      });
    }
    if (costs) {
      const known = await existingOutlays(trx, [...new Set(costs.map((c) => c.outlayId))]);
      costs.forEach((line, index) => {
        if (!known.has(line.outlayId)) {
          fields[`costs.${index}.outlayId`] = messages.errors.missingReference;
        }
      });
    }
    if (Object.keys(fields).length) throw new ValidationError(fields);

    const saved = await updateWithLines(trx, {
      repo: orderRepository,
      id,
      version: input.version,
      values: {
        quantity: input.quantity,
        plannedStart: input.plannedStart,
        plannedEnd: input.plannedEnd,
        sourceLocationId: input.sourceLocationId,
        targetLocationId: input.targetLocationId,
        notes: input.notes,
      },
      userId: ctx.userId,
      lines: [
        ...(materials ? [{ lines: materialLines, inputs: materials }] : []),
        ...(costs ? [{ lines: costLines, inputs: costs }] : []),
      ],
    });
    await recordAudit(trx, ctx, {
      entity: ENTITY,
      entityId: id,
      action: 'update',
      before: saved.before,
      after: saved.after,
      lines: saved.lines,
    });
    return getProductionOrder(trx, id);
  });
}

/**
 * "Iniciar produção": all or nothing. Every material leaves the source location in one posting;
 * when any is short the posting answers 422 INSUFFICIENT_STOCK with `details` listing every
 * material short (StockShortageDetail) and the transaction rolls back: nothing moves, the order
 * stays PLANNED. Each material records what it consumed and the average cost it left at.
 */
export function startProductionOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
): Promise<ProductionOrderDetail> {
  return inTransaction(db, async (trx) => {
    const locked = await lockFor(trx, id, 'start');
    const materials = await findMaterials(trx, id);
    const label = formatProductionOrderNumber(locked.number);
    const movements = await postMovements(
      trx,
      ctx,
      materials.map((line, index) => ({
        type: 'OUT' as const,
        itemId: line.feedstockId,
        fromLocationId: locked.sourceLocationId,
        quantity: line.requiredQuantity,
        origin: { type: 'PRODUCTION_ORDER' as const, id },
        notes: label,
        path: `materials.${index}`,
      })),
    );
    for (const [index, line] of materials.entries()) {
      const movement = movements[index]!;
      await recordConsumption(trx, line.id, {
        consumedQuantity: line.requiredQuantity,
        unitCost: movement.unitCost,
        consumedValue: movement.value,
      });
    }
    await moveOrder(trx, ctx, id, 'start', locked.status, {
      set: { startedAt: sql`now()` },
      after: {
        status: 'IN_PROGRESS',
        movements: movements.map((movement) => movement.id),
      },
    });
    return getProductionOrder(trx, id);
  });
}

/**
 * "Concluir": the product enters the target location carrying the order's real total cost — Σ
 * what the materials' consumption took from stock + Σ the costs — as its value, exactly (the unit
 * cost, total ÷ produced quantity, is derived from it), which moves the product's average cost;
 * the breakdown is recorded on the order. The produced quantity is above zero and at most the
 * planned quantity plus the company's tolerance (422 OVER_PRODUCTION naming the maximum).
 */
export function completeProductionOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  input: ProductionOrderComplete,
): Promise<ProductionOrderDetail> {
  return inTransaction(db, async (trx) => {
    const locked = await lockFor(trx, id, 'complete');
    const product = (await findProduct(trx, locked.productId))!;
    if (!quantityFitsUnit(input.producedQuantity, product.unitDecimals)) {
      throw new ValidationError({
        producedQuantity: messages.tooManyUnitDecimals(product.unitDecimals),
      });
    }
    const tolerance = await productionTolerancePercent(trx);
    const maximum = maximumProduced(locked.quantity, tolerance, product.unitDecimals);
    if (new Decimal(input.producedQuantity).greaterThan(maximum)) {
      const inUnit = (quantity: string) =>
        `${formatDecimal(quantity, product.unitDecimals)} ${product.unitCode}`;
      const message = errorMessages.OVER_PRODUCTION({
        maximum: inUnit(maximum),
        planned: inUnit(locked.quantity),
        tolerance: new Decimal(tolerance).toFixed().replace('.', ','),
      });
      throw new BusinessRuleError({
        code: ErrorCode.OVER_PRODUCTION,
        message,
        fields: { producedQuantity: message },
      });
    }
    const [materials, costs] = await Promise.all([findMaterials(trx, id), findCosts(trx, id)]);
    const breakdown = costBreakdown(
      materials.map((line) => line.consumedValue ?? '0'),
      costs.map((line) => line.value),
      input.producedQuantity,
    );
    const [movement] = await postMovements(trx, ctx, [
      {
        type: 'IN',
        itemId: locked.productId,
        toLocationId: locked.targetLocationId,
        quantity: input.producedQuantity,
        value: breakdown.totalCost,
        origin: { type: 'PRODUCTION_ORDER', id },
        notes: formatProductionOrderNumber(locked.number),
        path: '',
        ...(input.date ? { date: input.date } : {}),
      },
    ]);
    await moveOrder(trx, ctx, id, 'complete', locked.status, {
      set: {
        producedQuantity: input.producedQuantity,
        completionDate: movement!.date,
        ...breakdown,
        completedAt: sql`now()`,
      },
      after: {
        status: 'COMPLETED',
        producedQuantity: input.producedQuantity,
        completionDate: movement!.date,
        ...breakdown,
        movement: movement!.id,
      },
    });
    return getProductionOrder(trx, id);
  });
}

/**
 * The order moved by `action` from the status it was locked in (setting the action's columns in
 * the same statement), and the move in the audit: the status before, and `after` (the new status
 * and what the action did).
 */
async function moveOrder(
  trx: Trx,
  ctx: AuditContext,
  id: number,
  action: ProductionOrderAction,
  status: string,
  move: { set: Record<string, unknown>; after: Record<string, unknown> },
): Promise<void> {
  await transition(trx, {
    table: 'productionOrders',
    id,
    machine: productionOrderMachine,
    action,
    userId: ctx.userId,
    set: move.set,
  });
  await recordAudit(trx, ctx, {
    entity: ENTITY,
    entityId: id,
    action,
    before: { status },
    after: move.after,
  });
}

/**
 * "Cancelar": a PLANNED order just stops; an IN_PROGRESS one gives its materials back first, each
 * OUT movement reversed ("Estornar", dated today, at the value it took), in the same transaction.
 * A movement someone already reversed by hand in Movimentação de Estoque is not returned twice.
 */
export function cancelProductionOrder(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
): Promise<ProductionOrderDetail> {
  return inTransaction(db, async (trx) => {
    const locked = await lockFor(trx, id, 'cancel');
    const reversals: number[] = [];
    if (locked.status === 'IN_PROGRESS') {
      for (const outflow of await unreversedOutflows(trx, id)) {
        reversals.push((await reverseMovement(trx, ctx, outflow.id)).id);
      }
      await clearConsumption(trx, id);
    }
    await moveOrder(trx, ctx, id, 'cancel', locked.status, {
      set: { cancelledAt: sql`now()` },
      after: { status: 'CANCELLED', ...(reversals.length ? { reversals } : {}) },
    });
    return getProductionOrder(trx, id);
  });
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
