import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, type TableColumnType } from 'antd';
import { useLocation } from 'react-router';
import type { Permission } from '../../shared/permissions.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import { queryKeys } from '../lib/query-keys.js';
import { usePermission } from '../lib/session.js';
import { ExportButtons } from './export-buttons.js';
import { ImportButton } from './import-button.js';
import { ListHeader } from './list-header.js';
import { ListTable } from './list-table.js';
import { NewButton } from './new-button.js';
import { ReferenceName } from './reference-name.js';
import { resourceColumns } from './resource-columns.js';
import type { ListLocationState } from './resource-form-page.js';
import { ResourceFilter } from './resource-filters.js';
import { resourceApi, type ResourceRow } from './resource-row.js';
import { SearchBox } from './search-box.js';
import { toApiQuery } from './list-params.js';
import { useListParams } from './use-list-params.js';
import { useLastPageClamp } from './use-last-page-clamp.js';
import { breakpoints, useMediaQuery } from './use-media-query.js';

/**
 * Columns an area adds after the definition's (the accounts' "Extrato" link): each gets the
 * screen's size and the list's location state, to link back to this page of the list.
 */
export type ExtraColumns = (options: {
  small: boolean;
  state: ListLocationState;
}) => TableColumnType<ResourceRow>[];

/**
 * The list of a master-data resource, driven by its definition: search, filters, server-side
 * paging and sorting, all kept in the URL; export, import and "Novo" as the user's role allows.
 * `basePath` is the area's path (`/client`): rows open at `basePath/:id`.
 */
export function ResourceListPage({
  definition,
  basePath,
  extraColumns,
}: {
  definition: ResourceDefinition;
  basePath: string;
  extraColumns?: ExtraColumns;
}) {
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

  useLastPageClamp(list, params, setPage);

  const recordPath = (row: ResourceRow) => `${basePath}/${row.id}`;
  // Below 768 px the row must fit the screen: fewer columns, wrapped text, no sideways scroll.
  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const columns = [
    ...resourceColumns(definition, params.sort, recordPath, state, small, (resource, id) => (
      <ReferenceName resource={resource} id={id} />
    )),
    ...(extraColumns?.({ small, state }) ?? []),
  ];

  return (
    <Flex vertical gap={16}>
      <ListHeader title={definition.label}>
        <ExportButtons definition={definition} params={params} />
        {definition.importable && canWrite && <ImportButton definition={definition} />}
        {canWrite && <NewButton to={`${basePath}/new`} state={state} />}
      </ListHeader>

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

      <ListTable<ResourceRow>
        testId="resource-table"
        list={list}
        params={params}
        setPage={setPage}
        setSort={setSort}
        rowPath={recordPath}
        state={state}
        rowKey="id"
        columns={columns}
        scroll={small ? undefined : { x: 'max-content' }}
      />
    </Flex>
  );
}
