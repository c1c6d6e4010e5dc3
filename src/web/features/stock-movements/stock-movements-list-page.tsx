import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../../shared/messages.js';
import { PAGE_SIZES, toApiQuery } from '../../components/list-params.js';
import type { ListLocationState } from '../../components/resource-form-page.js';
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
  const navigate = useNavigate();
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

  // A page past the end (a link made when there were more rows) shows the last page instead.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / params.pageSize)) : null;
  useEffect(() => {
    if (lastPage !== null && params.page > lastPage && !list.isPlaceholderData) {
      setPage(lastPage, params.pageSize);
    }
  }, [lastPage, params.page, params.pageSize, list.isPlaceholderData, setPage]);

  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const columns = movementColumns({
    small,
    sort: params.sort,
    canReverse,
  });

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Movimentação de Estoque
        </Typography.Title>
        {canWrite && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(`${basePath}/new`, { state })}
            data-testid="new-button"
          >
            Nova movimentação
          </Button>
        )}
      </Flex>

      <MovementFilters
        q={params.q}
        filters={params.filters}
        small={small}
        onSearch={setSearch}
        onFilter={setFilter}
      />

      <div data-testid="movements-table" style={{ minWidth: 0 }}>
        <Table
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          tableLayout="fixed"
          scroll={small ? undefined : { x: MOVEMENT_TABLE_MIN_WIDTH }}
          showSorterTooltip={false}
          pagination={{
            current: params.page,
            pageSize: params.pageSize,
            total: list.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            showTotal: messages.recordCount,
            responsive: true,
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'paginate') {
              setPage(pagination.current ?? 1, pagination.pageSize ?? params.pageSize);
            } else if (extra.action === 'sort') {
              const one = Array.isArray(sorter) ? sorter[0] : sorter;
              setSort(one?.order === 'ascend' ? 'date' : null);
            }
          }}
          rowClassName={(row) => `movement-${movementState(row).kind}`}
          onRow={(row) => ({
            onClick: () => navigate(`${basePath}/${row.id}`, { state }),
            style: { cursor: 'pointer' },
          })}
          locale={list.isError ? { emptyText: 'Não foi possível carregar a lista.' } : undefined}
        />
      </div>
    </Flex>
  );
}
