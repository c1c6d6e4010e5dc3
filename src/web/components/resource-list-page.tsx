import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Permission } from '../../shared/permissions.js';
import { messages } from '../../shared/messages.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import { queryKeys } from '../lib/query-keys.js';
import { usePermission } from '../lib/session.js';
import { ExportButtons } from './export-buttons.js';
import { ImportButton } from './import-button.js';
import { resourceColumns } from './resource-columns.js';
import type { ListLocationState } from './resource-form-page.js';
import { ResourceFilter } from './resource-filters.js';
import { resourceApi, type ResourceRow } from './resource-row.js';
import { SearchBox } from './search-box.js';
import { PAGE_SIZES, toApiQuery } from './list-params.js';
import { useListParams } from './use-list-params.js';
import { breakpoints, useMediaQuery } from './use-media-query.js';

/**
 * The list of a master-data resource, driven by its definition: search, filters, server-side
 * paging and sorting, all kept in the URL; export, import and "Novo" as the user's role allows.
 * `basePath` is the area's path (`/client`): rows open at `basePath/:id`.
 */
export function ResourceListPage({
  definition,
  basePath,
}: {
  definition: ResourceDefinition;
  basePath: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // The form's "Voltar" comes back to this page of the list, with its search and filters.
  const state: ListLocationState = { listSearch: location.search };
  const canWrite = usePermission(`${definition.area}:write` as Permission);
  const { params, setPage, setSort, setSearch, setFilter } = useListParams(definition);
  const apiQuery = toApiQuery(params);

  const list = useQuery({
    queryKey: queryKeys.resource(definition.path).list(apiQuery),
    queryFn: ({ signal }) => resourceApi.list(definition.path, apiQuery, signal),
    placeholderData: keepPreviousData,
  });

  // A page past the end (rows deleted since the link was made) shows the last page instead.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / params.pageSize)) : null;
  useEffect(() => {
    if (lastPage !== null && params.page > lastPage && !list.isPlaceholderData) {
      setPage(lastPage, params.pageSize);
    }
  }, [lastPage, params.page, params.pageSize, list.isPlaceholderData, setPage]);

  const recordPath = (row: ResourceRow) => `${basePath}/${row.id}`;
  // Below 768 px the row must fit the screen: fewer columns, wrapped text, no sideways scroll.
  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const columns = resourceColumns(definition, params.sort, recordPath, state, small);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {definition.label}
        </Typography.Title>
        <Flex gap={8} wrap>
          <ExportButtons definition={definition} params={params} />
          {definition.importable && canWrite && <ImportButton definition={definition} />}
          {canWrite && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate(`${basePath}/new`, { state })}
              data-testid="new-button"
            >
              Novo
            </Button>
          )}
        </Flex>
      </Flex>

      <Flex gap={8} wrap align="center">
        <SearchBox value={params.q} onSearch={setSearch} placeholder="Pesquisar…" />
        {definition.filters.map((filter) => (
          <ResourceFilter
            key={filter.key}
            filter={filter}
            value={params.filters[filter.key]}
            onChange={(value) => setFilter(filter.key, value)}
          />
        ))}
      </Flex>

      <div data-testid="resource-table" style={{ minWidth: 0 }}>
        <Table<ResourceRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={small ? undefined : { x: 'max-content' }}
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
              const key = one?.columnKey === undefined ? null : String(one.columnKey);
              setSort(key && one?.order ? (one.order === 'descend' ? `-${key}` : key) : null);
            }
          }}
          onRow={(row) => ({
            onClick: () => navigate(recordPath(row), { state }),
            style: { cursor: 'pointer' },
          })}
          locale={list.isError ? { emptyText: 'Não foi possível carregar a lista.' } : undefined}
        />
      </div>
    </Flex>
  );
}
