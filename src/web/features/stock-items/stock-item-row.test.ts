import { describe, expect, it } from 'vitest';
import type { StockItemList, StockItemRow } from '../../../shared/resources/stock-items.js';
import { stockItemView, stockSummary } from './stock-item-row.js';

const row: StockItemRow = {
  itemId: 7,
  itemCode: 'ALG-01',
  itemName: 'Algodão cru',
  kind: 'FEEDSTOCK',
  unitCode: 'KG',
  unitDecimals: 3,
  categoryId: null,
  categoryName: null,
  locationId: 2,
  locationName: 'Almoxarifado',
  quantity: '1234.500',
  itemQuantity: '1300.000',
  averageCost: '2.3750',
  value: '2931.94',
  minimumStock: '50.000',
  belowMinimum: false,
};

const list = (changes: Partial<StockItemList>): StockItemList => ({
  items: [row],
  total: 1,
  page: 1,
  pageSize: 20,
  at: '2026-03-05',
  totalValue: '2931.94',
  ...changes,
});

describe('a balance in Consulta de Estoque', () => {
  it("shows the item, its kind, the quantity in its unit's decimals, the average cost and the value", () => {
    expect(stockItemView(row)).toEqual({
      key: '7-2',
      itemId: 7,
      item: 'ALG-01 – Algodão cru',
      kind: { label: 'Insumo', color: 'cyan' },
      location: 'Almoxarifado',
      quantity: '1.234,500 KG',
      reservedNote: null,
      averageCost: 'R$ 2,375',
      value: 'R$ 2.931,94',
      belowMinimum: false,
      minimumNote: null,
    });
    const product = stockItemView({
      ...row,
      kind: 'PRODUCT',
      unitCode: 'UN',
      unitDecimals: 0,
      quantity: '12.000',
    });
    expect(product.quantity).toBe('12 UN');
    expect(product.kind.label).toBe('Produto');
  });

  it('says what sales orders hold of the balance and what is left free', () => {
    const held = stockItemView({
      ...row,
      reservedQuantity: '200.000',
      availableQuantity: '1034.500',
    });
    expect(held.reservedNote).toBe('200,000 KG reservados · 1.034,500 KG livres');
    expect(stockItemView({ ...row, reservedQuantity: '0.000' }).reservedNote).toBeNull();
    expect(stockItemView({ ...row, reservedQuantity: null }).reservedNote).toBeNull();
  });

  it('marks an item below its minimum and says against what, over every location', () => {
    const short = stockItemView({
      ...row,
      quantity: '4.000',
      itemQuantity: '12.000',
      belowMinimum: true,
    });
    expect(short.belowMinimum).toBe(true);
    expect(short.minimumNote).toBe('Mínimo 50,000 KG, em todos os locais 12,000 KG');
    // The API decides: a row at its minimum, or of an item with none, is not marked.
    expect(stockItemView({ ...row, itemQuantity: '50.000' }).belowMinimum).toBe(false);
    expect(stockItemView({ ...row, minimumStock: null }).minimumNote).toBeNull();
  });
});

describe('the summary above the list', () => {
  it('names the day and the total value; the quantity only when the API sends it (one item)', () => {
    expect(stockSummary(list({}))).toEqual(['Posição em 05/03/2026', 'Valor total R$ 2.931,94']);
    expect(stockSummary(list({ totalQuantity: '1300.000' }))).toEqual([
      'Posição em 05/03/2026',
      'Valor total R$ 2.931,94',
      'Quantidade total 1.300,000 KG',
    ]);
    // No row to read the unit from (a page past the end): no quantity rather than one without unit.
    expect(stockSummary(list({ items: [], totalQuantity: '0.000', totalValue: '0.00' }))).toEqual([
      'Posição em 05/03/2026',
      'Valor total R$ 0,00',
    ]);
  });
});
