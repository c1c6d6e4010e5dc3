import type { StockMovementType } from '../../shared/resources/stock-movements.js';

/**
 * A stock movement's type as lists show it, a coloured tag with a short name ("Ajuste" fits a
 * tag; the form says "Ajuste de inventário"): the ledger and an item's kardex read them alike.
 */
export const movementTypeTags: Record<StockMovementType, { label: string; color: string }> = {
  IN: { label: 'Entrada', color: 'green' },
  OUT: { label: 'Saída', color: 'red' },
  TRANSFER: { label: 'Transferência', color: 'blue' },
  ADJUSTMENT: { label: 'Ajuste', color: 'gold' },
};
