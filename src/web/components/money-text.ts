import { formatDecimal } from '../../shared/money.js';

/**
 * Money is typed and shown the Brazilian way ("1.234,50") and travels as a decimal string
 * ("1234.50"). In what is typed, a comma is the decimal separator and dots group thousands;
 * without a comma, "1.234" is a thousand and "12.5" twelve and a half.
 */
export function typedMoneyToDecimal(typed: string): string | undefined {
  const text = typed
    .trim()
    .replace(/^R\$\s*/, '')
    .replace(/\s/g, '');
  if (text === '') return undefined;
  if (text.includes(',')) return text.replace(/\./g, '').replace(',', '.');
  if (/^-?\d{1,3}(\.\d{3})+$/.test(text)) return text.replace(/\./g, '');
  return text;
}

/** What the money input shows for a value: "1.234,50", or what was typed if it is no number. */
export function formatTypedMoney(typed: string): string {
  const decimal = typedMoneyToDecimal(typed);
  if (decimal === undefined) return '';
  return formatDecimal(decimal, 2) || typed;
}
