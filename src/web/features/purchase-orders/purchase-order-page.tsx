import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../shared/messages.js';
import { invoiceLabel } from '../../../shared/invoice-number.js';
import { formatBRL } from '../../../shared/money.js';
import {
  PURCHASE_ORDERS_PATH,
  purchaseOrderActionLabels,
  purchaseOrderActionPermissions,
  purchaseOrderMachine,
  type PurchaseOrderDetail,
  type PurchaseReceiptAudit,
} from '../../../shared/resources/purchase-orders.js';
import { formatDate, formatDateTime } from '../../components/dates.js';
import { DocumentActionBar } from '../../components/document-action-bar.js';
import {
  DocumentFigure,
  DocumentHeading,
  OrderMoneyFigures,
} from '../../components/document-heading.js';
import {
  deleteDraftAction,
  documentActionOf,
  editAction,
} from '../../components/document-actions.js';
import { DocumentTimeline } from '../../components/document-timeline.js';
import { usePdfOpener } from '../../components/open-pdf.js';
import { RecordQueryResult } from '../../components/record-query-result.js';
import { formatQuantity } from '../../components/quantity-text.js';
import { formatUnitCost } from '../../components/unit-cost-text.js';
import { useDocumentRoute } from '../../components/use-document-route.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { paths } from '../../lib/paths.js';
import { usePermission } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { orderKeys, ordersApi, useDeletePurchaseOrder, usePurchaseOrderAction } from './api.js';
import { OrderStatusTag } from './order-status-tag.js';
import { ReceiveDialog } from './receive-dialog.js';

/** The timeline's headlines, in the order's gender. */
const timelineLabels: Record<string, string> = {
  create: 'Criada',
  update: 'Alterada',
  approve: 'Aprovada',
  receive: 'Recebimento',
  close: 'Encerrada',
  cancel: 'Cancelada',
};

const isReceiptAudit = (value: unknown): value is PurchaseReceiptAudit =>
  typeof value === 'object' && value !== null && 'value' in value && 'date' in value;

/** "3x, 1º vencimento 30 dias após o recebimento, a cada 30 dias". */
function termsText(order: PurchaseOrderDetail): string {
  const first = `1º vencimento ${order.firstDueInDays} dias após o recebimento`;
  if (order.installments <= 1) return `À vista em 1 parcela, ${first}`;
  return `${order.installments}x, ${first}, a cada ${order.intervalDays} dias`;
}

/**
 * One purchase order: its values and status, the actions its status and the user allow (Aprovar,
 * Receber, Encerrar, Cancelar, Editar, Excluir), the lines with what was ordered, received and is
 * still to come, its receipts with the bills they created, "Imprimir" (the PDF) and its timeline.
 * Each action's hook (api.ts) reads again what it changed.
 */
export function PurchaseOrderPage({ basePath }: { basePath: string }) {
  const { id, validId, back, openEdit } = useDocumentRoute(basePath);
  const canReadBills = usePermission('billsToPay:read');
  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const [receiving, setReceiving] = useState(false);
  const pdf = usePdfOpener();
  const remove = useDeletePurchaseOrder();
  const cancel = usePurchaseOrderAction('cancel');
  const close = usePurchaseOrderAction('close');
  const approve = usePurchaseOrderAction('approve');

  const order = useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => ordersApi.get(id, signal),
    enabled: validId,
  });

  return (
    <RecordQueryResult
      query={order}
      validId={validId}
      notFoundTitle="Ordem de compra não encontrada"
      onBack={back}
    >
      {(row) => {
        const action = documentActionOf(purchaseOrderActionLabels, purchaseOrderActionPermissions);
        const actions = [
          editAction(action, () => openEdit(row.id)),
          deleteDraftAction(action, {
            remove: () => remove.mutateAsync(row.id),
            confirm: messages.purchaseOrders.deleteConfirm,
            deleted: messages.purchaseOrders.deleted,
            then: back,
          }),
          action(
            'cancel',
            async () => {
              await cancel.mutateAsync(row.id);
              toast.success(messages.purchaseOrders.cancelled);
            },
            {
              confirm: messages.purchaseOrders.cancelConfirm,
              confirmLabel: 'Cancelar ordem',
              confirmDescription: 'Não é possível desfazer.',
              danger: true,
            },
          ),
          action(
            'close',
            async () => {
              await close.mutateAsync(row.id);
              toast.success(messages.purchaseOrders.closed);
            },
            { confirm: messages.purchaseOrders.closeConfirm, confirmLabel: 'Encerrar ordem' },
          ),
          action(
            'approve',
            async () => {
              await approve.mutateAsync(row.id);
              toast.success(messages.purchaseOrders.approved);
            },
            { primary: true },
          ),
          action(
            'receive',
            () => {
              setReceiving(true);
              return Promise.resolve();
            },
            { primary: true },
          ),
        ];

        return (
          <Flex vertical gap={16}>
            <Flex justify="space-between" align="flex-start" gap={12} wrap>
              <DocumentHeading kind="Ordem de compra" title={row.number} testId="order-number">
                <OrderStatusTag status={row.status} />
              </DocumentHeading>
              <DocumentActionBar
                machine={purchaseOrderMachine}
                status={row.status}
                actions={actions}
              >
                <Button onClick={back}>Voltar</Button>
                <Button
                  icon={<PrinterOutlined aria-hidden />}
                  loading={pdf.opening}
                  onClick={() => void pdf.open(ordersApi.pdfPath(row.id))}
                  data-testid="print-order"
                >
                  Imprimir
                </Button>
              </DocumentActionBar>
            </Flex>

            <OrderMoneyFigures order={row}>
              <DocumentFigure
                label="Recebido"
                value={formatBRL(row.receivedValue)}
                testId="order-received"
              />
            </OrderMoneyFigures>

            <Card>
              <Descriptions
                data-testid="order-values"
                column={{ xs: 1, md: 2, xl: 3 }}
                items={[
                  { key: 'supplier', label: 'Fornecedor', children: row.supplierName },
                  { key: 'orderDate', label: 'Data da ordem', children: formatDate(row.orderDate) },
                  {
                    key: 'expectedDate',
                    label: 'Previsão de entrega',
                    children: row.expectedDate ? formatDate(row.expectedDate) : '—',
                  },
                  { key: 'location', label: 'Local de entrega', children: row.locationName },
                  {
                    key: 'method',
                    label: 'Forma de pagamento',
                    children: row.paymentMethodName ?? '—',
                  },
                  { key: 'category', label: 'Categoria', children: row.categoryName },
                  { key: 'terms', label: 'Condições', children: termsText(row), span: 'filled' },
                  {
                    key: 'notes',
                    label: 'Observações',
                    children: row.notes ?? '—',
                    span: 'filled',
                  },
                ]}
              />
            </Card>

            <Card title="Itens" styles={{ body: { padding: small ? 8 : undefined } }}>
              <Table
                data-testid="order-lines"
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={row.items}
                scroll={{ x: small ? 900 : 720 }}
                columns={[
                  {
                    key: 'item',
                    title: 'Item',
                    width: small ? 180 : undefined,
                    render: (_value, line) => `${line.itemCode} – ${line.itemName}`,
                    onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
                  },
                  ...(
                    [
                      ['quantity', 'Pedido'],
                      ['receivedQuantity', 'Recebido'],
                      ['pendingQuantity', 'Pendente'],
                    ] as const
                  ).map(([key, title]) => ({
                    key,
                    title,
                    align: 'right' as const,
                    width: 130,
                    onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
                    render: (_value: unknown, line: PurchaseOrderDetail['items'][number]) =>
                      `${formatQuantity(line[key], line.unitDecimals)} ${line.unitCode}`,
                  })),
                  {
                    key: 'unitPrice',
                    title: 'Preço unitário',
                    align: 'right',
                    width: 130,
                    render: (_value, line) => formatUnitCost(line.unitPrice),
                  },
                  {
                    key: 'lineTotal',
                    title: 'Total',
                    align: 'right',
                    width: 130,
                    render: (_value, line) => formatBRL(line.lineTotal),
                  },
                ]}
              />
            </Card>

            <Card
              title="Recebimentos"
              extra={
                canReadBills && row.receipts.length > 0 ? (
                  <Link
                    to={`${paths.billsToPay}?originType=PURCHASE_ORDER&q=${encodeURIComponent(row.number)}`}
                    data-testid="order-bills-link"
                  >
                    Contas a pagar desta ordem
                  </Link>
                ) : undefined
              }
              styles={{ body: { padding: small ? 8 : undefined } }}
            >
              {row.receipts.length === 0 ? (
                <Typography.Text type="secondary">Nenhum recebimento ainda.</Typography.Text>
              ) : (
                <Table
                  data-testid="order-receipts"
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={row.receipts}
                  scroll={{ x: 600 }}
                  expandable={{
                    expandedRowRender: (receipt) => (
                      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                        {receipt.lines.map((line) => (
                          <li key={line.lineId}>
                            {line.itemCode} – {line.itemName}:{' '}
                            {formatQuantity(line.quantity, line.unitDecimals)} {line.unitCode} a{' '}
                            {formatUnitCost(line.unitCost)} = {formatBRL(line.value)}
                          </li>
                        ))}
                      </ul>
                    ),
                  }}
                  columns={[
                    {
                      key: 'date',
                      title: 'Data',
                      width: 110,
                      render: (_value, receipt) => formatDate(receipt.date),
                    },
                    {
                      key: 'invoice',
                      title: 'Nota fiscal',
                      render: (_value, receipt) => receipt.invoiceNumber ?? '—',
                    },
                    {
                      key: 'lines',
                      title: 'Itens',
                      width: 70,
                      align: 'right',
                      render: (_value, receipt) => receipt.lines.length,
                    },
                    {
                      key: 'value',
                      title: 'Valor',
                      align: 'right',
                      width: 130,
                      render: (_value, receipt) => formatBRL(receipt.value),
                    },
                    {
                      key: 'by',
                      title: 'Por',
                      render: (_value, receipt) =>
                        `${receipt.createdByName ?? 'sistema'} · ${formatDateTime(receipt.createdAt)}`,
                    },
                  ]}
                />
              )}
            </Card>

            <Card title="Histórico">
              <DocumentTimeline
                entity={PURCHASE_ORDERS_PATH}
                entityId={row.id}
                labels={timelineLabels}
                machine={purchaseOrderMachine}
                describe={(entry) => {
                  const receipt = entry.changes.receipt?.to;
                  if (!isReceiptAudit(receipt)) return null;
                  const invoice = receipt.invoiceNumber
                    ? `, ${invoiceLabel(receipt.invoiceNumber)}`
                    : '';
                  return (
                    <Typography.Text type="secondary">
                      {receipt.lines} {receipt.lines === 1 ? 'item' : 'itens'},{' '}
                      {formatBRL(receipt.value)}
                      {invoice}
                    </Typography.Text>
                  );
                }}
              />
            </Card>

            {receiving && (
              <ReceiveDialog order={row} open={receiving} onClose={() => setReceiving(false)} />
            )}
          </Flex>
        );
      }}
    </RecordQueryResult>
  );
}
