import {
  stockOriginLabels,
  type StockMovementRow,
} from '../../../shared/resources/stock-movements.js';
import { formatDate } from '../../components/dates.js';
import { movementTypeTags } from '../../components/movement-type-tags.js';
import { formatQuantity } from '../../components/quantity-text.js';
import { formatUnitCost } from '../../components/unit-cost-text.js';

/**
 * Where a movement stands: reversed by another (`reversedBy`), itself the reversal of one
 * (`reversalOf`), or neither, the only one "Estornar" applies to.
 */
export type MovementState =
  { kind: 'open' } | { kind: 'reversed'; by: number } | { kind: 'reversal'; of: number };

export function movementState(row: Pick<StockMovementRow, 'reversedBy' | 'reversalOf'>) {
  if (row.reversedBy !== null) return { kind: 'reversed', by: row.reversedBy } as const;
  if (row.reversalOf !== null) return { kind: 'reversal', of: row.reversalOf } as const;
  return { kind: 'open' } as const;
}

/**
 * "Estornar" is offered for a MANUAL movement that is neither reversed nor a reversal itself. One
 * a document made (a receipt, a production order) is undone through that document: the API
 * refuses it by hand (422 DOCUMENT_MOVEMENT).
 */
export const canBeReversed = (
  row: Pick<StockMovementRow, 'reversedBy' | 'reversalOf' | 'origin'>,
) => row.origin.type === 'MANUAL' && movementState(row).kind === 'open';

/** An open movement a document made: its screen says it is undone through the document. */
export const reversedThroughDocument = (
  row: Pick<StockMovementRow, 'reversedBy' | 'reversalOf' | 'origin'>,
) => row.origin.type !== 'MANUAL' && movementState(row).kind === 'open';

/** "Manual", or the document's kind and id: the API sends the document's id, not its number. */
export function formatOrigin(origin: StockMovementRow['origin']): string {
  if (origin.type === 'MANUAL' || origin.id === null) return stockOriginLabels[origin.type];
  return `${stockOriginLabels[origin.type]} #${origin.id}`;
}

/** A movement as the list shows it: every text already formatted for pt-BR. */
export interface MovementView {
  id: number;
  date: string;
  type: { label: string; color: string };
  /** "CAM-01 – Camiseta". */
  item: string;
  from: string;
  to: string;
  /** Where the stock went: "Almoxarifado → Fábrica" for a transfer, else the one location. */
  places: string;
  /** "1.234,500 KG", in the unit's decimals. */
  quantity: string;
  unitCost: string;
  origin: string;
  user: string;
  state: MovementState;
}

/** `decimals`: the places of the item's unit (3, the most, while the unit is not known). */
export function movementView(row: StockMovementRow, decimals: number): MovementView {
  return {
    id: row.id,
    date: formatDate(row.date),
    type: movementTypeTags[row.type],
    item: `${row.itemCode} – ${row.itemName}`,
    from: row.fromLocationName ?? '',
    to: row.toLocationName ?? '',
    places: [row.fromLocationName, row.toLocationName].filter(Boolean).join(' → '),
    quantity: `${formatQuantity(row.quantity, decimals)} ${row.unitCode}`,
    unitCost: formatUnitCost(row.unitCost),
    origin: formatOrigin(row.origin),
    user: row.userName ?? '',
    state: movementState(row),
  };
}
