import { formatDecimal, parseDecimal } from '../../shared/money.js';

/** Cents: what a money field holds after the comma. */
const MONEY_SCALE = 2;

/**
 * Money is typed and shown the Brazilian way ("1.234,50") and travels as a decimal string
 * ("1234.50"). In what is typed, a comma is the decimal separator and dots group thousands;
 * without a comma, "1.234" is a thousand and "12.5" twelve and a half. What is no number is
 * handed on as typed, so the shared schema answers "Valor deve ser um número" instead of the
 * form guessing a value.
 */
export function typedMoneyToDecimal(typed: string): string | undefined {
  const text = typed
    .trim()
    .replace(/^R\$\s*/, '')
    .replace(/\s/g, '');
  if (text === '') return undefined;
  if (/^-?\d{1,3}(\.\d{3})+$/.test(text)) return text.replace(/\./g, '');
  return parseDecimal(text)?.toFixed() ?? text;
}

/**
 * What the money input shows for a value when it is left: "1.234,50". What it cannot show
 * without changing it (no number, or more than cents: "0,00150") stays as typed, for the
 * schema to refuse, rather than being rounded into another value.
 */
export function formatTypedMoney(typed: string): string {
  const decimal = typedMoneyToDecimal(typed);
  if (decimal === undefined) return '';
  const parsed = parseDecimal(decimal);
  if (!parsed || parsed.decimalPlaces() > MONEY_SCALE) return typed;
  return formatDecimal(decimal, MONEY_SCALE);
}
