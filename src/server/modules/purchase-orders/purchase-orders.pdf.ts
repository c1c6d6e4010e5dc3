import { formatBRL, formatDecimal } from '../../../shared/money.js';
import {
  purchaseOrderMachine,
  type PurchaseOrderDetail,
} from '../../../shared/resources/purchase-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import { commercialDocumentPdf, dateBr, paymentTermsText } from '../../platform/document-pdf.js';
import { getCompany } from '../company/index.js';
import { findPrintSupplier } from './purchase-orders.repo.js';

/**
 * The printable purchase order (platform/document-pdf.ts lays it out): the order's number, dates
 * and status, the supplier, the lines (code, item, unit, quantity, unit price, total), the
 * totals, the payment terms (counted from the receipt), where to deliver and the notes.
 */
export async function purchaseOrderPdf(db: DbOrTrx, order: PurchaseOrderDetail): Promise<Buffer> {
  const [company, supplier] = await Promise.all([
    getCompany(db),
    findPrintSupplier(db, order.supplierId),
  ]);
  return commercialDocumentPdf({
    title: 'Ordem de Compra',
    number: order.number,
    status: purchaseOrderMachine.label(order.status),
    company,
    partyHeading: 'Fornecedor',
    party: supplier,
    facts: [
      ['Data', dateBr(order.orderDate)],
      ['Previsão de entrega', dateBr(order.expectedDate)],
      ['Local de entrega', order.locationName],
      ['Forma de pagamento', order.paymentMethodName ?? '—'],
    ],
    columns: [
      { label: 'Código', width: 70, align: 'left' },
      { label: 'Item', align: 'left' },
      // A unit code has up to 6 characters (DOMAIN §2): 46 pt holds them on one line.
      { label: 'Un.', width: 46, align: 'left' },
      { label: 'Quantidade', width: 70, align: 'right' },
      { label: 'Preço unit.', width: 80, align: 'right' },
      { label: 'Total', width: 85, align: 'right' },
    ],
    rows: order.items.map((line) => [
      line.itemCode,
      line.itemName,
      line.unitCode,
      formatDecimal(line.quantity, line.unitDecimals),
      `R$ ${formatDecimal(line.unitPrice, 4).replace(/(,\d\d)00$/, '$1')}`,
      formatBRL(line.lineTotal),
    ]),
    totals: [
      { label: 'Total dos itens', value: formatBRL(order.itemsTotal) },
      { label: 'Frete', value: formatBRL(order.freight) },
      { label: 'Desconto', value: `- ${formatBRL(order.discount)}` },
      { label: 'Total da ordem', value: formatBRL(order.total), bold: true },
    ],
    terms: [paymentTermsText(order, 'recebimento')],
    notes: order.notes,
  });
}
