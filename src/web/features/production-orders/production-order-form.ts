import { formatDecimal, parseDecimal } from '../../../shared/money.js';
import {
  rescaledCost,
  rescaledRequired,
} from '../../../shared/resources/production-order-rescale.js';
import type {
  ProductionOrderCreateInput,
  ProductionOrderDetail,
  ProductionOrderUpdateInput,
} from '../../../shared/resources/production-orders.js';
import { typedMoneyToDecimal } from '../../components/money-text.js';
import { typedQuantityToDecimal } from '../../components/quantity-text.js';

/**
 * An order as its form holds it: quantities and money as typed in pt-BR ("1.234,50"), dates
 * `YYYY-MM-DD`, each material and cost line with its id (so a save keeps it instead of adding a
 * new one).
 */
export interface MaterialFormLine {
  id?: number;
  feedstockId?: number;
  requiredQuantity?: string;
}

export interface CostFormLine {
  id?: number;
  outlayId?: number;
  value?: string;
}

export interface ProductionOrderFormValues {
  productId?: number;
  quantity?: string;
  plannedStart?: string | null;
  plannedEnd?: string | null;
  sourceLocationId?: number;
  targetLocationId?: number;
  notes?: string;
  materials?: MaterialFormLine[];
  costs?: CostFormLine[];
}

/**
 * What a typed text is as the API takes it: "1.234,5" → "1234.5"; blank (or nothing typed) is sent
 * blank, the API's "Preenchimento obrigatório".
 */
const quantityInput = (typed: string | undefined) =>
  typed === undefined || typed === '' ? '' : (typedQuantityToDecimal(typed) ?? typed);
const moneyInput = (typed: string | undefined) =>
  typed === undefined || typed === '' ? '' : (typedMoneyToDecimal(typed) ?? typed);

/** A new order: planned from the default location into it. */
export function newOrderValues(locationId: number | null): ProductionOrderFormValues {
  return {
    sourceLocationId: locationId ?? undefined,
    targetLocationId: locationId ?? undefined,
  };
}

/** A saved (planned) order as the edit form shows it, lines in their units' decimals. */
export function orderFormValues(order: ProductionOrderDetail): ProductionOrderFormValues {
  return {
    productId: order.productId,
    quantity: formatDecimal(order.quantity, order.unitDecimals),
    plannedStart: order.plannedStart,
    plannedEnd: order.plannedEnd,
    sourceLocationId: order.sourceLocationId,
    targetLocationId: order.targetLocationId,
    notes: order.notes ?? '',
    materials: order.materials.map((line) => ({
      id: line.id,
      feedstockId: line.feedstockId,
      requiredQuantity: formatDecimal(line.requiredQuantity, line.unitDecimals),
    })),
    costs: order.costs.map((line) => ({
      id: line.id,
      outlayId: line.outlayId,
      value: formatDecimal(line.value, 2),
    })),
  };
}

/**
 * The form's values as POST (new: the product and the header) or PUT (edit: the header, the
 * materials and costs by line id, and the version read) take them.
 */
export function toOrderInput(values: ProductionOrderFormValues): ProductionOrderCreateInput;
export function toOrderInput(
  values: ProductionOrderFormValues,
  edit: { version: number },
): ProductionOrderUpdateInput;
export function toOrderInput(
  values: ProductionOrderFormValues,
  edit?: { version: number },
): ProductionOrderCreateInput | ProductionOrderUpdateInput {
  const header = {
    quantity: quantityInput(values.quantity),
    plannedStart: values.plannedStart ?? null,
    plannedEnd: values.plannedEnd ?? null,
    sourceLocationId: values.sourceLocationId,
    targetLocationId: values.targetLocationId,
    notes: values.notes ?? '',
  };
  if (!edit) return { productId: values.productId, ...header };
  return {
    ...header,
    materials: (values.materials ?? []).map((line) => ({
      ...(line.id ? { id: line.id } : {}),
      feedstockId: line.feedstockId,
      requiredQuantity: quantityInput(line.requiredQuantity),
    })),
    costs: (values.costs ?? []).map((line) => ({
      ...(line.id ? { id: line.id } : {}),
      outlayId: line.outlayId,
      value: moneyInput(line.value),
    })),
    version: edit.version,
  };
}

/** A typed quantity as a decimal string above zero ("1.234,5" → "1234.5"); undefined otherwise. */
export function typedQuantityAboveZero(typed: string | undefined): string | undefined {
  const decimal = quantityInput(typed);
  const parsed = parseDecimal(decimal ?? null);
  return parsed && parsed.greaterThan(0) ? parsed.toFixed() : undefined;
}

/** The typed text holds the decimal `value` ("214,20" and "214.200"). */
const holds = (typed: string | undefined, value: string, toDecimal: typeof quantityInput) => {
  const parsed = parseDecimal(toDecimal(typed) ?? null);
  return parsed !== null && parsed.equals(value);
};

/**
 * The form's lines when its quantity goes from `from` to `to` (decimal strings), as the server
 * will save them (production-order-rescale.ts, from the line as saved and the order's saved
 * quantity): a saved line still showing its figure for `from` takes its figure for `to`; a line
 * the user changed or added keeps what was typed.
 */
export function rescaleFormLines(
  order: ProductionOrderDetail,
  values: ProductionOrderFormValues,
  from: string,
  to: string,
): Pick<ProductionOrderFormValues, 'materials' | 'costs'> {
  return {
    materials: (values.materials ?? []).map((line) => {
      const saved = order.materials.find((material) => material.id === line.id);
      if (!saved || saved.feedstockId !== line.feedstockId) return line;
      const shown = rescaledRequired(saved, order.quantity, from);
      if (!holds(line.requiredQuantity, shown, quantityInput)) return line;
      const next = rescaledRequired(saved, order.quantity, to);
      return { ...line, requiredQuantity: formatDecimal(next, saved.unitDecimals) };
    }),
    costs: (values.costs ?? []).map((line) => {
      const saved = order.costs.find((cost) => cost.id === line.id);
      if (!saved || saved.outlayId !== line.outlayId) return line;
      if (!holds(line.value, rescaledCost(saved, order.quantity, from), moneyInput)) return line;
      return { ...line, value: formatDecimal(rescaledCost(saved, order.quantity, to), 2) };
    }),
  };
}
