import { formatDecimal } from '../../../shared/money.js';
import {
  lineTotal,
  orderMoney,
  type OrderLineMoney,
} from '../../../shared/requested-order-money.js';
import type {
  RequestedOrderCreateInput,
  RequestedOrderDetail,
  RequestedOrderUpdateInput,
} from '../../../shared/resources/requested-orders.js';
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
 * An order as its form holds it: money, percentages and quantities as typed in pt-BR
 * ("1.234,50"), dates `YYYY-MM-DD`, each line with its id (so a save keeps it instead of adding a
 * new one).
 */
export interface RequestedOrderFormLine {
  id?: number;
  productId?: number;
  quantity?: string;
  unitPrice?: string;
  discountPercent?: string;
}

export interface RequestedOrderFormValues extends BillingTermsValues {
  clientId?: number;
  orderDate?: string;
  deliveryDate?: string | null;
  locationId?: number;
  fiscalOperationId?: number | null;
  categoryId?: number;
  notes?: string;
  items?: RequestedOrderFormLine[];
}

/** A saved order as the form shows it. */
export function requestedOrderFormValues(order: RequestedOrderDetail): RequestedOrderFormValues {
  return {
    clientId: order.clientId,
    orderDate: order.orderDate,
    deliveryDate: order.deliveryDate,
    locationId: order.locationId,
    fiscalOperationId: order.fiscalOperationId,
    ...billingTermsValues(order),
    categoryId: order.categoryId,
    notes: order.notes ?? '',
    items: order.items.map((line) => ({
      id: line.id,
      productId: line.productId,
      quantity: quantityText(line.quantity),
      unitPrice: unitPriceText(line.unitPrice),
      discountPercent: formatDecimal(line.discountPercent, 2),
    })),
  };
}

/** A new order: today, the default location and sales category, 1 installment 30 days on. */
export function newRequestedOrderValues(defaults: {
  today: string;
  locationId?: number | null;
  categoryId?: number;
}): RequestedOrderFormValues {
  return {
    orderDate: defaults.today,
    deliveryDate: null,
    locationId: defaults.locationId ?? undefined,
    fiscalOperationId: null,
    ...NEW_BILLING_TERMS,
    categoryId: defaults.categoryId,
    notes: '',
    items: [{ discountPercent: '0,00' }],
  };
}

const orNull = <T>(value: T | undefined | null) => (value === undefined ? null : value);
const typed = (value: string | undefined, toDecimal: (text: string) => string | undefined) =>
  value === undefined ? undefined : toDecimal(value);

/**
 * The body of POST (new) or PUT (with the version read); blank freight, discount and line
 * discount are zero, a blank price is the product's sale price (the API's rule).
 */
export function toRequestedOrderInput(
  values: RequestedOrderFormValues,
): RequestedOrderCreateInput & { version?: never };
export function toRequestedOrderInput(
  values: RequestedOrderFormValues,
  edit: { version: number },
): RequestedOrderUpdateInput;
export function toRequestedOrderInput(
  values: RequestedOrderFormValues,
  edit?: { version: number },
): RequestedOrderCreateInput | RequestedOrderUpdateInput {
  const input: RequestedOrderCreateInput = {
    clientId: values.clientId,
    orderDate: values.orderDate,
    deliveryDate: values.deliveryDate ?? null,
    locationId: values.locationId,
    fiscalOperationId: orNull(values.fiscalOperationId),
    ...billingTermsInput(values),
    categoryId: values.categoryId,
    notes: values.notes ?? '',
    items: (values.items ?? []).map((line) => ({
      ...(line.id === undefined ? {} : { id: line.id }),
      productId: line.productId,
      // Blank is sent blank: the API's "Preenchimento obrigatório", as for a key left out.
      quantity: typed(line.quantity, typedQuantityToDecimal) ?? '',
      unitPrice: typed(line.unitPrice, typedMoneyToDecimal) ?? null,
      discountPercent: typedMoneyToDecimal(line.discountPercent ?? '') ?? '0.00',
    })),
  };
  return edit ? { ...input, version: edit.version } : input;
}

/** A line's quantity, price and discount as decimals, or null while one is no number yet. */
function lineMoney(line: RequestedOrderFormLine | undefined): OrderLineMoney | null {
  const quantity = lineAmount(
    line?.quantity === undefined ? undefined : typedQuantityToDecimal(line.quantity),
  );
  const price = lineAmount(line?.unitPrice);
  const blankDiscount = (line?.discountPercent ?? '').trim() === '';
  const discount = blankDiscount ? null : lineAmount(line?.discountPercent);
  if (!quantity || !price || (!blankDiscount && !discount)) return null;
  return {
    quantity: quantity.toFixed(),
    unitPrice: price.toFixed(),
    discountPercent: discount ? discount.toFixed() : '0',
  };
}

/**
 * round(quantity × price × (1 − discount/100), 2) as the server computes it (the shared rule),
 * or null while the line is not typed in full.
 */
export function formLineTotal(line: RequestedOrderFormLine | undefined): string | null {
  const money = lineMoney(line);
  return money ? lineTotal(money.quantity, money.unitPrice, money.discountPercent) : null;
}

export interface RequestedOrderTotals {
  items: string;
  discount: string;
  freight: string;
  total: string;
}

/**
 * The live totals as typed: the lines typed in full (each to the cent), the order's discount and
 * freight, and Σ lines − discount + freight (never below zero), by the server's own rule.
 */
export function requestedOrderTotals(
  values: RequestedOrderFormValues | undefined,
): RequestedOrderTotals {
  const lines = (values?.items ?? []).flatMap((line) => {
    const money = lineMoney(line);
    return money ? [money] : [];
  });
  const discount = lineAmount(values?.discount)?.toFixed(2) ?? '0.00';
  const freight = lineAmount(values?.freight)?.toFixed(2) ?? '0.00';
  const money = orderMoney(lines, discount, freight);
  return { items: money.itemsTotal, discount, freight, total: money.total };
}
