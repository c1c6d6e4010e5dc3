import { formatDecimal, parseDecimal } from '../../shared/money.js';

/** Unit costs and prices are stored with 4 decimal places (DOMAIN §1, numeric(15,4)). */
const UNIT_COST_SCALE = 4;
const CENTS = 2;

/**
 * A unit cost in BRL with the places it needs: cents always, up to 4 when the value has them
 * ("12.5000" → "R$ 12,50", "0.3333" → "R$ 0,3333"), so a cost is never shown rounded.
 */
export function formatUnitCost(value: string | number | null | undefined): string {
  const parsed = parseDecimal(value ?? null);
  if (!parsed) return '';
  const places = Math.min(Math.max(parsed.decimalPlaces(), CENTS), UNIT_COST_SCALE);
  const text = formatDecimal(parsed.toFixed(), places);
  return text.startsWith('-') ? `-R$ ${text.slice(1)}` : `R$ ${text}`;
}
