import { billKindInfo, type BillKind } from '../../../shared/resources/bills.js';
import { DocumentListPage } from '../../components/document-list-page.js';
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
  return (
    <DocumentListPage
      title={info.label}
      definition={billList(kind)}
      source={{ keys: billKeys(kind), list: billsApi(kind).list }}
      basePath={basePath}
      exportPath={info.path}
      create={{ permission: `${info.area}:write`, label: 'Nova conta' }}
      filters={(props) => <BillFilters kind={kind} {...props} />}
      summary={(page) => <BillTotals kind={kind} totals={page?.totals} />}
      columns={({ small, params }) => billColumns({ kind, small, sort: params.sort })}
      testId="bills-table"
      minWidth={BILL_TABLE_MIN_WIDTH}
      rowClassName={(row) => (row.overdue ? 'bill-overdue' : `bill-${row.status.toLowerCase()}`)}
    />
  );
}
