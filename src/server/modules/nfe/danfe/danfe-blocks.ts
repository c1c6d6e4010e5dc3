import type { DanfeData } from './danfe-data.js';
import * as f from './danfe-format.js';
import { box, LEFT, row, title, TITLE_HEIGHT, WIDTH } from './danfe-layout.js';

/**
 * The blocks of page 1 between the identification and the items: destinatário/remetente,
 * fatura/duplicatas, cálculo do imposto and transportador/volumes; and the dados adicionais at
 * the page's foot. Each draws at y and returns the y below it.
 */

const DATE_WIDTH = 75;

export function drawRecipient(doc: PDFKit.PDFDocument, data: DanfeData, y: number): number {
  const r = data.recipient;
  let next = title(doc, y, 'DESTINATÁRIO / REMETENTE');
  next = row(doc, next, [
    { width: 0, label: 'NOME / RAZÃO SOCIAL', value: r.name },
    { width: 120, label: 'CNPJ / CPF', value: f.document(r.document) },
    { width: DATE_WIDTH, label: 'DATA DA EMISSÃO', value: f.date(data.issuedAt), align: 'center' },
  ]);
  const street = [r.street, r.number, r.complement].filter(Boolean).join(', ');
  next = row(doc, next, [
    { width: 0, label: 'ENDEREÇO', value: street },
    { width: 130, label: 'BAIRRO / DISTRITO', value: r.district },
    { width: 60, label: 'CEP', value: f.zipCode(r.zipCode) },
    {
      width: DATE_WIDTH,
      label: 'DATA DA SAÍDA/ENTRADA',
      value: f.date(data.exitAt),
      align: 'center',
    },
  ]);
  return row(doc, next, [
    { width: 0, label: 'MUNICÍPIO', value: r.city },
    { width: 85, label: 'FONE / FAX', value: f.phone(r.phone) },
    { width: 25, label: 'UF', value: r.uf, align: 'center' },
    { width: 100, label: 'INSCRIÇÃO ESTADUAL', value: r.stateRegistration },
    {
      width: DATE_WIDTH,
      label: 'HORA DA SAÍDA/ENTRADA',
      value: f.time(data.exitAt),
      align: 'center',
    },
  ]);
}

const BILL_WIDTH = 81;
const BILL_HEIGHT = 29;

/** The installments in boxes of three lines, seven a row; nothing when the XML has no cobr. */
export function drawBills(doc: PDFKit.PDFDocument, data: DanfeData, y: number): number {
  if (data.installments.length === 0 && !data.bill) return y;
  let next = title(doc, y, 'FATURA / DUPLICATAS');
  if (data.installments.length === 0 && data.bill) {
    const bill = data.bill;
    return row(doc, next, [
      { width: 0, label: 'NÚMERO DA FATURA', value: bill.number },
      { width: 0, label: 'VALOR ORIGINAL', value: f.money(bill.original), align: 'right' },
      { width: 0, label: 'VALOR DO DESCONTO', value: f.money(bill.discount), align: 'right' },
      { width: 0, label: 'VALOR LÍQUIDO', value: f.money(bill.net), align: 'right' },
    ]);
  }
  const perRow = Math.floor(WIDTH / BILL_WIDTH);
  data.installments.forEach((dup, index) => {
    const column = index % perRow;
    if (column === 0 && index > 0) next += BILL_HEIGHT;
    const x = LEFT + column * BILL_WIDTH;
    box(doc, x, next, BILL_WIDTH, BILL_HEIGHT);
    doc.font('Helvetica').fontSize(6.5).fillColor('#000000');
    const lines = [
      `Núm.: ${dup.number}`,
      `Venc.: ${f.date(dup.dueDate)}`,
      `Valor: R$ ${f.money(dup.amount)}`,
    ];
    lines.forEach((line, n) => {
      doc.text(line, x + 3, next + 3 + n * 8, { width: BILL_WIDTH - 6, lineBreak: false });
    });
  });
  return next + BILL_HEIGHT;
}

export function drawTaxes(doc: PDFKit.PDFDocument, data: DanfeData, y: number): number {
  const t = data.totals;
  const money = (label: string, value: string, bold = false) => ({
    width: 0,
    label,
    value: f.money(value),
    align: 'right' as const,
    bold,
  });
  let next = title(doc, y, 'CÁLCULO DO IMPOSTO');
  next = row(doc, next, [
    money('BASE DE CÁLC. DO ICMS', t.icmsBase),
    money('VALOR DO ICMS', t.icmsValue),
    money('BASE DE CÁLC. ICMS S.T.', t.stBase),
    money('VALOR DO ICMS SUBST.', t.stValue),
    money('VALOR DO PIS', t.pis),
    money('VALOR DA COFINS', t.cofins),
    money('V. TOTAL PRODUTOS', t.products),
  ]);
  next = row(doc, next, [
    money('VALOR DO FRETE', t.freight),
    money('VALOR DO SEGURO', t.insurance),
    money('DESCONTO', t.discount),
    money('OUTRAS DESPESAS', t.other),
    money('VALOR TOTAL DO IPI', t.ipi),
    money('V. TOTAL DA NOTA', t.invoice, true),
  ]);
  const ibsCbs = data.ibsCbsTotals;
  if (!ibsCbs) return next;
  return row(doc, next, [
    money('BASE DE CÁLC. IBS/CBS', ibsCbs.base),
    money('VALOR DO IBS UF', ibsCbs.ibsState),
    money('VALOR DO IBS MUNICIPAL', ibsCbs.ibsCity),
    money('VALOR TOTAL DO IBS', ibsCbs.ibs),
    money('VALOR DA CBS', ibsCbs.cbs),
    money('V. TOTAL DA NF (IBS/CBS)', ibsCbs.invoiceTotal),
  ]);
}

export function drawTransport(doc: PDFKit.PDFDocument, data: DanfeData, y: number): number {
  const t = data.transport;
  let next = title(doc, y, 'TRANSPORTADOR / VOLUMES TRANSPORTADOS');
  next = row(doc, next, [
    { width: 0, label: 'NOME / RAZÃO SOCIAL', value: t.carrierName },
    { width: 125, label: 'FRETE POR CONTA', value: f.freightMode(t.mode) },
    { width: 55, label: 'CÓDIGO ANTT', value: t.vehicleRntc },
    { width: 60, label: 'PLACA DO VEÍCULO', value: t.vehiclePlate },
    { width: 25, label: 'UF', value: t.vehicleUf, align: 'center' },
    { width: 100, label: 'CNPJ / CPF', value: f.document(t.carrierDocument) },
  ]);
  next = row(doc, next, [
    { width: 0, label: 'ENDEREÇO', value: t.carrierAddress },
    { width: 140, label: 'MUNICÍPIO', value: t.carrierCity },
    { width: 25, label: 'UF', value: t.carrierUf, align: 'center' },
    { width: 100, label: 'INSCRIÇÃO ESTADUAL', value: t.carrierStateRegistration },
  ]);
  const volumes = t.volumes.length > 0 ? t.volumes : [null];
  for (const volume of volumes) {
    next = row(doc, next, [
      { width: 70, label: 'QUANTIDADE', value: volume?.quantity ?? '', align: 'right' },
      { width: 0, label: 'ESPÉCIE', value: volume?.species ?? '' },
      { width: 0, label: 'MARCA', value: volume?.brand ?? '' },
      { width: 0, label: 'NUMERAÇÃO', value: volume?.numbering ?? '' },
      {
        width: 80,
        label: 'PESO BRUTO',
        value: f.decimal(volume?.grossWeight ?? '', 3),
        align: 'right',
      },
      {
        width: 80,
        label: 'PESO LÍQUIDO',
        value: f.decimal(volume?.netWeight ?? '', 3),
        align: 'right',
      },
    ]);
  }
  return next;
}

const INFO_SIZE = 6.5;
const INFO_MIN_HEIGHT = 64;
const INFO_MAX_HEIGHT = 220;
const complementWidth = () => Math.round((WIDTH * 2) / 3);

/**
 * Informações complementares: an NF-e issued in contingency says so first (mode, dhCont, xJust),
 * then infCpl.
 */
export function complementText(data: DanfeData): string {
  const contingency = data.contingency;
  if (!contingency) return data.additionalInfo;
  const heading =
    `EMITIDA EM CONTINGÊNCIA ${contingency.mode} — entrada em ` +
    `${f.date(contingency.since)} ${f.time(contingency.since)}. Justificativa: ${contingency.reason}`;
  return data.additionalInfo ? `${heading}\n${data.additionalInfo}` : heading;
}

/** The height of the dados adicionais block, its title included: as tall as its text needs. */
export function additionalInfoHeight(doc: PDFKit.PDFDocument, data: DanfeData): number {
  doc.font('Helvetica').fontSize(INFO_SIZE);
  const complement = doc.heightOfString(complementText(data), { width: complementWidth() - 6 });
  const fiscal = doc.heightOfString(data.fiscalInfo, { width: WIDTH - complementWidth() - 6 });
  const text = Math.max(complement, fiscal) + 14;
  return TITLE_HEIGHT + Math.min(INFO_MAX_HEIGHT, Math.max(INFO_MIN_HEIGHT, text));
}

export function drawAdditionalInfo(
  doc: PDFKit.PDFDocument,
  data: DanfeData,
  y: number,
  height: number,
): number {
  const next = title(doc, y, 'DADOS ADICIONAIS');
  const h = height - TITLE_HEIGHT;
  const left = complementWidth();
  const part = (x: number, w: number, label: string, value: string) => {
    box(doc, x, next, w, h);
    doc
      .font('Helvetica')
      .fontSize(5.5)
      .text(label, x + 2, next + 1.5, { lineBreak: false });
    doc
      .fontSize(INFO_SIZE)
      .text(value, x + 3, next + 10, { width: w - 6, height: h - 12, ellipsis: true });
  };
  part(LEFT, left, 'INFORMAÇÕES COMPLEMENTARES', complementText(data));
  part(LEFT + left, WIDTH - left, 'RESERVADO AO FISCO', data.fiscalInfo);
  return next + h;
}
