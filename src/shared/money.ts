import { Decimal } from 'decimal.js';
import { groupThousands } from './digit-groups.js';

/**
 * Money and quantities travel as decimal strings ("1234.50") and are computed with decimal.js,
 * never with binary floating point. Screens show BRL: "R$ 1.234,50".
 */
export const MAX_SIGNIFICANT_DIGITS = 15;

/** pt-BR with a decimal comma: "1234,5" or "1.234,50", dots only between groups of three. */
const PT_BR_DECIMAL = /^-?(\d+|\d{1,3}(\.\d{3})+),\d+$/;

/**
 * Parses "1234.5", "1.234,50" (pt-BR) or a number; null when it is not a valid decimal. Nothing is
 * guessed: "1.2,3" or "1,2,3" is no number rather than 12.3.
 */
export function parseDecimal(input: unknown): Decimal | null {
  if (typeof input === 'number') return Number.isFinite(input) ? new Decimal(String(input)) : null;
  if (typeof input !== 'string') return null;
  let text = input.trim().replace(/^R\$\s*/, '');
  if (text === '') return null;
  if (PT_BR_DECIMAL.test(text)) text = text.replace(/\./g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return new Decimal(text);
}

export function significantDigits(value: Decimal): number {
  const digits = value.abs().toFixed().replace('.', '').replace(/^0+/, '');
  return Math.max(digits.length, 1);
}

/** The canonical string of a value with `scale` decimal places: "1234.50". */
export function toDecimalString(value: Decimal, scale: number): string {
  return value.toFixed(scale);
}

/** "1234.5" → "1.234,50"; decimals fixed at `scale`. */
export function formatDecimal(value: string | number | null | undefined, scale = 2): string {
  const parsed = parseDecimal(value ?? null);
  if (!parsed) return '';
  const [integer, fraction] = parsed.abs().toFixed(scale).split('.');
  const sign = parsed.isNegative() && !parsed.isZero() ? '-' : '';
  return `${sign}${groupThousands(integer!)}${fraction ? `,${fraction}` : ''}`;
}

/** "1234.5" → "R$ 1.234,50". */
export function formatBRL(value: string | number | null | undefined): string {
  const text = formatDecimal(value, 2);
  if (!text) return '';
  return text.startsWith('-') ? `-R$ ${text.slice(1)}` : `R$ ${text}`;
}
