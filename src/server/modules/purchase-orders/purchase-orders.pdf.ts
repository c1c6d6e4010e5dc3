import PDFDocument from 'pdfkit';
import { cnpj, cpf, phone } from '../../../shared/br/documents.js';
import { formatAddress } from '../../../shared/format-address.js';
import { formatBRL, formatDecimal } from '../../../shared/money.js';
import {
  purchaseOrderMachine,
  type PurchaseOrderDetail,
} from '../../../shared/resources/purchase-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { AddressJson } from '../../db/types.js';
import { getCompany } from '../company/index.js';
import { findPrintSupplier } from './purchase-orders.repo.js';

/**
 * The printable purchase order: A4, pt-BR, BRL. The company's header, the order's number, dates
 * and status, the supplier, the lines (code, item, unit, quantity, unit price, total, on as many
 * pages as they need, the table's header repeated), the totals, the payment terms, where to
 * deliver and the notes. Helvetica's WinAnsi encoding covers Portuguese accents.
 */

const dateBr = (value: string | null) =>
  value ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}` : '—';

const documentOf = (value: string | null, personType?: 'F' | 'J') => {
  if (!value) return null;
  return personType === 'F' ? `CPF ${cpf.format(value)}` : `CNPJ ${cnpj.format(value)}`;
};

/** "3 parcelas: a 1ª em 30 dias, as seguintes a cada 30 dias" and the like. */
function paymentTerms(order: {
  installments: number;
  firstDueInDays: number;
  intervalDays: number;
}): string {
  const first =
    order.firstDueInDays === 0 ? 'à vista no recebimento' : `em ${order.firstDueInDays} dias`;
  if (order.installments === 1) {
    return order.firstDueInDays === 0 ? 'À vista no recebimento' : `1 parcela ${first}`;
  }
  return `${order.installments} parcelas: a 1ª ${first}, as seguintes a cada ${order.intervalDays} dias (contados do recebimento)`;
}

export async function purchaseOrderPdf(db: DbOrTrx, order: PurchaseOrderDetail): Promise<Buffer> {
  const [company, supplier] = await Promise.all([
    getCompany(db),
    findPrintSupplier(db, order.supplierId),
  ]);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    bufferPages: true,
    info: {
      Title: `Ordem de Compra ${order.number}`,
      Author: company.tradeName || company.legalName,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );

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
    .text('ORDEM DE COMPRA', left + width - 180, top, { width: 180, align: 'right' });
  doc.fontSize(12).text(order.number, { width: 180, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .text(`Situação: ${purchaseOrderMachine.label(order.status)}`, { width: 180, align: 'right' });
  doc.y = Math.max(afterCompany, doc.y) + 8;
  doc.x = left;
  rule();

  // The order's facts and the supplier, side by side.
  const factsTop = doc.y;
  const half = width / 2 - 8;
  const labelled = (label: string, value: string, x: number, w: number) => {
    doc.font('Helvetica-Bold').fontSize(8.5).text(`${label}: `, x, undefined, {
      width: w,
      continued: true,
    });
    doc.font('Helvetica').text(value || '—');
  };
  doc.font('Helvetica-Bold').fontSize(10).text('Fornecedor', left, factsTop, { width: half });
  doc.font('Helvetica').fontSize(9).text(supplier.name, left, undefined, { width: half });
  doc.fontSize(8.5);
  const supplierLines = [
    supplier.tradeName,
    documentOf(supplier.document, supplier.personType),
    formatAddress(supplier.address as AddressJson),
    [supplier.phone ? phone.format(supplier.phone) : null, supplier.email]
      .filter(Boolean)
      .join(' — '),
  ].filter(Boolean) as string[];
  for (const line of supplierLines) doc.text(line, left, undefined, { width: half });
  const supplierBottom = doc.y;

  const right = left + width / 2 + 8;
  doc.y = factsTop;
  doc.font('Helvetica-Bold').fontSize(10).text('Pedido', right, factsTop, { width: half });
  labelled('Data', dateBr(order.orderDate), right, half);
  labelled('Previsão de entrega', dateBr(order.expectedDate), right, half);
  labelled('Local de entrega', order.locationName, right, half);
  labelled('Forma de pagamento', order.paymentMethodName ?? '—', right, half);
  doc.y = Math.max(supplierBottom, doc.y) + 10;
  doc.x = left;

  // The lines.
  const columns = [
    { label: 'Código', width: 70, align: 'left' as const },
    { label: 'Item', width: width - 70 - 46 - 70 - 80 - 85, align: 'left' as const },
    // A unit code has up to 6 characters (DOMAIN §2): 46 pt holds them on one line.
    { label: 'Un.', width: 46, align: 'left' as const },
    { label: 'Quantidade', width: 70, align: 'right' as const },
    { label: 'Preço unit.', width: 80, align: 'right' as const },
    { label: 'Total', width: 85, align: 'right' as const },
  ];
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
  for (const line of order.items) {
    row([
      line.itemCode,
      line.itemName,
      line.unitCode,
      formatDecimal(line.quantity, line.unitDecimals),
      `R$ ${formatDecimal(line.unitPrice, 4).replace(/(,\d\d)00$/, '$1')}`,
      formatBRL(line.lineTotal),
    ]);
  }
  doc.x = left;
  doc.moveDown(0.6);

  // The totals on the right.
  if (doc.y + 80 > bottom) doc.addPage();
  const totalsX = left + width - 220;
  const total = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 10 : 9);
    doc.text(label, totalsX, y, { width: 120 });
    doc.text(value, totalsX + 120, y, { width: 100, align: 'right' });
  };
  total('Total dos itens', formatBRL(order.itemsTotal));
  total('Frete', formatBRL(order.freight));
  total('Desconto', `- ${formatBRL(order.discount)}`);
  total('Total da ordem', formatBRL(order.total), true);
  doc.x = left;
  doc.moveDown(1);

  // Terms and notes.
  if (doc.y + 60 > bottom) doc.addPage();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Condições de pagamento', left, undefined, { width });
  doc.font('Helvetica').fontSize(9).text(paymentTerms(order), { width });
  if (order.notes) {
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(10).text('Observações', { width });
    doc.font('Helvetica').fontSize(9).text(order.notes, { width });
  }

  // Every page's footer: the order and the page.
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
        `Ordem de Compra ${order.number} — página ${index - range.start + 1} de ${range.count}`,
        left,
        doc.page.height - margin + 14,
        { width, align: 'right', lineBreak: false },
      );
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
