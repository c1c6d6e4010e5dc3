import PDFDocument from 'pdfkit';
import { cnpj, cpf, phone } from '../../shared/br/documents.js';
import { formatAddress } from '../../shared/format-address.js';
import type { Company } from '../../shared/resources/company.js';
import type { AddressJson } from '../db/types.js';

/**
 * What Fabril's printed documents share (pdfkit, A4, pt-BR, BRL): the page and its bytes, dates
 * as "27/02/2026", and the layout of a commercial document — the purchase order, the sales
 * order — drawn from plain data: the company's header with the document's title, number and
 * status on the right, the other party beside the document's facts, the lines on as many pages
 * as they need (the table's header repeated), the totals, the payment terms, the notes and every
 * page's footer with the document and the page. Helvetica's WinAnsi encoding covers Portuguese
 * accents. The caller reads the data; nothing here touches the database.
 */

/** "27/02/2026" of a YYYY-MM-DD; "—" for none. */
export const dateBr = (value: string | null) =>
  value ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}` : '—';

/** "CPF 123.456.789-09" or "CNPJ 11.222.333/0001-81" by the party's person type. */
export const partyDocument = (value: string | null, personType?: 'F' | 'J') => {
  if (!value) return null;
  return personType === 'F' ? `CPF ${cpf.format(value)}` : `CNPJ ${cnpj.format(value)}`;
};

/**
 * "3 parcelas: a 1ª em 30 dias, as seguintes a cada 30 dias (contados do recebimento)" and the
 * like; `from` names the event the days count from ("recebimento" of a purchase, "faturamento"
 * of a sale).
 */
export function paymentTermsText(
  terms: { installments: number; firstDueInDays: number; intervalDays: number },
  from: string,
): string {
  const first =
    terms.firstDueInDays === 0 ? `à vista no ${from}` : `em ${terms.firstDueInDays} dias`;
  if (terms.installments === 1) {
    return terms.firstDueInDays === 0 ? `À vista no ${from}` : `1 parcela ${first}`;
  }
  return `${terms.installments} parcelas: a 1ª ${first}, as seguintes a cada ${terms.intervalDays} dias (contados do ${from})`;
}

/** An A4 page with 40 pt margins, and the document's bytes once `doc.end()` is called. */
export function startPdf(options: { title: string; author: string; bufferPages?: boolean }) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    ...(options.bufferPages ? { bufferPages: true } : {}),
    info: { Title: options.title, Author: options.author },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  return { doc, done };
}

export interface PrintColumn {
  label: string;
  /** Points; the one column without a width takes what the others leave of the page. */
  width?: number;
  align: 'left' | 'right';
}

/** The other party of the document (the supplier, the client) as it is printed. */
export interface PrintParty {
  name: string;
  tradeName: string | null;
  personType: 'F' | 'J';
  document: string | null;
  address: unknown;
  phone: string | null;
  email: string | null;
}

export interface CommercialDocument {
  /** "Ordem de Compra": the PDF's title and the footer's, upper-cased in the header. */
  title: string;
  /** "OC-000042". */
  number: string;
  /** The status's label. */
  status: string;
  company: Pick<
    Company,
    'legalName' | 'tradeName' | 'cnpj' | 'stateRegistration' | 'address' | 'phones' | 'email'
  >;
  /** "Fornecedor", "Cliente". */
  partyHeading: string;
  party: PrintParty;
  /** Beside the party under "Pedido": date, delivery, location, payment method. */
  facts: [label: string, value: string][];
  columns: PrintColumn[];
  rows: string[][];
  /** Under the lines on the right; the bold one is the document's total. */
  totals: { label: string; value: string; bold?: boolean }[];
  /** "Condições de pagamento": one paragraph each. */
  terms: string[];
  notes: string | null;
}

/** The printable commercial document, laid out as described above. */
export async function commercialDocumentPdf(input: CommercialDocument): Promise<Buffer> {
  const { company, party } = input;
  const { doc, done } = startPdf({
    title: `${input.title} ${input.number}`,
    author: company.tradeName || company.legalName,
    bufferPages: true,
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.moveDown(0.4);
  };

  // The company.
  const top = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(company.tradeName || company.legalName, left, top, { width: width - 180 });
  doc.font('Helvetica').fontSize(8.5);
  const identity = [
    company.tradeName ? company.legalName : null,
    company.cnpj ? `CNPJ ${cnpj.format(company.cnpj)}` : null,
    company.stateRegistration ? `IE ${company.stateRegistration}` : null,
  ].filter(Boolean);
  if (identity.length) doc.text(identity.join(' — '), { width: width - 180 });
  const address = formatAddress(company.address);
  if (address) doc.text(address, { width: width - 180 });
  const contacts = [
    ...(company.phones ?? [])
      .filter((each): each is string => !!each)
      .map((each) => phone.format(each)),
    company.email,
  ].filter(Boolean);
  if (contacts.length) doc.text(contacts.join(' — '), { width: width - 180 });
  const afterCompany = doc.y;
  // The document's title on the right.
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(input.title.toLocaleUpperCase('pt-BR'), left + width - 180, top, {
      width: 180,
      align: 'right',
    });
  doc.fontSize(12).text(input.number, { width: 180, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .text(`Situação: ${input.status}`, { width: 180, align: 'right' });
  doc.y = Math.max(afterCompany, doc.y) + 8;
  doc.x = left;
  rule();

  // The document's facts and the party, side by side.
  const factsTop = doc.y;
  const half = width / 2 - 8;
  const labelled = (label: string, value: string, x: number, w: number) => {
    doc.font('Helvetica-Bold').fontSize(8.5).text(`${label}: `, x, undefined, {
      width: w,
      continued: true,
    });
    doc.font('Helvetica').text(value || '—');
  };
  doc.font('Helvetica-Bold').fontSize(10).text(input.partyHeading, left, factsTop, { width: half });
  doc.font('Helvetica').fontSize(9).text(party.name, left, undefined, { width: half });
  doc.fontSize(8.5);
  const partyLines = [
    party.tradeName,
    partyDocument(party.document, party.personType),
    formatAddress(party.address as AddressJson),
    [party.phone ? phone.format(party.phone) : null, party.email].filter(Boolean).join(' — '),
  ].filter(Boolean) as string[];
  for (const line of partyLines) doc.text(line, left, undefined, { width: half });
  const partyBottom = doc.y;

  const right = left + width / 2 + 8;
  doc.y = factsTop;
  doc.font('Helvetica-Bold').fontSize(10).text('Pedido', right, factsTop, { width: half });
  for (const [label, value] of input.facts) labelled(label, value, right, half);
  doc.y = Math.max(partyBottom, doc.y) + 10;
  doc.x = left;

  // The lines; a new page repeats the table's header.
  const rest = input.columns.reduce((free, column) => free - (column.width ?? 0), width);
  const columns = input.columns.map((column) => ({ ...column, width: column.width ?? rest }));
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const heights = cells.map((cell, index) =>
      doc.heightOfString(cell, { width: columns[index]!.width - 6 }),
    );
    const height = Math.max(...heights) + 5;
    if (doc.y + height > bottom - 20) {
      doc.addPage();
      if (!bold)
        row(
          columns.map((column) => column.label),
          true,
        );
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    }
    const y = doc.y;
    let x = left;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc.text(cell, x + 3, y + 2, { width: column.width - 6, align: column.align });
      x += column.width;
    });
    doc.y = y + height;
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.3)
      .strokeColor('#cccccc')
      .stroke();
  };
  row(
    columns.map((column) => column.label),
    true,
  );
  for (const cells of input.rows) row(cells);
  doc.x = left;
  doc.moveDown(0.6);

  // The totals on the right.
  if (doc.y + 80 > bottom) doc.addPage();
  const totalsX = left + width - 220;
  for (const { label, value, bold = false } of input.totals) {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 10 : 9);
    doc.text(label, totalsX, y, { width: 120 });
    doc.text(value, totalsX + 120, y, { width: 100, align: 'right' });
  }
  doc.x = left;
  doc.moveDown(1);

  // Terms and notes.
  if (doc.y + 60 > bottom) doc.addPage();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Condições de pagamento', left, undefined, { width });
  doc.font('Helvetica').fontSize(9);
  for (const paragraph of input.terms) doc.text(paragraph, { width });
  if (input.notes) {
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(10).text('Observações', { width });
    doc.font('Helvetica').fontSize(9).text(input.notes, { width });
  }

  // Every page's footer: the document and the page.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#666666')
      .text(
        `${input.title} ${input.number} — página ${index - range.start + 1} de ${range.count}`,
        left,
        doc.page.height - margin + 14,
        { width, align: 'right', lineBreak: false },
      );
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
