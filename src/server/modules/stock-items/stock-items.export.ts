import type { ExportFormat } from '../../../shared/export-file-name.js';
import { formatDecimal } from '../../../shared/money.js';
import { stockItemKindLabels, type StockItemRow } from '../../../shared/resources/stock-items.js';
import { CSV_BOM, csvRecord } from '../../platform/csv.js';
import { guardFormula, NUMBER_FORMATS, type SheetCell } from '../../platform/spreadsheet-format.js';
import { createXlsxWriter, XLSX_CONTENT_TYPE } from '../../platform/spreadsheet.js';

/**
 * The export of Consulta de Estoque. Its rows are not a resource definition's, and a quantity
 * has its unit's decimals, row by row, so the columns are written here: XLSX cells are numbers
 * with their format (sums and sorts work), CSV cells the same values as Excel pt-BR writes them.
 */
interface Column {
  label: string;
  width: number;
  /** The cell's value and number format; `text` is what the CSV has. */
  cell: (row: StockItemRow) => SheetCell & { text: string };
}

const text = (label: string, width: number, of: (row: StockItemRow) => string | null): Column => ({
  label,
  width,
  cell: (row) => {
    const value = of(row) ?? '';
    return { value: value === '' ? null : value, numFmt: NUMBER_FORMATS.text, text: value };
  },
});

const quantityFormat = (decimals: number) =>
  decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';

const quantity = (label: string, of: (row: StockItemRow) => string | null): Column => ({
  label,
  width: 14,
  cell: (row) => {
    const value = of(row);
    return value === null
      ? { value: null, numFmt: NUMBER_FORMATS.text, text: '' }
      : {
          value: Number(value),
          numFmt: quantityFormat(row.unitDecimals),
          text: formatDecimal(value, row.unitDecimals),
        };
  },
});

const money = (label: string, scale: number, of: (row: StockItemRow) => string): Column => ({
  label,
  width: 16,
  cell: (row) => ({
    value: Number(of(row)),
    numFmt: scale === 2 ? NUMBER_FORMATS.money : NUMBER_FORMATS.money.replaceAll('0.00', '0.0000'),
    text: formatDecimal(of(row), scale),
  }),
});

const columns: Column[] = [
  text('Código', 14, (row) => row.itemCode),
  text('Item', 40, (row) => row.itemName),
  text('Tipo', 9, (row) => stockItemKindLabels[row.kind]),
  text('Unidade', 9, (row) => row.unitCode),
  text('Categoria', 24, (row) => row.categoryName),
  text('Local', 24, (row) => row.locationName),
  quantity('Quantidade', (row) => row.quantity),
  quantity('Total do item', (row) => row.itemQuantity),
  quantity('Estoque mínimo', (row) => row.minimumStock),
  text('Abaixo do mínimo', 9, (row) => (row.belowMinimum ? 'Sim' : 'Não')),
  money('Custo médio', 4, (row) => row.averageCost),
  money('Valor', 2, (row) => row.value),
];

export async function stockItemsFile(
  format: ExportFormat,
  sheetName: string,
  rows: StockItemRow[],
): Promise<{ body: Buffer; contentType: string }> {
  if (format === 'xlsx') {
    const writer = await createXlsxWriter(
      sheetName,
      columns.map((column) => ({ label: column.label, width: column.width, numFmt: '@' })),
    );
    for (const row of rows) {
      writer.addRow(columns.map((column) => column.cell(row)));
    }
    return { body: await writer.finish(), contentType: XLSX_CONTENT_TYPE };
  }
  const parts = [CSV_BOM, csvRecord(columns.map((column) => column.label))];
  for (const row of rows) {
    parts.push(csvRecord(columns.map((column) => guardFormula(column.cell(row).text))));
  }
  return { body: Buffer.from(parts.join(''), 'utf8'), contentType: 'text/csv; charset=utf-8' };
}
