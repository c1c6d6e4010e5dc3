import { Decimal } from 'decimal.js';
import { parseDecimal } from '../../../shared/money.js';

/**
 * What a feedstock below its minimum lacks to reach it (minimum − stock), or null when it is not
 * below (or has no minimum).
 */
export function missingQuantity(
  row: { stock?: unknown; minimumStock?: unknown } & object,
): string | null {
  const minimum = parseDecimal(row.minimumStock ?? null);
  const stock = parseDecimal(row.stock ?? null) ?? new Decimal(0);
  if (!minimum || !minimum.greaterThan(stock)) return null;
  return minimum.minus(stock).toFixed();
}
