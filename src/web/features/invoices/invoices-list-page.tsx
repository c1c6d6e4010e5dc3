import { Card, Flex, Typography } from 'antd';
import type { InvoicePage } from '../../../shared/resources/invoices.js';
import { formatBRL } from '../../../shared/money.js';
import { DocumentListPage } from '../../components/document-list-page.js';
import { invoiceKeys, invoicesApi } from './api.js';
import { INVOICE_TABLE_MIN_WIDTH, invoiceColumns } from './invoice-columns.js';
import { InvoiceFilters } from './invoice-filters.js';
import { invoiceList } from './invoice-list.js';
import { XmlArchiveButton } from './xml-archive-dialog.js';

/** What the filtered invoices add up to over every page, in cents. */
function InvoiceTotals({ page }: { page: InvoicePage | undefined }) {
  return (
    <Flex gap={12} wrap data-testid="invoice-totals">
      <Card size="small" style={{ flex: '0 1 auto' }}>
        <Typography.Text type="secondary">Total das notas do filtro</Typography.Text>
        <div style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text strong style={{ fontSize: 'clamp(15px, 4.4vw, 20px)' }}>
            {page?.totals ? formatBRL(page.totals.total) : '—'}
          </Typography.Text>
        </div>
      </Card>
    </Flex>
  );
}

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
      actions={<XmlArchiveButton />}
      create={{ permission: 'invoices:write', label: 'Nova nota' }}
      filters={(props) => <InvoiceFilters {...props} />}
      summary={(page) => <InvoiceTotals page={page} />}
      columns={({ small, params }) => invoiceColumns({ small, sort: params.sort })}
      testId="invoices-table"
      minWidth={INVOICE_TABLE_MIN_WIDTH}
      rowClassName={(row) => `invoice-${row.status.toLowerCase()}`}
    />
  );
}
