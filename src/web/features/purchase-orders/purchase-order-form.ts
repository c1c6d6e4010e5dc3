import { Decimal } from 'decimal.js';
import { formatDecimal, parseDecimal } from '../../../shared/money.js';
import type {
  PurchaseOrderCreateInput,
  PurchaseOrderLine,
  PurchaseOrderDetail,
  PurchaseOrderUpdateInput,
  PurchaseReceiveInput,
} from '../../../shared/resources/purchase-orders.js';
import {
  billingTermsInput,
  billingTermsValues,
  NEW_BILLING_TERMS,
  type BillingTermsValues,
} from '../../components/billing-terms.js';
import { lineAmount, quantityText, unitPriceText } from '../../components/line-table-values.js';
import { typedMoneyToDecimal } from '../../components/money-text.js';
import { typedQuantityToDecimal } from '../../components/quantity-text.js';

/**
 * An order as its form holds it: money and quantities as typed in pt-BR ("1.234,50"), dates
 * `YYYY-MM-DD`, each line with its id (so a save keeps it instead of adding a new one).
 */
export interface OrderFormLine {
  id?: number;
  itemId?: number;
  quantity?: string;
  unitPrice?: string;
}

export interface OrderFormValues extends BillingTermsValues {
  supplierId?: number;
  orderDate?: string;
  expectedDate?: string | null;
  locationId?: number;
  categoryId?: number;
  notes?: string;
  items?: OrderFormLine[];
}

/** A saved order as the form shows it. */
export function orderFormValues(order: PurchaseOrderDetail): OrderFormValues {
  return {
    supplierId: order.supplierId,
    orderDate: order.orderDate,
    expectedDate: order.expectedDate,
    locationId: order.locationId,
    ...billingTermsValues(order),
    categoryId: order.categoryId,
    notes: order.notes ?? '',
    items: order.items.map((line) => ({
      id: line.id,
      itemId: line.itemId,
      quantity: quantityText(line.quantity),
      unitPrice: unitPriceText(line.unitPrice),
    })),
  };
}

/** A new order: today, the default location and category, 1 installment 30 days on. */
export function newOrderValues(defaults: {
  today: string;
  locationId?: number | null;
  categoryId?: number;
  supplierId?: number | null;
  line?: OrderFormLine;
}): OrderFormValues {
  return {
    supplierId: defaults.supplierId ?? undefined,
    orderDate: defaults.today,
    expectedDate: null,
    locationId: defaults.locationId ?? undefined,
    ...NEW_BILLING_TERMS,
    categoryId: defaults.categoryId,
    notes: '',
    items: [defaults.line ?? {}],
  };
}

const typed = (value: string | undefined, toDecimal: (text: string) => string | undefined) =>
  value === undefined ? undefined : toDecimal(value);

/** The body of POST (new) or PUT (with the version read); blank freight and discount are zero. */
export function toOrderInput(
  values: OrderFormValues,
): PurchaseOrderCreateInput & { version?: never };
export function toOrderInput(
  values: OrderFormValues,
  edit: { version: number },
): PurchaseOrderUpdateInput;
export function toOrderInput(
  values: OrderFormValues,
  edit?: { version: number },
): PurchaseOrderCreateInput | PurchaseOrderUpdateInput {
  const input: PurchaseOrderCreateInput = {
    supplierId: values.supplierId,
    orderDate: values.orderDate,
    expectedDate: values.expectedDate ?? null,
    locationId: values.locationId,
    ...billingTermsInput(values),
    categoryId: values.categoryId,
    notes: values.notes ?? '',
    items: (values.items ?? []).map((line) => ({
      ...(line.id === undefined ? {} : { id: line.id }),
      itemId: line.itemId,
      // Blank is sent blank: the API's "Preenchimento obrigatório", as for a key left out.
      quantity: typed(line.quantity, typedQuantityToDecimal) ?? '',
      unitPrice: typed(line.unitPrice, typedMoneyToDecimal) ?? null,
    })),
  };
  return edit ? { ...input, version: edit.version } : input;
}

/** quantity × unit price to the cent, or null while either is no number yet. */
export function lineTotal(line: OrderFormLine | undefined): Decimal | null {
  const quantity = lineAmount(
    line?.quantity === undefined ? undefined : typedQuantityToDecimal(line.quantity),
  );
  const price = lineAmount(line?.unitPrice);
  if (!quantity || !price) return null;
  return quantity.times(price).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export interface OrderTotals {
  lines: string;
  freight: string;
  discount: string;
  total: string;
}

/** The live totals: the lines (each to the cent), freight and discount, and what they add up to. */
export function orderTotals(values: OrderFormValues | undefined): OrderTotals {
  const lines = (values?.items ?? []).reduce(
    (sum, line) => sum.plus(lineTotal(line) ?? 0),
    new Decimal(0),
  );
  const freight = lineAmount(values?.freight) ?? new Decimal(0);
  const discount = lineAmount(values?.discount) ?? new Decimal(0);
  return {
    lines: lines.toFixed(2),
    freight: freight.toFixed(2),
    discount: discount.toFixed(2),
    total: lines.plus(freight).minus(discount).toFixed(2),
  };
}

/** What the receive dialog holds: per order line the quantity arriving now, as typed. */
export interface ReceiveFormValues {
  date?: string;
  invoiceNumber?: string;
  lines?: { lineId: number; quantity?: string }[];
}

/** The dialog's first values: today and, per line, what is still to arrive. */
export function receiveDefaults(
  lines: readonly Pick<PurchaseOrderLine, 'id' | 'pendingQuantity' | 'unitDecimals'>[],
  today: string,
): ReceiveFormValues {
  return {
    date: today,
    invoiceNumber: '',
    lines: lines.map((line) => ({
      lineId: line.id,
      quantity: formatDecimal(line.pendingQuantity, line.unitDecimals),
    })),
  };
}

/**
 * The body of POST …/receive: the lines with a quantity above zero (0 or blank skips a line),
 * each remembered with its index in the dialog, so the server's `lines.N.quantity` can be shown
 * next to the line it is about.
 */
export function toReceiveInput(values: ReceiveFormValues): {
  input: PurchaseReceiveInput;
  sentIndexes: number[];
} {
  const sentIndexes: number[] = [];
  const lines: { lineId: number; quantity: string }[] = [];
  (values.lines ?? []).forEach((line, index) => {
    const text = line.quantity?.trim() ?? '';
    const decimal = text === '' ? undefined : typedQuantityToDecimal(text);
    const parsed = parseDecimal(decimal ?? null);
    if (decimal === undefined || (parsed && parsed.isZero())) return;
    sentIndexes.push(index);
    lines.push({ lineId: line.lineId, quantity: decimal });
  });
  return {
    input: { date: values.date, invoiceNumber: values.invoiceNumber ?? '', lines },
    sentIndexes,
  };
}

/** `lines.1.quantity` of what was sent → the dialog's line index, through `sentIndexes`. */
export function receiveFieldIndex(path: string, sentIndexes: readonly number[]): number | null {
  const match = /^lines\.(\d+)(\.|$)/.exec(path);
  if (!match) return null;
  return sentIndexes[Number(match[1])] ?? null;
}
