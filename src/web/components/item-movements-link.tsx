import { Link } from 'react-router';
import type { ResourceRow } from './resource-row.js';
import { paths } from '../lib/paths.js';
import { usePermission } from '../lib/session.js';

/**
 * Above a product's or feedstock's form: a way to its stock and movements with the running
 * balance (the kardex of Consulta de Estoque), for whoever may read the stock.
 */
function ItemMovementsLink({ itemId }: { itemId: number }) {
  if (!usePermission('stockItems:read')) return null;
  return (
    <Link to={`${paths.stockItems}/${itemId}`} data-testid="item-movements-link">
      Ver estoque e movimentações deste item
    </Link>
  );
}

export const itemMovementsNotice = (row: ResourceRow) => <ItemMovementsLink itemId={row.id} />;
