import type {
  StockMovementInput,
  StockMovementType,
} from '../../../shared/resources/stock-movements.js';
import { typedMoneyToDecimal } from '../../components/money-text.js';
import { typedQuantityToDecimal } from '../../components/quantity-text.js';

/**
 * The manual movement form (DOMAIN §4): the type comes first and decides the other fields. An
 * entry goes into a location with a cost, an outflow leaves one, a transfer goes from one to
 * another, an adjustment records the quantity counted at one.
 */

/** What the form holds: quantities and the cost as typed ("1.234,5"), ids as picked. */
export interface MovementFormValues {
  type?: StockMovementType;
  itemId?: number;
  fromLocationId?: number;
  toLocationId?: number;
  locationId?: number;
  quantity?: string;
  countedQuantity?: string;
  unitCost?: string;
  /** `YYYY-MM-DD`. */
  date?: string;
  notes?: string;
}

/** The fields that depend on the type, besides the item, the date and the notes. */
export type MovementField =
  'fromLocationId' | 'toLocationId' | 'locationId' | 'quantity' | 'countedQuantity' | 'unitCost';

/** Which fields each type needs, in the order the form shows them. */
export const movementFields: Record<StockMovementType, readonly MovementField[]> = {
  IN: ['toLocationId', 'quantity', 'unitCost'],
  OUT: ['fromLocationId', 'quantity'],
  TRANSFER: ['fromLocationId', 'toLocationId', 'quantity'],
  ADJUSTMENT: ['locationId', 'countedQuantity'],
};

/** A movement of one location names it "Local"; only a transfer has two. */
export function fieldLabel(type: StockMovementType, field: MovementField): string {
  switch (field) {
    case 'fromLocationId':
      return type === 'TRANSFER' ? 'Origem' : 'Local';
    case 'toLocationId':
      return type === 'TRANSFER' ? 'Destino' : 'Local';
    case 'locationId':
      return 'Local';
    case 'quantity':
      return 'Quantidade';
    case 'countedQuantity':
      return 'Quantidade contada';
    case 'unitCost':
      return 'Custo unitário';
  }
}

/** The field that holds the type's quantity: where a shortage's message goes. */
export const quantityField = (type: StockMovementType): 'quantity' | 'countedQuantity' =>
  type === 'ADJUSTMENT' ? 'countedQuantity' : 'quantity';

const quantityFields = new Set<MovementField>(['quantity', 'countedQuantity']);

/**
 * The body of POST /stock-movements: the type's own fields only (what was typed for another type
 * stays in the form, unsent), quantities and the cost as decimal strings. Without a type it is
 * what the schema refuses with "Preenchimento obrigatório". Typed as the request it becomes once
 * the form's rules (this schema's) have passed: only then is it sent.
 */
export function toMovementInput(values: MovementFormValues): StockMovementInput {
  const { type } = values;
  const input: Partial<Record<keyof MovementFormValues, unknown>> = {
    type,
    itemId: values.itemId,
    date: values.date,
    notes: values.notes,
  };
  if (type && type in movementFields) {
    for (const field of movementFields[type]) {
      const value = values[field];
      if (quantityFields.has(field)) input[field] = typedQuantityToDecimal(String(value ?? ''));
      else if (field === 'unitCost') input[field] = typedMoneyToDecimal(String(value ?? ''));
      else input[field] = value;
    }
  }
  return input as StockMovementInput;
}
