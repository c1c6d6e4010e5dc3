import { Decimal } from 'decimal.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import { messages } from '../../../shared/messages.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import type {
  ItemWithoutSupplierDetail,
  PurchaseOrderDetail,
  PurchaseOrderDraftsInput,
} from '../../../shared/resources/purchase-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { BusinessRuleError, ValidationError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { getPurchaseOrder } from './purchase-orders.read.js';
import { findDefaultLocation, findExpenseCategory, findItems } from './purchase-orders.repo.js';
import { ceilToUnit } from './purchase-orders.rules.js';
import { insertPurchaseOrder } from './save-purchase-order.js';

/**
 * Drafts bought for a sales order ("Planejar produção" of its resale products): linked to it, so
 * that a second plan counts what they still bring, and delivered at the order's location rather
 * than the default one — the goods are for a sale that ships from there, where the order's
 * reservation and its invoice's stock exit take them.
 */
export interface ForSalesOrder {
  requestedOrderId: number;
  /** "PV-000042", written in the drafts' notes for the buyer. */
  number: string;
  locationId: number;
}

/**
 * "Comprar" / "Comprar faltantes": one DRAFT per default supplier of the items, in the order the
 * suppliers first appear; each line at the item's last purchase price (its average cost when it
 * was never bought), its quantity rounded up to the unit's decimals; the default stock location
 * (the sales order's, `forSale`); the EXPENSE category "Matéria-prima" (else the first active
 * one). Items without a default supplier answer 422 listing them, and nothing is created.
 */
export function createDrafts(
  db: DbOrTrx,
  ctx: AuditContext,
  input: PurchaseOrderDraftsInput,
  forSale: ForSalesOrder | null = null,
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
    const location = forSale ? { id: forSale.locationId } : await findDefaultLocation(trx);
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
      const id = await insertPurchaseOrder(
        trx,
        ctx,
        {
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
          notes: forSale ? messages.purchaseOrders.forSalesOrder(forSale.number) : null,
          items: [...group].map(([itemId, quantity]) => {
            const item = items.get(itemId)!;
            return {
              itemId,
              quantity: ceilToUnit(quantity.toFixed(3), item.unitDecimals),
              unitPrice: new Decimal(item.lastPurchasePrice ?? item.averageCost).toFixed(4),
            };
          }),
        },
        forSale?.requestedOrderId ?? null,
      );
      created.push(await getPurchaseOrder(trx, id));
    }
    return { items: created };
  });
}
