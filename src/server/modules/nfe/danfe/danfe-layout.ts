/**
 * The DANFE's drawing primitives: A4 portrait in points, 5 mm margins, the labelled boxes every
 * block is made of (a small upper-case label in the box's corner, the value below it), and block
 * titles. Helvetica's WinAnsi encoding covers Portuguese accents.
 */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 14;
export const LEFT = MARGIN;
export const WIDTH = PAGE_WIDTH - 2 * MARGIN;
export const BOTTOM = PAGE_HEIGHT - MARGIN;

export const LABEL_SIZE = 5.5;
export const VALUE_SIZE = 8;
export const FIELD_HEIGHT = 20;
export const TITLE_HEIGHT = 9;

export type Align = 'left' | 'center' | 'right';

export interface Cell {
  /** Width in points; 0 takes what the other cells leave (shared between the cells with 0). */
  width: number;
  label: string;
  value: string;
  align?: Align;
  bold?: boolean;
  /** The value's font size (VALUE_SIZE by default). */
  size?: number;
}

/** The text cut to fit the width on one line, with an ellipsis when cut. */
export function fit(doc: PDFKit.PDFDocument, value: string, width: number): string {
  if (doc.widthOfString(value) <= width) return value;
  let cut = value;
  while (cut.length > 0 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

export function box(doc: PDFKit.PDFDocument, x: number, y: number, w: number, h: number): void {
  doc.lineWidth(0.5).strokeColor('#000000').rect(x, y, w, h).stroke();
}

/** A labelled box: the label at the top left, the value on one line below it. */
export function field(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  w: number,
  h: number,
  cell: Omit<Cell, 'width'>,
): void {
  box(doc, x, y, w, h);
  doc
    .font('Helvetica')
    .fontSize(LABEL_SIZE)
    .fillColor('#000000')
    .text(fit(doc, cell.label, w - 4), x + 2, y + 1.5, { lineBreak: false });
  const size = cell.size ?? VALUE_SIZE;
  doc.font(cell.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
  const value = fit(doc, cell.value, w - 6);
  doc.text(value, x + 3, y + h - size - 2.5, {
    width: w - 6,
    align: cell.align ?? 'left',
    lineBreak: false,
  });
}

/** A row of labelled boxes across the page's width, starting at y. Returns the y below it. */
export function row(doc: PDFKit.PDFDocument, y: number, cells: Cell[], h = FIELD_HEIGHT): number {
  const fixed = cells.reduce((sum, cell) => sum + cell.width, 0);
  const flexible = cells.filter((cell) => cell.width === 0).length;
  const share = flexible > 0 ? (WIDTH - fixed) / flexible : 0;
  let x = LEFT;
  for (const cell of cells) {
    const w = cell.width === 0 ? share : cell.width;
    field(doc, x, y, w, h, cell);
    x += w;
  }
  return y + h;
}

/** A block's title ("DESTINATÁRIO / REMETENTE") above its boxes. Returns the y below it. */
export function title(doc: PDFKit.PDFDocument, y: number, text: string): number {
  doc
    .font('Helvetica-Bold')
    .fontSize(6.5)
    .fillColor('#000000')
    .text(text, LEFT, y + 2, { lineBreak: false });
  return y + TITLE_HEIGHT;
}
