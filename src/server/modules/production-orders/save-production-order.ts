import { messages } from '../../../shared/messages.js';
import { quantityFitsUnit } from '../../../shared/fields.js';
import {
  rescaledCost,
  rescaledRequired,
  sameDecimal,
} from '../../../shared/resources/production-order-rescale.js';
import {
  PRODUCTION_ORDER_SEQUENCE,
  type ProductionOrderCreate,
  type ProductionOrderDetail,
  type ProductionOrderUpdate,
} from '../../../shared/resources/production-orders.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { auditCreated, documentAction, saveDocument } from '../../platform/document-action.js';
import { ValidationError } from '../../platform/errors.js';
import { takeNumber } from '../../platform/numbering.js';
import { inTransaction } from '../../platform/transaction.js';
import { referenceErrors } from '../master-data/index.js';
import { productionOrderDocument } from './production-order.document.js';
import { getProductionOrder } from './production-orders.read.js';
import {
  billOfMaterials,
  costLines,
  existingOutlays,
  findCosts,
  findMaterials,
  findProduct,
  insertCosts,
  insertMaterials,
  insertOrder,
  itemsOf,
  materialLines,
  productOutlays,
} from './production-orders.repo.js';
import { costValue, requiredQuantity } from './production-orders.rules.js';

/** Ordens de Produção: a new order from the product's bill of materials, and the edit of a PLANNED one. */

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
  for (const key of ['sourceLocationId', 'targetLocationId'] as const) {
    Object.assign(
      fields,
      await referenceErrors(trx, { locationId: input[key] }, 'OUT', { locationId: key }),
    );
  }
}

/** The header's columns a create or an edit writes (the product is fixed once created). */
const headerValues = (input: ProductionOrderCreate | ProductionOrderUpdate) => ({
  quantity: input.quantity,
  plannedStart: input.plannedStart,
  plannedEnd: input.plannedEnd,
  sourceLocationId: input.sourceLocationId,
  targetLocationId: input.targetLocationId,
  notes: input.notes,
});

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
  /** The sales order it is made for ("Planejar produção"); its output is reserved for it. */
  link: { requestedOrderId: number } | null = null,
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
      ...headerValues(input),
      requestedOrderId: link?.requestedOrderId ?? null,
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
    await auditCreated(trx, ctx, productionOrderDocument, id);
    return getProductionOrder(trx, id);
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
  const target = { id, action: 'edit' as const, version: input.version };
  return documentAction(db, ctx, productionOrderDocument, target, async (step) => {
    const { trx, document: locked } = step;
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

    await saveDocument(step, productionOrderDocument, headerValues(input), [
      ...(materials ? [{ lines: materialLines, inputs: materials }] : []),
      ...(costs ? [{ lines: costLines, inputs: costs }] : []),
    ]);
  });
}
