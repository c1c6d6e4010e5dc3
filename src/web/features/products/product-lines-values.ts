import { formatDecimal, parseDecimal } from '../../../shared/money.js';
import type {
  componentOutputSchema,
  outlayOutputSchema,
} from '../../../shared/resources/products.js';
import type { z } from '../../../shared/zod-messages.js';
import { typedMoneyToDecimal } from '../../components/money-text.js';
import { typedQuantityToDecimal } from '../../components/quantity-text.js';
import type { FormValues } from '../../components/resource-form-values.js';

/**
 * A product's bill of materials and production costs as its form holds them: each line with its
 * id (so a save replaces it instead of adding a new one), quantities and money as typed in pt-BR.
 */
export interface ComponentFormLine {
  id?: number;
  feedstockId?: number;
  quantity?: string;
  lossPercent?: string;
}
export interface OutlayFormLine {
  id?: number;
  outlayId?: number;
  value?: string;
}

/** What the form reads of a product besides its definition's fields. */
export interface ProductRow {
  id: number;
  components: z.output<typeof componentOutputSchema>[];
  outlays: z.output<typeof outlayOutputSchema>[];
  standardCost?: string | null;
}

/** "1.500" → "1,5": a stored quantity without the zeros its places add. */
export function storedQuantityText(value: string): string {
  const parsed = parseDecimal(value);
  return parsed ? formatDecimal(value, parsed.decimalPlaces()) : value;
}

/** The lines of a product (none for a new one) as the form shows them. */
export function linesToFormValues(
  row: Pick<ProductRow, 'components' | 'outlays'> | null,
): FormValues {
  return {
    components: (row?.components ?? []).map((line): ComponentFormLine => ({
      id: line.id,
      feedstockId: line.feedstockId,
      quantity: storedQuantityText(line.quantity),
      lossPercent: formatDecimal(line.lossPercent, 2),
    })),
    outlays: (row?.outlays ?? []).map((line): OutlayFormLine => ({
      id: line.id,
      outlayId: line.outlayId,
      value: formatDecimal(line.value, 2),
    })),
  };
}

const typed = (value: string | undefined, toDecimal: (text: string) => string | undefined) =>
  value === undefined ? undefined : toDecimal(value);

/**
 * The lines as the API takes them. A product for resale has none, so they travel empty (the
 * server keeps lines left out, and turning a product to resale needs them sent empty); values
 * without the lines (inactivating from the loaded row) leave them out, so they stay as stored.
 */
export function linesToInput(values: FormValues): FormValues {
  if (values.origin === 'RESALE') return { components: [], outlays: [] };
  const input: FormValues = {};
  if (Array.isArray(values.components)) {
    input.components = (values.components as ComponentFormLine[]).map((line) => ({
      id: line.id,
      feedstockId: line.feedstockId,
      quantity: typed(line.quantity, typedQuantityToDecimal),
      lossPercent: typed(line.lossPercent, typedMoneyToDecimal),
    }));
  }
  if (Array.isArray(values.outlays)) {
    input.outlays = (values.outlays as OutlayFormLine[]).map((line) => ({
      id: line.id,
      outlayId: line.outlayId,
      value: typed(line.value, typedMoneyToDecimal),
    }));
  }
  return input;
}
