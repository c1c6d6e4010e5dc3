import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useLocation } from 'react-router';
import { checkingAccounts } from '../../../shared/resources/checking-accounts.js';
import { ExportButtons } from '../../components/export-buttons.js';
import { ListHeader } from '../../components/list-header.js';
import { ListTable } from '../../components/list-table.js';
import { toApiQuery } from '../../components/list-params.js';
import { NewButton } from '../../components/new-button.js';
import { resourceColumns } from '../../components/resource-columns.js';
import type { ListLocationState } from '../../components/resource-form-page.js';
import { ResourceFilter } from '../../components/resource-filters.js';
import { resourceApi, type ResourceRow } from '../../components/resource-row.js';
import { SearchBox } from '../../components/search-box.js';
import { useLastPageClamp } from '../../components/use-last-page-clamp.js';
import { useListParams } from '../../components/use-list-params.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { queryKeys } from '../../lib/query-keys.js';
import { usePermission } from '../../lib/session.js';
import { StatementRowLink } from './statement-link.js';

const definition = checkingAccounts;

/**
 * The accounts' list: the generic resource list (search, filter, paging and sort in the URL)
 * with one more column, "Extrato", that opens the account's statement instead of its form.
 */
export function CheckingAccountsListPage({ basePath }: { basePath: string }) {
  const location = useLocation();
  const state: ListLocationState = { listSearch: location.search };
  const canWrite = usePermission('checkingAccounts:write');
  const { params, setPage, setSort, setSearch, setFilter } = useListParams(definition);
  const apiQuery = toApiQuery(params);

  const list = useQuery({
    queryKey: queryKeys.resource(definition.path).list(apiQuery),
    queryFn: ({ signal }) => resourceApi.list(definition.path, apiQuery, signal),
    placeholderData: keepPreviousData,
  });

  useLastPageClamp(list, params, setPage);

  const recordPath = (row: ResourceRow) => `${basePath}/${row.id}`;
  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const columns = [
    ...resourceColumns(definition, params.sort, recordPath, state, small),
    {
      key: 'statement',
      title: small ? '' : 'Extrato',
      width: 80,
      render: (_value: unknown, row: ResourceRow) => <StatementRowLink row={row} state={state} />,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <ListHeader title={definition.label}>
        <ExportButtons definition={definition} params={params} />
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
