import { Decimal } from 'decimal.js';
import { formatDecimal, parseDecimal } from '../../shared/money.js';
import { typedMoneyToDecimal } from './money-text.js';

/**
 * Where the line table puts the focus after a change: a line's cell (by column), its "Remover",
 * or "Adicionar".
 */
export type LineFocus =
  | { kind: 'cell'; index: number; column: number }
  | { kind: 'remove'; index: number }
  | { kind: 'add'; index: number };

/**
 * Enter in the cell of column `column` on line `index` (of `count`), given the columns that take
 * input: the line's next such cell; after its last one the next line's first, and after the
 * last line a new one, so a list is typed without reaching for the mouse (and Enter never
 * submits the whole form half-typed).
 */
export function afterEnter(
  index: number,
  count: number,
  column: number,
  inputColumns: readonly number[],
): { index: number; column: number; add: boolean } {
  const next = inputColumns.find((candidate) => candidate > column);
  if (next !== undefined) return { index, column: next, add: false };
  return { index: index + 1, column: inputColumns[0] ?? 0, add: index + 1 >= count };
}

/**
 * An amount of a line as the form holds it, typed ("1.234,50", "12,5") or as loaded ("12.5");
 * null while it is no number yet, so a total counts only what can be counted.
 */
export function lineAmount(value: unknown): Decimal | null {
  if (typeof value === 'number') return parseDecimal(value);
  if (typeof value !== 'string') return null;
  const decimal = typedMoneyToDecimal(value);
  return decimal === undefined ? null : parseDecimal(decimal);
}

/** The sum of one amount over the lines (a column's total), exact. */
export function sumLines<Line>(lines: readonly Line[], amount: (line: Line) => unknown): Decimal {
  return lines.reduce((total, line) => total.plus(lineAmount(amount(line)) ?? 0), new Decimal(0));
}

/** "1.500" → "1,5": a stored quantity without the zeros its places add. */
export function quantityText(value: string): string {
  const parsed = parseDecimal(value);
  return parsed ? formatDecimal(value, parsed.decimalPlaces()) : value;
}

/** A unit price with the places it needs: cents always, up to 4 ("12.5000" → "12,50"). */
export function unitPriceText(value: string | null | undefined): string {
  const parsed = parseDecimal(value ?? null);
  if (!parsed) return '';
  return formatDecimal(parsed.toFixed(), Math.min(Math.max(parsed.decimalPlaces(), 2), 4));
}
