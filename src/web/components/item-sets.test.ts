import { describe, expect, it } from 'vitest';
import {
  itemOptions,
  producibleProducts,
  purchasableItems,
  stockedItems,
  type PickedItem,
} from './item-sets.js';

const item = (id: number, code: string, kind: PickedItem['kind']): PickedItem => ({
  id,
  code,
  name: `Item ${code}`,
  kind,
  unitId: 1,
  unitCode: 'UN',
  lastPurchasePrice: null,
  averageCost: null,
});

const feedstock = item(1, 'LINHA-AZ', 'FEEDSTOCK');
const linen = item(2, 'LIN', 'FEEDSTOCK');
const product = item(3, 'LINHA', 'PRODUCT');

describe('itemOptions (the item pickers of purchase orders, movements and production orders)', () => {
  it('lists each kind under its heading, in the set order while nothing is searched', () => {
    expect(itemOptions(purchasableItems, [product, feedstock], '', undefined)).toEqual([
      { label: 'Insumos', options: [{ value: 1, label: 'LINHA-AZ – Item LINHA-AZ' }] },
      { label: 'Produtos de revenda', options: [{ value: 3, label: 'LINHA – Item LINHA' }] },
    ]);
    expect(
      itemOptions(stockedItems, [feedstock, product], '', undefined).map((g) => g.label),
    ).toEqual(['Produtos', 'Insumos']);
  });

  it('puts the exact code first and its kind on top, so Enter picks what was typed', () => {
    const options = itemOptions(purchasableItems, [linen, feedstock, product], 'linha', undefined);
    expect(options).toEqual([
      { label: 'Produtos de revenda', options: [{ value: 3, label: 'LINHA – Item LINHA' }] },
      {
        label: 'Insumos',
        options: [
          { value: 1, label: 'LINHA-AZ – Item LINHA-AZ' },
          { value: 2, label: 'LIN – Item LIN' },
        ],
      },
    ]);
  });

  it('keeps the chosen item by name when the search did not find it, and once when it did', () => {
    const chosen = item(9, 'OLD', 'PRODUCT');
    expect(itemOptions(stockedItems, [feedstock], '', chosen)[0]).toEqual({
      value: 9,
      label: 'OLD – Item OLD',
    });
    expect(itemOptions(stockedItems, [feedstock], '', feedstock)).toEqual([
      { label: 'Insumos', options: [{ value: 1, label: 'LINHA-AZ – Item LINHA-AZ' }] },
    ]);
  });

  it('lists a one-group picker without a heading', () => {
    expect(itemOptions(producibleProducts, [product], '', undefined)).toEqual([
      { value: 3, label: 'LINHA – Item LINHA' },
    ]);
  });
});
