import { DocumentListPage } from '../../components/document-list-page.js';
import { usePermission } from '../../lib/session.js';
import { movementKeys, movementsApi } from './api.js';
import { MOVEMENT_TABLE_MIN_WIDTH, movementColumns } from './movement-columns.js';
import { MovementFilters } from './movement-filters.js';
import { movementList } from './movement-list.js';
import { movementState } from './movement-row.js';

/**
 * Movimentação de Estoque (DOMAIN §4): the ledger, newest first, filtered by period, types, item,
 * location and origins, with paging, sort and filters in the URL. "Nova movimentação" opens the
 * manual form; "Estornar" writes the opposite of a movement; a movement opens its details.
 */
export function StockMovementsListPage({ basePath }: { basePath: string }) {
  const canReverse = usePermission('stockMovements:reverse');
  return (
    <DocumentListPage
      title="Movimentação de Estoque"
      definition={movementList}
      source={{ keys: movementKeys, list: movementsApi.list }}
      basePath={basePath}
      create={{ permission: 'stockMovements:write', label: 'Nova movimentação' }}
      filters={(props) => <MovementFilters {...props} />}
      columns={({ small, params }) => movementColumns({ small, sort: params.sort, canReverse })}
      testId="movements-table"
      minWidth={MOVEMENT_TABLE_MIN_WIDTH}
      rowClassName={(row) => `movement-${movementState(row).kind}`}
    />
  );
}
