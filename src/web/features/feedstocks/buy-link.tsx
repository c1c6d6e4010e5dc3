import { Flex } from 'antd';
import { Link } from 'react-router';
import { itemMovementsNotice } from '../../components/item-movements-link.js';
import type { ResourceRow } from '../../components/resource-row.js';
import { paths } from '../../lib/paths.js';
import { usePermission } from '../../lib/session.js';
import { missingQuantity } from './buy-quantity.js';

/**
 * "Comprar": a feedstock below its minimum opens a new purchase order with the missing quantity
 * and its default supplier (`/purchaseorders/new?itemId=…&quantity=…`).
 */
function BuyLink({ row }: { row: ResourceRow }) {
  const canBuy = usePermission('purchaseOrders:write');
  const missing = missingQuantity(row as { stock?: unknown; minimumStock?: unknown });
  if (!canBuy || missing === null) return null;
  return (
    <Link
      to={`${paths.purchaseOrders}/new?itemId=${row.id}&quantity=${missing}`}
      data-testid="buy-feedstock"
    >
      Comprar (abaixo do mínimo)
    </Link>
  );
}

/** Above a feedstock's form: its stock and movements, and "Comprar" when it is below its minimum. */
export const feedstockNotice = (row: ResourceRow) => (
  <Flex gap={16} wrap>
    {itemMovementsNotice(row)}
    <BuyLink row={row} />
  </Flex>
);
