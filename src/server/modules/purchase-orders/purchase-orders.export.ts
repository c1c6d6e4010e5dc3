import type { ExportFormat } from '../../../shared/export-file-name.js';
import type { FieldSpec } from '../../../shared/resource.js';
import {
  purchaseOrderMachine,
  type PurchaseOrderSummary,
} from '../../../shared/resources/purchase-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import { CSV_BOM, csvRecord } from '../../platform/csv.js';
import {
  columnFormat,
  formatCell,
  guardFormula,
  sheetCell,
} from '../../platform/spreadsheet-format.js';
import { createXlsxWriter, XLSX_CONTENT_TYPE } from '../../platform/spreadsheet.js';
import { eachOrderBatch, type OrderFilters } from './purchase-orders.repo.js';
import { purchaseOrderSummary } from './purchase-orders.read.js';

/**
 * The export of Ordens de Compra: every order of the filtered list, in its order. XLSX cells are
 * typed (dates as dates, money as numbers with the BRL format), CSV cells as Excel pt-BR writes them.
 */
interface Column {
  label: string;
  width: number;
  kind: Extract<FieldSpec['kind'], 'text' | 'date' | 'money'>;
  of: (row: PurchaseOrderSummary) => string | null;
}

const columns: Column[] = [
  { label: 'Número', width: 12, kind: 'text', of: (row) => row.number },
  { label: 'Data', width: 12, kind: 'date', of: (row) => row.orderDate },
  { label: 'Previsão', width: 12, kind: 'date', of: (row) => row.expectedDate },
  { label: 'Fornecedor', width: 36, kind: 'text', of: (row) => row.supplierName },
  { label: 'Local de entrega', width: 20, kind: 'text', of: (row) => row.locationName },
  { label: 'Forma de pagamento', width: 20, kind: 'text', of: (row) => row.paymentMethodName },
  { label: 'Parcelas', width: 10, kind: 'text', of: (row) => String(row.installments) },
  { label: 'Frete', width: 14, kind: 'money', of: (row) => row.freight },
  { label: 'Desconto', width: 14, kind: 'money', of: (row) => row.discount },
  { label: 'Total', width: 16, kind: 'money', of: (row) => row.total },
  {
    label: 'Situação',
    width: 22,
    kind: 'text',
    of: (row) => purchaseOrderMachine.label(row.status),
  },
];

export async function purchaseOrdersFile(
  db: DbOrTrx,
  format: ExportFormat,
  query: OrderFilters & { sort?: string },
): Promise<{ body: Buffer; contentType: string }> {
  if (format === 'xlsx') {
    const writer = await createXlsxWriter(
      'Ordens de Compra',
      columns.map((column) => ({
        label: column.label,
        width: column.width,
        numFmt: columnFormat({ kind: column.kind }),
      })),
    );
    await eachOrderBatch(db, query, (rows) => {
      for (const row of rows) {
        const order = purchaseOrderSummary(row);
        writer.addRow(columns.map((column) => sheetCell({ kind: column.kind }, column.of(order))));
      }
    });
    return { body: await writer.finish(), contentType: XLSX_CONTENT_TYPE };
  }
  const parts = [CSV_BOM, csvRecord(columns.map((column) => column.label))];
  await eachOrderBatch(db, query, (rows) => {
    for (const row of rows) {
      const order = purchaseOrderSummary(row);
      parts.push(
        csvRecord(
          columns.map((column) =>
            guardFormula(formatCell({ kind: column.kind }, column.of(order))),
          ),
        ),
      );
    }
  });
  return { body: Buffer.from(parts.join(''), 'utf8'), contentType: 'text/csv; charset=utf-8' };
}
