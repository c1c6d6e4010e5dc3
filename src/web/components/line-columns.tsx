import { ItemSelect } from './item-select.js';
import type { ItemSet, PickedItem } from './item-sets.js';
import { LineQuantity } from './line-quantity.js';
import type { LineColumn } from './line-table.js';
import { MoneyInput } from './money-input.js';

const wide = { width: '100%' };

/**
 * A document line's item (a required column): picked among `items`; `onPick` fills what the
 * picked item brings to its line (its price).
 */
export function itemColumn({
  key = 'itemId',
  title = 'Item',
  width,
  items,
  onPick,
}: {
  /** The line's field: `itemId`, or `productId`. */
  key?: string;
  title?: string;
  width: number;
  items: ItemSet;
  onPick: (index: number, item: PickedItem) => void;
}): LineColumn {
  return {
    key,
    title,
    width,
    required: true,
    input: ({ index, label }) => (
      <ItemSelect
        items={items}
        aria-label={label}
        style={wide}
        popupMatchSelectWidth={false}
        onPick={(item) => item && onPick(index, item)}
      />
    ),
  };
}

/**
 * A document line's "Quantidade" (required), in the unit of the item on the same line of `list`
 * (`itemField` names it where it is not `itemId`).
 */
export function quantityColumn({
  list,
  width,
  itemField,
}: {
  list: string;
  width: number;
  itemField?: string;
}): LineColumn {
  return {
    key: 'quantity',
    title: 'Quantidade',
    width,
    align: 'right',
    required: true,
    input: ({ index, label }) => (
      <LineQuantity list={list} itemField={itemField} index={index} label={label} />
    ),
  };
}

/** A document line's "Preço unitário", in reais. */
export function unitPriceColumn({ width }: { width: number }): LineColumn {
  return {
    key: 'unitPrice',
    title: 'Preço unitário',
    width,
    align: 'right',
    input: ({ label }) => <MoneyInput aria-label={label} />,
  };
}
