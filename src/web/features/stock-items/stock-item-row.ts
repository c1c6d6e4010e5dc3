import { formatBRL } from '../../../shared/money.js';
import {
  stockItemKindLabels,
  type StockItemList,
  type StockItemRow,
} from '../../../shared/resources/stock-items.js';
import { formatDate } from '../../components/dates.js';
import { formatQuantity } from '../../components/quantity-text.js';
import { formatUnitCost } from '../../components/unit-cost-text.js';

const kindColors: Record<StockItemRow['kind'], string> = { PRODUCT: 'geekblue', FEEDSTOCK: 'cyan' };

/** A balance as the list shows it: every text already formatted for pt-BR. */
export interface StockItemView {
  key: string;
  itemId: number;
  /** "ALG-01 – Algodão cru". */
  item: string;
  kind: { label: string; color: string };
  location: string;
  /** "1.234,500 KG", in the unit's decimals. */
  quantity: string;
  /** "7 UN reservados · 8 UN livres" when sales orders hold some of it; null otherwise. */
  reservedNote: string | null;
  averageCost: string;
  value: string;
  /** The item's stock over all locations is below its minimum: the row is marked. */
  belowMinimum: boolean;
  /** "Mínimo 50,000 KG, total 12,000 KG", said beside the mark. */
  minimumNote: string | null;
}

export const stockItemKey = (row: Pick<StockItemRow, 'itemId' | 'locationId'>) =>
  `${row.itemId}-${row.locationId}`;

export function stockItemView(row: StockItemRow): StockItemView {
  const quantity = (value: string) => `${formatQuantity(value, row.unitDecimals)} ${row.unitCode}`;
  return {
    key: stockItemKey(row),
    itemId: row.itemId,
    item: `${row.itemCode} – ${row.itemName}`,
    kind: { label: stockItemKindLabels[row.kind], color: kindColors[row.kind] },
    location: row.locationName,
    quantity: quantity(row.quantity),
    reservedNote:
      row.reservedQuantity && Number(row.reservedQuantity) > 0
        ? `${quantity(row.reservedQuantity)} reservados · ${quantity(row.availableQuantity ?? '0')} livres`
        : null,
    averageCost: formatUnitCost(row.averageCost),
    value: formatBRL(row.value),
    belowMinimum: row.belowMinimum,
    minimumNote:
      row.belowMinimum && row.minimumStock !== null
        ? `Mínimo ${quantity(row.minimumStock)}, em todos os locais ${quantity(row.itemQuantity)}`
        : null,
  };
}

/**
 * The line above the table: the day the balances are at and the totals of every row of the
 * filter (not only this page), the quantity only when the rows are all of one item (the API
 * sends it then) in that item's unit.
 */
export function stockSummary(list: StockItemList): string[] {
  const parts = [`Posição em ${formatDate(list.at)}`, `Valor total ${formatBRL(list.totalValue)}`];
  const first = list.items[0];
  if (list.totalQuantity !== undefined && first) {
    parts.push(
      `Quantidade total ${formatQuantity(list.totalQuantity, first.unitDecimals)} ${first.unitCode}`,
    );
  }
  return parts;
}
