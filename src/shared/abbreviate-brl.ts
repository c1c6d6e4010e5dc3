import { Decimal } from 'decimal.js';
import { formatBRL, formatDecimal, parseDecimal } from './money.js';

const suffixes = ['K', 'M', 'B', 'T'] as const;

/**
 * A big figure for a dashboard card or chart axis (DOMAIN §13): "R$ 12,3 K", "R$ 1,2 M",
 * "-R$ 1,5 B". Below R$ 1.000 it is the exact BRL ("R$ 950,00"). Above, the value is divided by the
 * largest step of 1000 it reaches and rounded half up to one decimal, a trailing ",0" dropped
 * ("R$ 2 M", not "R$ 2,0 M"), the way Intl's compact notation writes it; a value that rounds up to
 * 1000 of a step moves to the next one (999.950 → "R$ 1 M", not "R$ 1.000 K"). Screens show the
 * exact value (`formatBRL`) beside or on hover.
 */
export function abbreviateBRL(value: string | number | null | undefined): string {
  const parsed = parseDecimal(value ?? null);
  if (!parsed) return '';
  const magnitude = parsed.abs();
  if (magnitude.lessThan(1000)) return formatBRL(value);
  let step = 0;
  const scaledAt = (index: number) =>
    magnitude.dividedBy(new Decimal(1000).pow(index + 1)).toDecimalPlaces(1, Decimal.ROUND_HALF_UP);
  let scaled = scaledAt(step);
  while (step < suffixes.length - 1 && scaled.greaterThanOrEqualTo(1000)) {
    step += 1;
    scaled = scaledAt(step);
  }
  const number = formatDecimal(scaled.toFixed(1), 1).replace(/,0$/, '');
  return `${parsed.isNegative() ? '-' : ''}R$ ${number} ${suffixes[step]}`;
}
