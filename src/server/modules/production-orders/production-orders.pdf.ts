import { cnpj, phone } from '../../../shared/br/documents.js';
import { formatAddress } from '../../../shared/format-address.js';
import { formatBRL, formatDecimal } from '../../../shared/money.js';
import { messages } from '../../../shared/messages.js';
import {
  productionOrderMachine,
  type ProductionOrderDetail,
} from '../../../shared/resources/production-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import { dateBr, startPdf } from '../../platform/document-pdf.js';
import { getCompany } from '../company/index.js';

/**
 * The production sheet ("Ficha de Produção"): A4, pt-BR, for the shop floor: the company's
 * header, the order's number and status, the product and quantity, the dates and locations, the
 * materials to take (required, consumed), the costs, and room for notes and signatures.
 * Helvetica's WinAnsi encoding covers Portuguese accents.
 */

const quantityOf = (value: string | null, decimals: number) =>
  value === null ? '—' : formatDecimal(value, decimals);

export async function productionOrderPdf(
  db: DbOrTrx,
  order: ProductionOrderDetail,
): Promise<Buffer> {
  const company = await getCompany(db);
  const { doc, done } = startPdf({
    title: `${messages.productionOrders.sheetTitle} ${order.number}`,
    author: company.tradeName || company.legalName,
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // Company header.
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(company.tradeName || company.legalName, left);
  doc.font('Helvetica').fontSize(8.5);
  const identity = [
    company.tradeName ? company.legalName : null,
    company.cnpj ? `CNPJ ${cnpj.format(company.cnpj)}` : null,
  ].filter(Boolean);
  if (identity.length) doc.text(identity.join(' — '));
  const address = formatAddress(company.address);
  if (address) doc.text(address);
  const phones = company.phones
    .filter((each): each is string => !!each)
    .map((each) => phone.format(each));
  if (phones.length) doc.text(`Telefone: ${phones.join(' / ')}`);
  doc.moveDown(0.5);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.moveDown(0.6);

  // Title.
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(`${messages.productionOrders.sheetTitle} ${order.number}`, left, doc.y, {
      width,
      align: 'left',
    });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Situação: ${productionOrderMachine.label(order.status)}`);
  doc.moveDown(0.6);

  // Header fields, two columns.
  const field = (label: string, value: string, x: number, y: number, w: number) => {
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#555555').text(label, x, y, { width: w });
    doc
      .font('Helvetica')
      .fontSize(10.5)
      .fillColor('#000000')
      .text(value || '—', x, doc.y, { width: w });
    return doc.y;
  };
  const half = width / 2 - 10;
  const rows: [string, string, string, string][] = [
    [
      'Produto',
      `${order.productCode} — ${order.productName}`,
      'Quantidade',
      `${formatDecimal(order.quantity, order.unitDecimals)} ${order.unit}`,
    ],
    ['Início previsto', dateBr(order.plannedStart), 'Término previsto', dateBr(order.plannedEnd)],
    [
      'Local de origem (materiais)',
      order.sourceLocationName,
      'Local de destino (produto)',
      order.targetLocationName,
    ],
  ];
  if (order.status === 'COMPLETED') {
    rows.push([
      'Quantidade produzida',
      `${quantityOf(order.producedQuantity, order.unitDecimals)} ${order.unit}`,
      'Conclusão',
      dateBr(order.completionDate),
    ]);
  }
  for (const [labelA, valueA, labelB, valueB] of rows) {
    const y = doc.y;
    const endA = field(labelA, valueA, left, y, half);
    const endB = field(labelB, valueB, left + half + 20, y, half);
    doc.x = left;
    doc.y = Math.max(endA, endB) + 6;
  }

  // A table: header, then rows; a new page (with the header again) when the page is full.
  const table = (
    title: string,
    columns: { label: string; width: number; align?: 'left' | 'right' }[],
    body: string[][],
  ) => {
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(11).text(title, left, doc.y);
    doc.moveDown(0.3);
    const scale = width / columns.reduce((sum, column) => sum + column.width, 0);
    const drawRow = (cells: string[], bold: boolean) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      const heights = cells.map((cell, i) =>
        doc.heightOfString(cell, { width: columns[i]!.width * scale - 6 }),
      );
      const height = Math.max(...heights) + 6;
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        if (!bold)
          drawRow(
            columns.map((column) => column.label),
            true,
          );
      }
      const y = doc.y;
      let x = left;
      cells.forEach((cell, i) => {
        const w = columns[i]!.width * scale;
        doc.text(cell, x + 3, y + 3, { width: w - 6, align: columns[i]!.align ?? 'left' });
        x += w;
      });
      doc
        .moveTo(left, y + height)
        .lineTo(left + width, y + height)
        .strokeColor(bold ? '#000000' : '#cccccc')
        .stroke()
        .strokeColor('#000000');
      doc.x = left;
      doc.y = y + height;
    };
    drawRow(
      columns.map((column) => column.label),
      true,
    );
    for (const row of body) drawRow(row, false);
  };

  table(
    'Materiais',
    [
      { label: 'Código', width: 70 },
      { label: 'Insumo', width: 160 },
      { label: 'Un.', width: 45 },
      { label: 'Necessário', width: 80, align: 'right' },
      { label: 'Consumido', width: 80, align: 'right' },
      { label: 'Retirado por', width: 80 },
    ],
    order.materials.map((line) => [
      line.feedstockCode,
      line.feedstockName,
      line.unit,
      formatDecimal(line.requiredQuantity, line.unitDecimals),
      formatDecimal(line.consumedQuantity, line.unitDecimals),
      '',
    ]),
  );

  if (order.costs.length) {
    table(
      'Custos de produção',
      [
        { label: 'Custo', width: 300 },
        { label: 'Valor', width: 100, align: 'right' },
      ],
      order.costs.map((line) => [line.outlayName, formatBRL(line.value)]),
    );
  }

  if (order.status === 'COMPLETED') {
    table(
      'Custo real',
      [
        { label: 'Materiais', width: 100, align: 'right' },
        { label: 'Custos', width: 100, align: 'right' },
        { label: 'Total', width: 100, align: 'right' },
        { label: 'Custo unitário', width: 100, align: 'right' },
      ],
      [
        [
          formatBRL(order.materialsCost),
          formatBRL(order.outlaysCost),
          formatBRL(order.totalCost),
          `R$ ${formatDecimal(order.unitCost, 4)}`,
        ],
      ],
    );
  }

  // Notes and signatures.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 200) doc.addPage();
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(11).text('Observações', left, doc.y);
  doc.font('Helvetica').fontSize(9.5);
  if (order.notes) doc.text(order.notes, left, doc.y, { width });
  const boxTop = doc.y + 4;
  doc.rect(left, boxTop, width, 80).strokeColor('#999999').stroke().strokeColor('#000000');
  doc.y = boxTop + 110;
  const signature = (label: string, x: number) => {
    doc
      .moveTo(x, doc.y)
      .lineTo(x + half, doc.y)
      .stroke();
    doc.fontSize(9).text(label, x, doc.y + 4, { width: half, align: 'center' });
  };
  const lineY = doc.y;
  signature('Responsável pela produção', left);
  doc.y = lineY;
  signature('Conferido por', left + half + 20);

  doc.end();
  return done;
}
