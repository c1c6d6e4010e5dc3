import { describe, expect, it } from 'vitest';
import {
  stockMovementInputSchema,
  type StockMovementInput,
} from '../../../shared/resources/stock-movements.js';
import { fieldLabel, movementFields, quantityField, toMovementInput } from './movement-form.js';

const typed = {
  itemId: 7,
  fromLocationId: 1,
  toLocationId: 2,
  locationId: 3,
  quantity: '1.234,5',
  countedQuantity: '10',
  unitCost: '2,3750',
  date: '2026-03-05',
  notes: 'Conferido',
};

describe('the manual movement form', () => {
  it('asks each type for its own fields', () => {
    expect(movementFields.IN).toEqual(['toLocationId', 'quantity', 'unitCost']);
    expect(movementFields.OUT).toEqual(['fromLocationId', 'quantity']);
    expect(movementFields.TRANSFER).toEqual(['fromLocationId', 'toLocationId', 'quantity']);
    expect(movementFields.ADJUSTMENT).toEqual(['locationId', 'countedQuantity']);
  });

  it('names the locations of a transfer origin and destination, any other one "Local"', () => {
    expect(fieldLabel('TRANSFER', 'fromLocationId')).toBe('Origem');
    expect(fieldLabel('TRANSFER', 'toLocationId')).toBe('Destino');
    expect(fieldLabel('IN', 'toLocationId')).toBe('Local');
    expect(fieldLabel('OUT', 'fromLocationId')).toBe('Local');
    expect(quantityField('ADJUSTMENT')).toBe('countedQuantity');
    expect(quantityField('OUT')).toBe('quantity');
  });

  it('sends only the fields of the chosen type, with quantities and the cost as decimals', () => {
    expect(toMovementInput({ ...typed, type: 'IN' })).toEqual({
      type: 'IN',
      itemId: 7,
      toLocationId: 2,
      quantity: '1234.5',
      unitCost: '2.375',
      date: '2026-03-05',
      notes: 'Conferido',
    });
    expect(toMovementInput({ ...typed, type: 'TRANSFER' })).toEqual({
      type: 'TRANSFER',
      itemId: 7,
      fromLocationId: 1,
      toLocationId: 2,
      quantity: '1234.5',
      date: '2026-03-05',
      notes: 'Conferido',
    });
    expect(toMovementInput({ ...typed, type: 'ADJUSTMENT' })).toMatchObject({
      locationId: 3,
      countedQuantity: '10',
    });
    expect(toMovementInput({ ...typed, type: 'ADJUSTMENT' })).not.toHaveProperty('quantity');
  });

  it('is typed as the request the shared schema takes (its z.input), not a loose record', () => {
    const input: StockMovementInput = toMovementInput({ ...typed, type: 'OUT' });
    expect(stockMovementInputSchema.safeParse(input).success).toBe(true);
  });

  it('gives the API schema what it accepts, and its messages where the form shows them', () => {
    expect(
      stockMovementInputSchema.safeParse(toMovementInput({ ...typed, type: 'OUT' })).success,
    ).toBe(true);
    // An entry without a cost comes in at the average cost.
    const noCost = toMovementInput({ ...typed, unitCost: '', type: 'IN' });
    expect(stockMovementInputSchema.safeParse(noCost).success).toBe(true);

    const same = stockMovementInputSchema.safeParse(
      toMovementInput({ ...typed, type: 'TRANSFER', toLocationId: 1 }),
    );
    expect(same.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['toLocationId', 'O destino deve ser diferente da origem.'],
    ]);
    const noType = stockMovementInputSchema.safeParse(toMovementInput({ ...typed }));
    expect(noType.error?.issues[0]?.message).toBe('Preenchimento obrigatório');
    const noQuantity = stockMovementInputSchema.safeParse(
      toMovementInput({ ...typed, type: 'OUT', quantity: '' }),
    );
    expect(noQuantity.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['quantity']);
  });
});
