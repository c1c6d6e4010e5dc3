import { DocumentListPage } from '../../components/document-list-page.js';
import { FilterTotal } from '../../components/filter-total.js';
import { invoiceKeys, invoicesApi } from './api.js';
import { INVOICE_TABLE_MIN_WIDTH, invoiceColumns } from './invoice-columns.js';
import { InvoiceFilters } from './invoice-filters.js';
import { invoiceList } from './invoice-list.js';
import { SefazStatusBanner } from './sefaz-status-banner.js';
import { VoidNumbersButton } from './void-numbers-dialog.js';
import { XmlArchiveButton } from './xml-archive-dialog.js';

/**
 * Notas Fiscais (DOMAIN §8): the invoices, newest first, filtered by status, direction, period
 * and recipient with the filter in the URL, their total, the list exported as filtered and the
 * XMLs of a period in a ZIP. A row opens the invoice.
 */
export function InvoicesListPage({ basePath }: { basePath: string }) {
  return (
    <DocumentListPage
      title="Notas Fiscais"
      definition={invoiceList}
      source={{ keys: invoiceKeys, list: invoicesApi.list }}
      basePath={basePath}
      actions={[<XmlArchiveButton key="xml" />, <VoidNumbersButton key="void" />]}
      create={{ permission: 'invoices:write', label: 'Nova nota' }}
      filters={(props) => [
        <SefazStatusBanner key="sefaz" />,
        <InvoiceFilters key="f" {...props} />,
      ]}
      summary={(page) => (
        <FilterTotal
          label="Total das notas do filtro"
          total={page?.totals?.total}
          testId="invoice-totals"
        />
      )}
      columns={({ small, params }) => invoiceColumns({ small, sort: params.sort })}
      testId="invoices-table"
      minWidth={INVOICE_TABLE_MIN_WIDTH}
      rowClassName={(row) => `invoice-${row.status.toLowerCase()}`}
    />
  );
}
