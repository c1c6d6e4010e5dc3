/**
 * Thousands separators as pt-BR writes them, without decimal.js: messages.ts formats its counts
 * and limits with this, and the login page, which shows messages but no money, does not load
 * decimal.js for them.
 */

/** "1234567" → "1.234.567": digits in groups of three, separated by dots. */
export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** A whole number as pt-BR shows it: 1234 → "1.234"; a fraction is rounded half away from zero. */
export function formatInteger(value: number): string {
  const rounded = Math.round(Math.abs(value));
  return `${value < 0 && rounded !== 0 ? '-' : ''}${groupThousands(String(rounded))}`;
}
