import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useLocation } from 'react-router';
import { ListHeader } from '../../components/list-header.js';
import { toApiQuery } from '../../components/list-params.js';
import { ListTable } from '../../components/list-table.js';
import { NewButton } from '../../components/new-button.js';
import type { ListLocationState } from '../../components/resource-form-page.js';
import { useLastPageClamp } from '../../components/use-last-page-clamp.js';
import { useListParams } from '../../components/use-list-params.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
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
  const location = useLocation();
  const state: ListLocationState = { listSearch: location.search };
  const canWrite = usePermission('stockMovements:write');
  const canReverse = usePermission('stockMovements:reverse');
  const { params, setPage, setSort, setSearch, setFilter } = useListParams(movementList);
  const apiQuery = toApiQuery(params);

  const list = useQuery({
    queryKey: movementKeys.list(apiQuery),
    queryFn: ({ signal }) => movementsApi.list(apiQuery, signal),
    placeholderData: keepPreviousData,
  });

  useLastPageClamp(list, params, setPage);

  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const columns = movementColumns({
    small,
    sort: params.sort,
    canReverse,
  });

  return (
    <Flex vertical gap={16}>
      <ListHeader title="Movimentação de Estoque">
        {canWrite && <NewButton to={`${basePath}/new`} state={state} label="Nova movimentação" />}
      </ListHeader>

      <MovementFilters
        q={params.q}
        filters={params.filters}
        small={small}
        onSearch={setSearch}
        onFilter={setFilter}
      />

      <ListTable
        testId="movements-table"
        list={list}
        params={params}
        setPage={setPage}
        setSort={setSort}
        rowPath={(row) => `${basePath}/${row.id}`}
        state={state}
        rowKey="id"
        columns={columns}
        tableLayout="fixed"
        scroll={small ? undefined : { x: MOVEMENT_TABLE_MIN_WIDTH }}
        rowClassName={(row) => `movement-${movementState(row).kind}`}
      />
    </Flex>
  );
}
