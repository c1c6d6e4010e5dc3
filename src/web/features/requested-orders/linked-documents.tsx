import { Card, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { formatBRL, formatDecimal } from '../../../shared/money.js';
import { invoiceMachine, type InvoiceStatus } from '../../../shared/resources/invoices.js';
import {
  productionOrderMachine,
  type ProductionOrderStatus,
} from '../../../shared/resources/production-orders.js';
import {
  purchaseOrderMachine,
  type PurchaseOrderStatus,
} from '../../../shared/resources/purchase-orders.js';
import type { RequestedOrderDetail } from '../../../shared/resources/requested-orders.js';
import { formatDate } from '../../components/dates.js';
import { paths } from '../../lib/paths.js';

/**
 * What was made for the order: its NF-e ("Faturar", cancelled ones too), its production orders
 * and the purchase orders bought for it ("Planejar produção"), each a link to its own page.
 * Nothing when there is none yet.
 */
export function LinkedDocuments({ order }: { order: RequestedOrderDetail }) {
  if (
    order.invoices.length === 0 &&
    order.productionOrders.length === 0 &&
    order.purchaseOrders.length === 0
  ) {
    return null;
  }
  return (
    <Card title="Documentos do pedido" data-testid="linked-documents">
      <Flex vertical gap={8}>
        {order.invoices.map((invoice) => (
          <Typography.Text key={`nf-${invoice.id}`}>
            <Link to={`${paths.invoices}/${invoice.id}`}>
              NF-e nº {invoice.number ?? '—'} · Série {invoice.series}
            </Link>
            {` — ${invoiceMachine.statuses[invoice.status as InvoiceStatus] ?? invoice.status}`}
            {`, ${formatDate(invoice.issueDate)}, ${formatBRL(invoice.total)}`}
          </Typography.Text>
        ))}
        {order.productionOrders.map((production) => (
          <Typography.Text key={`op-${production.id}`}>
            <Link to={`${paths.productionOrders}/${production.id}`}>{production.number}</Link>
            {` — ${productionOrderMachine.statuses[production.status as ProductionOrderStatus] ?? production.status}`}
            {`, quantidade ${formatDecimal(production.quantity, 3)}`}
            {production.plannedEnd ? `, previsão ${formatDate(production.plannedEnd)}` : ''}
          </Typography.Text>
        ))}
        {order.purchaseOrders.map((purchase) => (
          <Typography.Text key={`oc-${purchase.id}`} data-testid="linked-purchase-order">
            <Link to={`${paths.purchaseOrders}/${purchase.id}`}>{purchase.number}</Link>
            {` — ${purchaseOrderMachine.statuses[purchase.status as PurchaseOrderStatus] ?? purchase.status}`}
            {`, ${purchase.supplierName}`}
            {purchase.expectedDate ? `, previsão ${formatDate(purchase.expectedDate)}` : ''}
          </Typography.Text>
        ))}
      </Flex>
    </Card>
  );
}
