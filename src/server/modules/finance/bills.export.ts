import type { ExportFormat } from '../../../shared/export-file-name.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import {
  billKindInfo,
  billOriginLabels,
  billStatusFilterLabels,
  type BillKind,
  type BillSummary,
} from '../../../shared/resources/bills.js';
import type { FieldSpec } from '../../../shared/resource.js';
import type { DbOrTrx } from '../../db/connection.js';
import { CSV_BOM, csvRecord } from '../../platform/csv.js';
import {
  columnFormat,
  formatCell,
  guardFormula,
  sheetCell,
} from '../../platform/spreadsheet-format.js';
import { createXlsxWriter, XLSX_CONTENT_TYPE } from '../../platform/spreadsheet.js';
import { eachBillBatch, type BillFilters } from './bills.repo.js';
import { billSummary } from './bills.read.js';

/**
 * The export of Contas a Pagar / Contas a Receber: every bill of the filtered list, in its order.
 * XLSX cells are typed (dates as dates, money as numbers with the BRL format), CSV cells the same
 * values as Excel pt-BR writes them; the status says "Vencida" for an overdue bill, as the list.
 */
interface Column {
  label: string;
  width: number;
  kind: Extract<FieldSpec['kind'], 'text' | 'date' | 'money'>;
  of: (row: BillSummary) => string | null;
}

const columns = (kind: BillKind): Column[] => [
  { label: 'Vencimento', width: 12, kind: 'date', of: (row) => row.dueDate },
  { label: 'Descrição', width: 40, kind: 'text', of: (row) => row.description },
  { label: 'Documento', width: 14, kind: 'text', of: (row) => row.documentNumber },
  { label: 'Parcela', width: 8, kind: 'text', of: (row) => row.installment },
  { label: billKindInfo[kind].partnerLabel, width: 32, kind: 'text', of: (row) => row.partnerName },
  { label: 'Categoria', width: 24, kind: 'text', of: (row) => row.categoryName },
  { label: 'Emissão', width: 12, kind: 'date', of: (row) => row.issueDate },
  { label: 'Competência', width: 12, kind: 'date', of: (row) => row.competenceDate },
  { label: 'Valor', width: 16, kind: 'money', of: (row) => row.amount },
  { label: billKindInfo[kind].settledLabel, width: 16, kind: 'money', of: (row) => row.paidAmount },
  { label: 'Em aberto', width: 16, kind: 'money', of: (row) => row.openAmount },
  {
    label: 'Situação',
    width: 18,
    kind: 'text',
    of: (row) => billStatusFilterLabels[row.overdue ? 'OVERDUE' : row.status],
  },
  { label: 'Forma', width: 20, kind: 'text', of: (row) => row.paymentMethodName },
  { label: 'Conta', width: 20, kind: 'text', of: (row) => row.checkingAccountName },
  { label: 'Origem', width: 16, kind: 'text', of: (row) => billOriginLabels[row.origin.type] },
];

export async function billsFile(
  db: DbOrTrx,
  kind: BillKind,
  format: ExportFormat,
  query: BillFilters & { sort?: string },
): Promise<{ body: Buffer; contentType: string }> {
  const today = todayInSaoPaulo();
  const cols = columns(kind);
  const sheetName = billKindInfo[kind].label;
  if (format === 'xlsx') {
    const writer = await createXlsxWriter(
      sheetName,
      cols.map((column) => ({
        label: column.label,
        width: column.width,
        numFmt: columnFormat({ kind: column.kind }),
      })),
    );
    await eachBillBatch(db, kind, query, today, (rows) => {
      for (const row of rows) {
        const bill = billSummary(row, today);
        writer.addRow(cols.map((column) => sheetCell({ kind: column.kind }, column.of(bill))));
      }
    });
    return { body: await writer.finish(), contentType: XLSX_CONTENT_TYPE };
  }
  const parts = [CSV_BOM, csvRecord(cols.map((column) => column.label))];
  await eachBillBatch(db, kind, query, today, (rows) => {
    for (const row of rows) {
      const bill = billSummary(row, today);
      parts.push(
        csvRecord(
          cols.map((column) => guardFormula(formatCell({ kind: column.kind }, column.of(bill)))),
        ),
      );
    }
  });
  return { body: Buffer.from(parts.join(''), 'utf8'), contentType: 'text/csv; charset=utf-8' };
}
