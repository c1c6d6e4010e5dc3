import { parseDecimal } from '../../../shared/money.js';
import type { Kardex, KardexRow } from '../../../shared/resources/stock-items.js';
import { formatDate } from '../../components/dates.js';
import { movementTypeTags } from '../../components/movement-type-tags.js';
import { formatQuantity } from '../../components/quantity-text.js';
import { formatUnitCost } from '../../components/unit-cost-text.js';

/**
 * An item's kardex as its table shows it: a line with the balance brought in, then each movement
 * with what it did at the chosen location (or over all of them) and the balance after it.
 */
export type KardexLine =
  | { kind: 'opening'; key: 'opening'; label: string; balance: string }
  | ({ kind: 'movement'; key: number } & MovementLine);

export interface MovementLine {
  id: number;
  date: string;
  type: { label: string; color: string };
  /** "Almoxarifado → Fábrica" for a transfer, else the one location. */
  places: string;
  /** "+10,000", "−4,000", or unsigned when it moved stock inside the scope (a transfer seen over all locations). */
  change: string;
  direction: 'in' | 'out' | 'none';
  unitCost: string;
  balance: string;
  /** The movement this one reverses. */
  reversalOf: number | null;
}

/** The minus sign, not a hyphen: it reads as one and lines up with the plus. */
const MINUS = '\u2212';

/**
 * A signed change in the unit's decimals: + what came into the scope, − what left it. A change
 * of 0 is a transfer between two of the scope's locations: its quantity, without a sign.
 */
export function signedChange(row: Pick<KardexRow, 'change' | 'quantity'>, decimals: number) {
  const change = parseDecimal(row.change);
  if (!change || change.isZero()) {
    return { text: formatQuantity(row.quantity, decimals), direction: 'none' as const };
  }
  const size = formatQuantity(change.abs().toFixed(), decimals);
  return change.isPositive()
    ? { text: `+${size}`, direction: 'in' as const }
    : { text: `${MINUS}${size}`, direction: 'out' as const };
}

function movementLine(row: KardexRow, decimals: number): MovementLine {
  const change = signedChange(row, decimals);
  return {
    id: row.id,
    date: formatDate(row.date),
    type: movementTypeTags[row.type],
    places: [row.fromLocationName, row.toLocationName].filter(Boolean).join(' → '),
    change: change.text,
    direction: change.direction,
    unitCost: formatUnitCost(row.unitCost),
    balance: formatQuantity(row.balance, decimals),
    reversalOf: row.reversalOf,
  };
}

/**
 * The lines of one page. The first page opens with the balance before the period ("Saldo em
 * {the day before}", or "Saldo anterior" with no start); a later page with the balance its first
 * movement started from, carried over from the page before.
 */
export function kardexLines(kardex: Kardex, from: string | undefined): KardexLine[] {
  const decimals = kardex.item.unitDecimals;
  const first = kardex.items[0];
  const carried = kardex.page > 1 && first !== undefined;
  const opening = carried
    ? parseDecimal(first.balance)!.minus(parseDecimal(first.change)!).toFixed()
    : kardex.openingBalance;
  const label = carried
    ? 'Saldo transportado'
    : from
      ? `Saldo anterior a ${formatDate(from)}`
      : 'Saldo anterior';
  return [
    { kind: 'opening', key: 'opening', label, balance: formatQuantity(opening, decimals) },
    ...kardex.items.map((row) => ({
      kind: 'movement' as const,
      key: row.id,
      ...movementLine(row, decimals),
    })),
  ];
}
