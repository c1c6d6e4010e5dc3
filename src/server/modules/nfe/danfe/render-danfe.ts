import PDFDocument from 'pdfkit';
import { accessKeyBarcode } from './danfe-barcode.js';
import {
  additionalInfoHeight,
  drawAdditionalInfo,
  drawBills,
  drawRecipient,
  drawTaxes,
  drawTransport,
} from './danfe-blocks.js';
import { readDanfeData } from './danfe-data.js';
import * as f from './danfe-format.js';
import { drawHeader, drawPageNumber, drawStub, HEADER_HEIGHT } from './danfe-header.js';
import { drawItems, ITEMS_HEADER_HEIGHT, itemRowHeight, paginateItems } from './danfe-items.js';
import { BOTTOM, MARGIN } from './danfe-layout.js';
import { drawMarks, protocolText, type DanfeMarks } from './danfe-marks.js';

export type { DanfeMarks } from './danfe-marks.js';
export { DanfeXmlError } from './danfe-data.js';

const GAP = 3;

/**
 * The DANFE (Documento Auxiliar da NF-e, the layout of the Manual de Orientação do
 * Contribuinte's Anexo II, retrato) of a signed `<NFe>` or an `<nfeProc>`, as a PDF. Page 1: the
 * canhoto, the identification, destinatário, fatura, cálculo do imposto, transportador, the first
 * items and the dados adicionais; the items that do not fit continue on further pages under the
 * identification block again (FOLHA 2/N …). The marks say what the XML cannot: homologation,
 * not (yet) authorized, cancelled. Throws DanfeXmlError when the XML is not an NF-e.
 */
export async function renderDanfe(xml: string, marks: DanfeMarks): Promise<Buffer> {
  const data = readDanfeData(xml);
  const barcode = await accessKeyBarcode(data.accessKey);
  const protocol = protocolText(marks, marks.protocol ?? data.protocol, (at) =>
    `${f.date(at)} ${f.time(at)}`.trim(),
  );
  const stamp: DanfeMarks = {
    ...marks,
    environment: data.environment === 'HOMOLOGATION' ? 'HOMOLOGATION' : marks.environment,
  };

  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    autoFirstPage: true,
    info: { Title: `DANFE NF-e ${data.number} série ${data.series}`, Subject: data.accessKey },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Page 1: every block, then the items in the space left above the dados adicionais.
  const headerTops = [drawStub(doc, data, MARGIN)];
  let y = drawHeader(doc, data, headerTops[0]!, { barcode, protocol });
  y = drawRecipient(doc, data, y + GAP);
  y = drawBills(doc, data, y + GAP);
  y = drawTaxes(doc, data, y + GAP);
  y = drawTransport(doc, data, y + GAP);
  const infoHeight = additionalInfoHeight(doc, data);
  const infoTop = BOTTOM - infoHeight;
  drawAdditionalInfo(doc, data, infoTop, infoHeight);

  const itemsTop = y + GAP;
  const heights = data.items.map((item) => itemRowHeight(doc, item));
  const firstSpace = infoTop - GAP - itemsTop - ITEMS_HEADER_HEIGHT;
  // A further page: the identification block, then the table down to the margin.
  const otherSpace = BOTTOM - (MARGIN + HEADER_HEIGHT + GAP) - ITEMS_HEADER_HEIGHT;
  const pages = paginateItems(heights, firstSpace, otherSpace);

  pages.forEach((indexes, page) => {
    const items = indexes.map((index) => data.items[index]!);
    if (page === 0) {
      drawItems(doc, items, itemsTop, infoTop - GAP);
      return;
    }
    doc.addPage({ size: 'A4', margin: 0 });
    headerTops.push(MARGIN);
    const top = drawHeader(doc, data, MARGIN, { barcode, protocol });
    drawItems(doc, items, top + GAP, BOTTOM);
  });

  headerTops.forEach((top, page) => {
    doc.switchToPage(page);
    drawPageNumber(doc, top, page + 1, headerTops.length);
    drawMarks(doc, stamp);
  });
  doc.end();
  return done;
}
