import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useLocation } from 'react-router';
import { billKindInfo, type BillKind } from '../../../shared/resources/bills.js';
import { ExportButtons } from '../../components/export-buttons.js';
import { ListHeader } from '../../components/list-header.js';
import { toApiQuery } from '../../components/list-params.js';
import { ListTable } from '../../components/list-table.js';
import { NewButton } from '../../components/new-button.js';
import type { ListLocationState } from '../../components/resource-form-page.js';
import { useLastPageClamp } from '../../components/use-last-page-clamp.js';
import { useListParams } from '../../components/use-list-params.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { usePermission } from '../../lib/session.js';
import { billKeys, billsApi } from './api.js';
import { BILL_TABLE_MIN_WIDTH, billColumns } from './bill-columns.js';
import { BillFilters } from './bill-filters.js';
import { billList } from './bill-list.js';
import { BillTotals } from './bill-totals.js';

/**
 * Contas a Pagar / Contas a Receber (DOMAIN §9): the bills by due date, filtered (status with
 * "Vencida", periods, partner, category, origin) with the filter in the URL, the totals of the
 * filter above the table, exports of the same filter. A row opens the bill.
 */
export function BillsListPage({ kind, basePath }: { kind: BillKind; basePath: string }) {
  const info = billKindInfo[kind];
  const location = useLocation();
  const state: ListLocationState = { listSearch: location.search };
  const canWrite = usePermission(`${info.area}:write`);
  const definition = billList(kind);
  const { params, setPage, setSort, setSearch, setFilter } = useListParams(definition);
  const apiQuery = toApiQuery(params);
  const api = billsApi(kind);

  const list = useQuery({
    queryKey: billKeys(kind).list(apiQuery),
    queryFn: ({ signal }) => api.list(apiQuery, signal),
    placeholderData: keepPreviousData,
  });

  useLastPageClamp(list, params, setPage);

  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const columns = billColumns({ kind, small, sort: params.sort });

  return (
    <Flex vertical gap={16}>
      <ListHeader title={info.label}>
        <ExportButtons definition={{ path: info.path, label: info.label }} params={params} />
        {canWrite && <NewButton to={`${basePath}/new`} state={state} label="Nova conta" />}
      </ListHeader>

      <BillFilters
        kind={kind}
        q={params.q}
        filters={params.filters}
        small={small}
        onSearch={setSearch}
        onFilter={setFilter}
      />

      <BillTotals kind={kind} totals={list.data?.totals} />

      <ListTable
        testId="bills-table"
        list={list}
        params={params}
        setPage={setPage}
        setSort={setSort}
        rowPath={(row) => `${basePath}/${row.id}`}
        state={state}
        rowKey="id"
        columns={columns}
        tableLayout="fixed"
        scroll={small ? undefined : { x: BILL_TABLE_MIN_WIDTH }}
        rowClassName={(row) => (row.overdue ? 'bill-overdue' : `bill-${row.status.toLowerCase()}`)}
      />
    </Flex>
  );
}
