import { splitInstallments } from '../../../shared/installments.js';
import { formatBRL, formatDecimal } from '../../../shared/money.js';
import {
  requestedOrderMachine,
  type RequestedOrderDetail,
} from '../../../shared/resources/requested-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import { commercialDocumentPdf, dateBr, paymentTermsText } from '../../platform/document-pdf.js';
import { getCompany } from '../company/index.js';
import { findPrintClient } from './requested-orders.repo.js';

/**
 * The printable sales order, "Pedido de Venda PV-000042" (platform/document-pdf.ts lays it out):
 * the client, the order's dates and status, where it ships from, the lines (code, product, unit,
 * quantity, unit price, discount %, total), the totals, the payment terms with the instalments
 * the whole order would make (their due dates count from each invoicing, so only the amounts are
 * printed) and the notes.
 */
export async function requestedOrderPdf(db: DbOrTrx, order: RequestedOrderDetail): Promise<Buffer> {
  const [company, client] = await Promise.all([
    getCompany(db),
    findPrintClient(db, order.clientId),
  ]);
  const installments = splitInstallments({
    total: order.total,
    count: order.installments,
    firstDueInDays: order.firstDueInDays,
    intervalDays: order.intervalDays,
    from: order.orderDate,
  });
  return commercialDocumentPdf({
    title: 'Pedido de Venda',
    number: order.number,
    status: requestedOrderMachine.label(order.status),
    company,
    partyHeading: 'Cliente',
    party: client,
    facts: [
      ['Data', dateBr(order.orderDate)],
      ['Entrega', dateBr(order.deliveryDate)],
      ['Local de expedição', order.locationName],
      ['Forma de pagamento', order.paymentMethodName ?? '—'],
    ],
    columns: [
      { label: 'Código', width: 62, align: 'left' },
      { label: 'Produto', align: 'left' },
      // A unit code has up to 6 characters (DOMAIN §2): 46 pt holds them on one line.
      { label: 'Un.', width: 46, align: 'left' },
      { label: 'Quantidade', width: 64, align: 'right' },
      { label: 'Preço unit.', width: 72, align: 'right' },
      { label: 'Desc. %', width: 44, align: 'right' },
      { label: 'Total', width: 80, align: 'right' },
    ],
    rows: order.items.map((line) => [
      line.productCode,
      line.productName,
      line.unitCode,
      formatDecimal(line.quantity, line.unitDecimals),
      formatBRL(line.unitPrice),
      formatDecimal(line.discountPercent, 2),
      formatBRL(line.lineTotal),
    ]),
    totals: [
      { label: 'Total dos itens', value: formatBRL(order.itemsTotal) },
      { label: 'Desconto', value: `- ${formatBRL(order.discount)}` },
      { label: 'Frete', value: formatBRL(order.freight) },
      { label: 'Total do pedido', value: formatBRL(order.total), bold: true },
    ],
    terms: [
      paymentTermsText(order, 'faturamento'),
      `Parcelas: ${installments
        .map((each) => `${each.installment} ${formatBRL(each.amount)}`)
        .join(' — ')}`,
    ],
    notes: order.notes,
  });
}
