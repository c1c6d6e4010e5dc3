import { describe, expect, it } from 'vitest';
import type { StockMovementRow } from '../../../shared/resources/stock-movements.js';
import {
  canBeReversed,
  formatOrigin,
  movementView,
  reversedThroughDocument,
} from './movement-row.js';

const row: StockMovementRow = {
  id: 12,
  date: '2026-03-05',
  type: 'TRANSFER',
  itemId: 7,
  itemCode: 'ALG-01',
  itemName: 'Algodão cru',
  unitCode: 'KG',
  unitDecimals: 3,
  fromLocationId: 1,
  fromLocationName: 'Almoxarifado',
  toLocationId: 2,
  toLocationName: 'Fábrica',
  quantity: '1234.500',
  unitCost: '2.3750',
  value: '2931.9375',
  origin: { type: 'MANUAL', id: null },
  notes: null,
  userId: 1,
  userName: 'Administrador',
  reversalOf: null,
  reversedBy: null,
  createdAt: '2026-03-05T13:00:00.000Z',
};

describe('a movement in the list', () => {
  it('shows the date, type, item, locations, quantity in its unit and the cost in BRL', () => {
    expect(movementView(row, 3)).toEqual({
      id: 12,
      date: '05/03/2026',
      type: { label: 'Transferência', color: 'blue' },
      item: 'ALG-01 – Algodão cru',
      from: 'Almoxarifado',
      to: 'Fábrica',
      places: 'Almoxarifado → Fábrica',
      quantity: '1.234,500 KG',
      unitCost: 'R$ 2,375',
      origin: 'Manual',
      user: 'Administrador',
      state: { kind: 'open' },
    });
  });

  it("keeps to the unit's decimals and leaves empty what the movement does not have", () => {
    const entry = movementView(
      {
        ...row,
        type: 'IN',
        fromLocationId: null,
        fromLocationName: null,
        quantity: '12.000',
        unitCode: 'UN',
      },
      0,
    );
    expect(entry.quantity).toBe('12 UN');
    expect(entry.from).toBe('');
    expect(entry.places).toBe('Fábrica');
    expect(entry.type).toEqual({ label: 'Entrada', color: 'green' });
    expect(movementView({ ...row, type: 'ADJUSTMENT' }, 3).type.label).toBe('Ajuste');
    expect(movementView({ ...row, userName: null }, 3).user).toBe('');
  });

  it('names the origin: manual, or the document it came from', () => {
    expect(formatOrigin({ type: 'MANUAL', id: null })).toBe('Manual');
    expect(formatOrigin({ type: 'PURCHASE_ORDER', id: 42 })).toBe('Ordem de Compra #42');
  });

  it('offers "Estornar" only for a manual movement neither reversed nor a reversal', () => {
    expect(canBeReversed(row)).toBe(true);
    for (const type of ['PURCHASE_ORDER', 'PRODUCTION_ORDER', 'INVOICE'] as const) {
      const made = { ...row, origin: { type, id: 42 } };
      expect(canBeReversed(made), type).toBe(false);
      expect(reversedThroughDocument(made), type).toBe(true);
    }
    expect(reversedThroughDocument(row)).toBe(false);
    expect(
      reversedThroughDocument({
        ...row,
        origin: { type: 'PRODUCTION_ORDER', id: 42 },
        reversedBy: 13,
      }),
    ).toBe(false);
    expect(canBeReversed({ ...row, reversedBy: 13 })).toBe(false);
    expect(canBeReversed({ ...row, reversalOf: 11 })).toBe(false);
    expect(movementView({ ...row, reversedBy: 13 }, 3).state).toEqual({ kind: 'reversed', by: 13 });
    expect(movementView({ ...row, reversalOf: 11 }, 3).state).toEqual({ kind: 'reversal', of: 11 });
  });
});
