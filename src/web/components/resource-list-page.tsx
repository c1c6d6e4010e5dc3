import { Flex, type TableColumnType } from 'antd';
import type { Page } from '../../shared/api-error.js';
import type { Permission } from '../../shared/permissions.js';
import type { ResourceDefinition } from '../../shared/resource.js';
import { queryKeys } from '../lib/query-keys.js';
import { usePermission } from '../lib/session.js';
import { DocumentListPage } from './document-list-page.js';
import { ImportButton } from './import-button.js';
import { ReferenceName } from './reference-name.js';
import { resourceColumns } from './resource-columns.js';
import type { ListLocationState } from './resource-form-page.js';
import { ResourceFilter } from './resource-filters.js';
import { resourceApi, type ResourceSummary } from './resource-row.js';
import { SearchBox } from './search-box.js';

/**
 * Columns an area adds after the definition's (the accounts' "Extrato" link): each gets the
 * screen's size and the list's location state, to link back to this page of the list.
 */
export type ExtraColumns = (options: {
  small: boolean;
  state: ListLocationState;
}) => TableColumnType<ResourceSummary>[];

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
  const canWrite = usePermission(`${definition.area}:write` as Permission);
  const recordPath = (row: ResourceSummary) => `${basePath}/${row.id}`;

  return (
    <DocumentListPage<Page<ResourceSummary>>
      title={definition.label}
      definition={definition}
      source={{
        keys: queryKeys.resource(definition.path),
        list: (query, signal) => resourceApi.list(definition.path, query, signal),
      }}
      basePath={basePath}
      exportPath={definition.path}
      actions={definition.importable && canWrite && <ImportButton definition={definition} />}
      create={{ permission: `${definition.area}:write` as Permission }}
      filters={({ q, filters, onSearch, onFilter }) => (
        <Flex gap={8} wrap align="center">
          <SearchBox value={q} onSearch={onSearch} placeholder="Pesquisar…" />
          {definition.filters.map((filter) => (
            <ResourceFilter
              key={filter.key}
              filter={filter}
              value={filters[filter.key]}
              onChange={(value) => onFilter(filter.key, value)}
            />
          ))}
        </Flex>
      )}
      columns={({ params, small, state }) => [
        ...resourceColumns(definition, params.sort, recordPath, state, small, (resource, id) => (
          <ReferenceName resource={resource} id={id} />
        )),
        ...(extraColumns?.({ small, state }) ?? []),
      ]}
      testId="resource-table"
    />
  );
}
