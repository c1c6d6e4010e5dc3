import type { DanfeItem } from './danfe-data.js';
import * as f from './danfe-format.js';
import { fit, LEFT, title, TITLE_HEIGHT, WIDTH } from './danfe-layout.js';

/**
 * The DADOS DOS PRODUTOS / SERVIÇOS table: one row per item (the description, and infAdProd
 * under it, wrap; every other value is on one line), columns ruled from the table's top to the
 * bottom of the space it was given; and how the rows are split between pages.
 */

interface Column {
  label: string;
  width: number;
  align: 'left' | 'center' | 'right';
  value: (item: DanfeItem) => string;
}

const columns: Column[] = [
  { label: 'CÓDIGO PRODUTO', width: 46, align: 'left', value: (i) => i.code },
  { label: 'DESCRIÇÃO DO PRODUTO / SERVIÇO', width: 0, align: 'left', value: description },
  { label: 'NCM/SH', width: 36, align: 'center', value: (i) => i.ncm },
  { label: 'O/CST', width: 22, align: 'center', value: (i) => i.cst },
  { label: 'CFOP', width: 22, align: 'center', value: (i) => i.cfop },
  { label: 'UN', width: 20, align: 'center', value: (i) => i.unit },
  { label: 'QUANT.', width: 40, align: 'right', value: (i) => f.decimal(i.quantity, 4) },
  { label: 'VALOR UNIT.', width: 44, align: 'right', value: (i) => f.decimal(i.unitPrice) },
  { label: 'VALOR TOTAL', width: 44, align: 'right', value: (i) => f.money(i.total) },
  { label: 'B. CÁLC. ICMS', width: 42, align: 'right', value: (i) => f.money(i.icmsBase) },
  { label: 'VALOR ICMS', width: 36, align: 'right', value: (i) => f.money(i.icmsValue) },
  { label: 'VALOR IPI', width: 32, align: 'right', value: (i) => f.money(i.ipiValue) },
  { label: 'ALÍQ. ICMS', width: 24, align: 'right', value: (i) => f.decimal(i.icmsRate) },
  { label: 'ALÍQ. IPI', width: 22, align: 'right', value: (i) => f.decimal(i.ipiRate) },
];
const fixedWidth = columns.reduce((sum, column) => sum + column.width, 0);
const widthOf = (column: Column) => column.width || WIDTH - fixedWidth;

function description(item: DanfeItem): string {
  return item.additionalInfo ? `${item.description}\n${item.additionalInfo}` : item.description;
}

const ITEM_SIZE = 6;
const HEADER_HEIGHT = 16;
const PADDING = 2;
/** Whether a column's text wraps (the others are cut to one line). */
const wraps = (column: Column) => column.width === 0 || column.label === 'CÓDIGO PRODUTO';

/** The space above the first row: the block's title and the columns' header. */
export const ITEMS_HEADER_HEIGHT = TITLE_HEIGHT + HEADER_HEIGHT;

export function itemRowHeight(doc: PDFKit.PDFDocument, item: DanfeItem): number {
  doc.font('Helvetica').fontSize(ITEM_SIZE);
  const heights = columns
    .filter(wraps)
    .map((column) => doc.heightOfString(column.value(item), { width: widthOf(column) - 4 }));
  return Math.max(...heights) + 2 * PADDING;
}

/**
 * The items of each page: as many as fit in the first page's space, then in each further page's.
 * A page always takes at least one item, so a row taller than the space cannot loop forever.
 */
export function paginateItems(heights: number[], first: number, others: number): number[][] {
  const pages: number[][] = [[]];
  let free = first;
  heights.forEach((height, index) => {
    const page = pages.at(-1)!;
    if (height > free && page.length > 0) {
      pages.push([index]);
      free = others - height;
    } else {
      page.push(index);
      free -= height;
    }
  });
  return pages;
}

/** The table at y with these items, ruled down to `bottom`. */
export function drawItems(
  doc: PDFKit.PDFDocument,
  items: DanfeItem[],
  y: number,
  bottom: number,
): void {
  const top = title(doc, y, 'DADOS DOS PRODUTOS / SERVIÇOS');
  doc
    .lineWidth(0.5)
    .strokeColor('#000000')
    .rect(LEFT, top, WIDTH, bottom - top)
    .stroke();
  doc
    .moveTo(LEFT, top + HEADER_HEIGHT)
    .lineTo(LEFT + WIDTH, top + HEADER_HEIGHT)
    .stroke();
  let x = LEFT;
  doc.font('Helvetica-Bold').fontSize(5).fillColor('#000000');
  for (const column of columns) {
    const w = widthOf(column);
    if (x > LEFT) doc.moveTo(x, top).lineTo(x, bottom).stroke();
    doc.text(column.label, x + 1, top + 2.5, { width: w - 2, align: 'center', height: 13 });
    x += w;
  }
  let rowTop = top + HEADER_HEIGHT;
  for (const item of items) {
    const height = itemRowHeight(doc, item);
    x = LEFT;
    for (const column of columns) {
      const w = widthOf(column);
      const value = column.value(item);
      doc.text(wraps(column) ? value : fit(doc, value, w - 4), x + 2, rowTop + PADDING, {
        width: w - 4,
        align: column.align,
        lineBreak: wraps(column),
      });
      x += w;
    }
    rowTop += height;
    doc
      .moveTo(LEFT, rowTop)
      .lineTo(LEFT + WIDTH, rowTop)
      .lineWidth(0.25)
      .strokeColor('#aaaaaa')
      .stroke();
    doc.lineWidth(0.5).strokeColor('#000000');
  }
}
