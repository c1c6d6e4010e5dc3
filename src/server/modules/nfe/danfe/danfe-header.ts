import { formatAccessKey } from '../../../../shared/nfe/access-key.js';
import type { DanfeData } from './danfe-data.js';
import * as f from './danfe-format.js';
import { box, field, FIELD_HEIGHT, fit, LEFT, row, WIDTH } from './danfe-layout.js';

/**
 * The canhoto (the receipt stub the carrier brings back signed, page 1 only) and the
 * identification block every page repeats: the emitter, the DANFE box (entrada/saída, number,
 * series, page), the key's barcode and digits, the nature of operation, the authorization
 * protocol and the emitter's registrations.
 */

const STUB_HEIGHT = 46;
const STUB_SIDE = 110;

/** The canhoto at y and the dashed cut line under it. Returns the y below it. */
export function drawStub(doc: PDFKit.PDFDocument, data: DanfeData, y: number): number {
  const width = WIDTH - STUB_SIDE;
  const recipient = data.recipient;
  const statement =
    `RECEBEMOS DE ${data.emitter.name} OS PRODUTOS E/OU SERVIÇOS CONSTANTES DA NOTA FISCAL ` +
    `ELETRÔNICA INDICADA AO LADO. EMISSÃO: ${f.date(data.issuedAt)} — VALOR TOTAL: ` +
    `R$ ${f.money(data.totals.invoice)} — DESTINATÁRIO: ${recipient.name} — ` +
    `${recipient.street}, ${recipient.number} ${recipient.district} ${recipient.city}-${recipient.uf}`;
  box(doc, LEFT, y, width, 24);
  doc
    .font('Helvetica')
    .fontSize(6)
    .fillColor('#000000')
    .text(statement, LEFT + 3, y + 3, { width: width - 6, height: 20, ellipsis: true });
  field(doc, LEFT, y + 24, 110, STUB_HEIGHT - 24, { label: 'DATA DE RECEBIMENTO', value: '' });
  field(doc, LEFT + 110, y + 24, width - 110, STUB_HEIGHT - 24, {
    label: 'IDENTIFICAÇÃO E ASSINATURA DO RECEBEDOR',
    value: '',
  });
  const side = LEFT + width;
  box(doc, side, y, STUB_SIDE, STUB_HEIGHT);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text('NF-e', side, y + 5, { width: STUB_SIDE, align: 'center' });
  doc.fontSize(8).text(`Nº ${f.invoiceNumber(data.number)}`, { width: STUB_SIDE, align: 'center' });
  doc.text(`SÉRIE ${f.seriesNumber(data.series)}`, { width: STUB_SIDE, align: 'center' });
  const cut = y + STUB_HEIGHT + 5;
  doc
    .moveTo(LEFT, cut)
    .lineTo(LEFT + WIDTH, cut)
    .lineWidth(0.5)
    .dash(3, { space: 2 })
    .stroke()
    .undash();
  return cut + 5;
}

const IDENTITY_HEIGHT = 132;
const EMITTER_WIDTH = 228;
const DANFE_WIDTH = 104;
/** The identification block's height: the three boxes and two rows of fields under them. */
export const HEADER_HEIGHT = IDENTITY_HEIGHT + 2 * FIELD_HEIGHT;

export interface HeaderPage {
  barcode: Buffer;
  /** The protocol box's text: "nProt - dd/mm/yyyy hh:mm:ss" or why there is none. */
  protocol: string;
}

/** The identification block at y. Returns the y below it. */
export function drawHeader(
  doc: PDFKit.PDFDocument,
  data: DanfeData,
  y: number,
  page: HeaderPage,
): number {
  emitterBox(doc, data, LEFT, y, EMITTER_WIDTH);
  danfeBox(doc, data, LEFT + EMITTER_WIDTH, y, DANFE_WIDTH);
  keyBox(doc, data, LEFT + EMITTER_WIDTH + DANFE_WIDTH, y, page.barcode);
  let next = y + IDENTITY_HEIGHT;
  const keyWidth = WIDTH - EMITTER_WIDTH - DANFE_WIDTH;
  next = row(doc, next, [
    { width: 0, label: 'NATUREZA DA OPERAÇÃO', value: data.operationName },
    {
      width: keyWidth,
      label: 'PROTOCOLO DE AUTORIZAÇÃO DE USO',
      value: page.protocol,
      align: 'center',
    },
  ]);
  return row(doc, next, [
    { width: 0, label: 'INSCRIÇÃO ESTADUAL', value: data.emitter.stateRegistration },
    {
      width: 0,
      label: 'INSCRIÇÃO ESTADUAL DO SUBST. TRIBUT.',
      value: data.emitter.stStateRegistration,
    },
    { width: 0, label: 'CNPJ / CPF', value: f.document(data.emitter.document) },
  ]);
}

function emitterBox(doc: PDFKit.PDFDocument, data: DanfeData, x: number, y: number, w: number) {
  const emitter = data.emitter;
  box(doc, x, y, w, IDENTITY_HEIGHT);
  doc
    .font('Helvetica')
    .fontSize(5.5)
    .text('IDENTIFICAÇÃO DO EMITENTE', x + 2, y + 1.5, { lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(emitter.name, x + 6, y + 16, { width: w - 12, align: 'center', height: 38 });
  const street = [emitter.street, emitter.number, emitter.complement].filter(Boolean).join(', ');
  const lines = [
    street,
    `${emitter.district} — CEP ${f.zipCode(emitter.zipCode)}`,
    `${emitter.city} — ${emitter.uf}`,
    emitter.phone ? `Fone: ${f.phone(emitter.phone)}` : '',
  ].filter(Boolean);
  doc.font('Helvetica').fontSize(7.5);
  let lineY = Math.max(doc.y + 8, y + 50);
  for (const line of lines) {
    doc.text(fit(doc, line, w - 12), x + 6, lineY, { width: w - 12, align: 'center' });
    lineY += 10;
  }
}

function danfeBox(doc: PDFKit.PDFDocument, data: DanfeData, x: number, y: number, w: number) {
  box(doc, x, y, w, IDENTITY_HEIGHT);
  const center = { width: w - 8, align: 'center' as const };
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text('DANFE', x + 4, y + 6, center);
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .text('Documento Auxiliar da Nota Fiscal Eletrônica', x + 4, y + 22, center);
  doc.fontSize(7).text('0 - ENTRADA', x + 8, y + 48, { lineBreak: false });
  doc.text('1 - SAÍDA', x + 8, y + 57, { lineBreak: false });
  box(doc, x + w - 26, y + 46, 16, 18);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(data.direction, x + w - 26, y + 50, { width: 16, align: 'center' });
  doc.fontSize(8.5).text(`Nº ${f.invoiceNumber(data.number)}`, x + 4, y + 78, center);
  doc.text(`SÉRIE ${f.seriesNumber(data.series)}`, x + 4, y + 90, center);
}

/**
 * "FOLHA 2/3" in the DANFE box of the identification block drawn at headerTop: written once the
 * number of pages is known.
 */
export function drawPageNumber(
  doc: PDFKit.PDFDocument,
  headerTop: number,
  page: number,
  pages: number,
): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(8.5)
    .fillColor('#000000')
    .text(`FOLHA ${page}/${pages}`, LEFT + EMITTER_WIDTH + 4, headerTop + 102, {
      width: DANFE_WIDTH - 8,
      align: 'center',
      lineBreak: false,
    });
}

function keyBox(doc: PDFKit.PDFDocument, data: DanfeData, x: number, y: number, barcode: Buffer) {
  const w = LEFT + WIDTH - x;
  box(doc, x, y, w, 50);
  doc.image(barcode, x + 8, y + 6, { width: w - 16, height: 38 });
  field(doc, x, y + 50, w, 24, {
    label: 'CHAVE DE ACESSO',
    value: formatAccessKey(data.accessKey),
    align: 'center',
    bold: true,
    size: 7.5,
  });
  box(doc, x, y + 74, w, IDENTITY_HEIGHT - 74);
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(
      'Consulta de autenticidade no portal nacional da NF-e www.nfe.fazenda.gov.br/portal ' +
        'ou no site da Sefaz Autorizadora',
      x + 8,
      y + 86,
      { width: w - 16, align: 'center' },
    );
}
