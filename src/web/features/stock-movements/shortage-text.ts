import type { StockShortage } from '../../../shared/error-codes.js';
import { parseDecimal } from '../../../shared/money.js';
import { formatQuantity } from '../../components/quantity-text.js';

/** A row of INSUFFICIENT_STOCK's `details`; `missing` (required − available) as the server sends it. */
export type Shortage = StockShortage & { missing?: unknown };

/**
 * One item short, as the form lists it: "Algodão em Almoxarifado: disponível 10,000, necessário
 * 25,000, falta 15,000", in the unit's decimals. `missing` is worked out when it did not come.
 */
export function shortageLine(shortage: Shortage, decimals: number): string {
  const missing =
    typeof shortage.missing === 'string'
      ? shortage.missing
      : parseDecimal(shortage.required)
          ?.minus(parseDecimal(shortage.available) ?? 0)
          .toFixed();
  const quantity = (value: string | undefined) => formatQuantity(value, decimals);
  return (
    `${shortage.item} em ${shortage.location}: disponível ${quantity(shortage.available)}, ` +
    `necessário ${quantity(shortage.required)}, falta ${quantity(missing)}`
  );
}
