import { formatDecimal, parseDecimal } from '../../shared/money.js';
import { typedMoneyToDecimal } from './money-text.js';

/**
 * Quantities are typed the way money is (money-text.ts): a comma before the decimals, dots
 * between thousands ("1.234,5" and "1.234" are past a thousand), and travel as decimal strings.
 * Each unit of measurement allows its own number of decimal places (DOMAIN §2, 0 to 3).
 */

/** The most decimal places a quantity has (numeric(15,3)), used until the unit is known. */
export const MAX_QUANTITY_DECIMALS = 3;

/** What the API takes for what was typed: "1.234,5" → "1234.5"; no number is handed on as typed. */
export function typedQuantityToDecimal(typed: string): string | undefined {
  return typedMoneyToDecimal(typed);
}

/** "1234.5" with 3 decimals → "1.234,500": a quantity as lists show it, in its unit's decimals. */
export function formatQuantity(
  value: string | number | null | undefined,
  decimals: number,
): string {
  return formatDecimal(value, decimals);
}

/**
 * What the quantity input shows when it is left: the value in its unit's decimals ("12" → "12,000"
 * for kilograms). What it cannot show without changing it (no number, or more decimals than the
 * unit allows) stays as typed, for the form to say why instead of rounding it into another value.
 */
export function formatTypedQuantity(typed: string, decimals: number): string {
  const decimal = typedQuantityToDecimal(typed);
  if (decimal === undefined) return '';
  const parsed = parseDecimal(decimal);
  if (!parsed || parsed.decimalPlaces() > decimals) return typed;
  return formatQuantity(decimal, decimals);
}
