import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Table, Typography, type TableColumnType } from 'antd';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { messages } from '../../../shared/messages.js';
import { formatBRL, formatDecimal } from '../../../shared/money.js';
import {
  REQUESTED_ORDERS_PATH,
  requestedOrderActionLabels,
  requestedOrderActionPermissions,
  requestedOrderMachine,
  type RequestedOrderAvailability,
  type RequestedOrderDetail,
  type RequestedOrderLine,
} from '../../../shared/resources/requested-orders.js';
import { formatDate } from '../../components/dates.js';
import { DocumentActionBar } from '../../components/document-action-bar.js';
import { DocumentHeading, OrderMoneyFigures } from '../../components/document-heading.js';
import {
  deleteDraftAction,
  documentActionOf,
  editAction,
} from '../../components/document-actions.js';
import { DocumentTimeline } from '../../components/document-timeline.js';
import { usePdfOpener } from '../../components/open-pdf.js';
import { formatQuantity } from '../../components/quantity-text.js';
import { RecordQueryResult } from '../../components/record-query-result.js';
import { ReferenceName } from '../../components/reference-name.js';
import { formatUnitCost } from '../../components/unit-cost-text.js';
import { useDocumentRoute } from '../../components/use-document-route.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { toast } from '../../lib/toast.js';
import {
  availabilityKey,
  requestedOrderKeys,
  requestedOrdersApi,
  useDeleteRequestedOrder,
  useRequestedOrderAction,
} from './api.js';
import { CreditRefusalSection, useCreditRefusal } from './credit-refusal-section.js';
import { DeliverDialog } from './deliver-dialog.js';
import { LinkedDocuments } from './linked-documents.js';
import { planMessage } from './plan-message.js';
import { RequestedOrderStatusTag } from './requested-order-status-tag.js';
import { describeRequestedOrderEntry } from './requested-order-timeline.js';

/** The timeline's headlines, in the order's gender. */
const timelineLabels: Record<string, string> = {
  create: 'Criado',
  update: 'Alterado',
  approve: 'Aprovado',
  reserve: 'Reserva atualizada',
  planProduction: 'Planejamento do que falta',
  invoice: 'Faturamento',
  reopen: 'Reaberto por nota cancelada',
  close: 'Encerrado',
  deliver: 'Entregue',
  cancel: 'Cancelado',
};

/** "3x, 1º vencimento 30 dias após o faturamento, a cada 30 dias". */
function termsText(order: RequestedOrderDetail): string {
  const first = `1º vencimento ${order.firstDueInDays} dias após o faturamento`;
  if (order.installments <= 1) return `À vista em 1 parcela, ${first}`;
  return `${order.installments}x, ${first}, a cada ${order.intervalDays} dias`;
}

type Availability = RequestedOrderAvailability['items'][number];
type QuantityKey = 'quantity' | 'reservedQuantity' | 'invoicedQuantity';
type StockKey = 'onHand' | 'available' | 'missing';

/** A line's figure: its label, its test id's key and what it shows. */
interface LineFigure {
  key: string;
  title: string;
  show: (line: RequestedOrderLine) => ReactNode;
}

/**
 * What each line shows: the product aside, what was ordered, its price, discount and total,
 * what is reserved and invoiced of it, and where its goods stand at the order's location (Em
 * estoque, Disponível — on hand less every order's reservation — and Falta, in red while short,
 * "—" once the order expects no more; Pode produzir, what its materials there allow of a
 * manufactured product, "—" for others), read apart and again after each action ("—" until then).
 */
function lineFigures(availability: readonly Availability[] | undefined, awaiting: boolean) {
  const byLine = new Map(availability?.map((entry) => [entry.lineId, entry]));
  const amount = (line: RequestedOrderLine, value: string | undefined) =>
    value === undefined ? '—' : `${formatQuantity(value, line.unitDecimals)} ${line.unitCode}`;
  const quantity = (key: QuantityKey, title: string): LineFigure => ({
    key,
    title,
    show: (line) => amount(line, line[key]),
  });
  const stock = (key: StockKey, title: string): LineFigure => ({
    key,
    title,
    show: (line) => {
      // Nothing is missing of an order that expects no more goods (invoiced, delivered, cancelled).
      const value = key === 'missing' && !awaiting ? undefined : byLine.get(line.id)?.[key];
      const short = key === 'missing' && value !== undefined && Number(value) > 0;
      return (
        <Typography.Text type={short ? 'danger' : undefined}>{amount(line, value)}</Typography.Text>
      );
    },
  });
  return {
    order: [
      quantity('quantity', 'Quantidade'),
      { key: 'unitPrice', title: 'Preço unitário', show: (line) => formatUnitCost(line.unitPrice) },
      {
        key: 'discountPercent',
        title: 'Desconto',
        show: (line) => `${formatDecimal(line.discountPercent, 2)}%`,
      },
      { key: 'lineTotal', title: 'Total', show: (line) => formatBRL(line.lineTotal) },
      quantity('reservedQuantity', 'Reservado'),
      quantity('invoicedQuantity', 'Faturado'),
    ] satisfies LineFigure[],
    stock: [
      stock('onHand', 'Em estoque'),
      stock('available', 'Disponível'),
      stock('missing', 'Falta'),
      {
        key: 'canProduceNow',
        title: 'Pode produzir',
        show: (line) => amount(line, byLine.get(line.id)?.canProduceNow ?? undefined),
      },
    ] satisfies LineFigure[],
  };
}

const figureColumn = (figure: LineFigure): TableColumnType<RequestedOrderLine> => ({
  key: figure.key,
  title: figure.title,
  align: 'right',
  width: figure.key === 'discountPercent' ? 84 : 100,
  onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
  render: (_value, line) => <span data-testid={`line-${figure.key}`}>{figure.show(line)}</span>,
});

/**
 * The order's lines. From 768 px a table whose availability columns sit under one heading; on a
 * phone each line is a block of its figures in two columns, so the availability is seen without
 * scrolling sideways.
 */
function OrderLines({
  order,
  availability,
  small,
}: {
  order: RequestedOrderDetail;
  availability: readonly Availability[] | undefined;
  small: boolean;
}) {
  // Open, approved or partly invoiced: its goods are still to leave.
  const awaiting =
    requestedOrderMachine.can(order.status, 'approve') ||
    requestedOrderMachine.can(order.status, 'invoice');
  const figures = lineFigures(availability, awaiting);
  if (small) {
    return (
      <Flex vertical gap={12} data-testid="order-lines">
        {order.items.map((line) => (
          <div key={line.id} data-testid="order-line">
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
              {line.productCode} – {line.productName}
            </Typography.Text>
            <Descriptions
              size="small"
              column={2}
              colon={false}
              layout="vertical"
              style={{ marginTop: 4 }}
              items={[...figures.order, ...figures.stock].map((figure) => ({
                key: figure.key,
                label: figure.title,
                children: <span data-testid={`line-${figure.key}`}>{figure.show(line)}</span>,
              }))}
            />
          </div>
        ))}
      </Flex>
    );
  }
  return (
    <Table
      data-testid="order-lines"
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={order.items}
      onRow={() => ({ 'data-testid': 'order-line' }) as HTMLAttributes<HTMLElement>}
      scroll={{ x: 1120 }}
      columns={[
        {
          key: 'product',
          title: 'Produto',
          render: (_value, line) => `${line.productCode} – ${line.productName}`,
          onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
        },
        ...figures.order.map(figureColumn),
        {
          key: 'stock',
          title: 'Disponibilidade no local',
          children: figures.stock.map(figureColumn),
        },
      ]}
    />
  );
}

/**
 * One sales order: its values and status, the actions its status and the user allow (Aprovar,
 * Reservar, Encerrar, Entregar, Cancelar, Editar, Excluir), the lines with what is reserved,
 * invoiced and still missing at its location, and its timeline. Each action's hook (api.ts)
 * reads again the order, its availability and the stock it reserved or released; a refusal
 * (another tab moved it, units reserved elsewhere) is said under the buttons, the credit gate's
 * with its figures and "Liberar crédito" (credit-refusal-section.tsx).
 */
export function RequestedOrderPage({ basePath }: { basePath: string }) {
  const { id, validId, back, openEdit } = useDocumentRoute(basePath);
  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const [delivering, setDelivering] = useState(false);
  const pdf = usePdfOpener();
  const remove = useDeleteRequestedOrder();
  const approve = useRequestedOrderAction('approve');
  const reserve = useRequestedOrderAction('reserve');
  const plan = useRequestedOrderAction('planProduction');
  const invoice = useRequestedOrderAction('invoice');
  const close = useRequestedOrderAction('close');
  const cancel = useRequestedOrderAction('cancel');
  const credit = useCreditRefusal();

  const order = useQuery({
    queryKey: requestedOrderKeys.detail(id),
    queryFn: ({ signal }) => requestedOrdersApi.get(id, signal),
    enabled: validId,
  });
  const availability = useQuery({
    queryKey: availabilityKey(id),
    queryFn: ({ signal }) => requestedOrdersApi.availability(id, signal),
    enabled: validId && order.isSuccess,
  });

  return (
    <RecordQueryResult
      query={order}
      validId={validId}
      notFoundTitle="Pedido não encontrado"
      onBack={back}
    >
      {(row) => {
        const action = documentActionOf(
          requestedOrderActionLabels,
          requestedOrderActionPermissions,
        );
        const move =
          (mutation: typeof approve, done: string): (() => Promise<void>) =>
          async () => {
            await mutation.mutateAsync(row.id);
            toast.success(done);
          };
        const actions = [
          editAction(action, () => openEdit(row.id)),
          deleteDraftAction(action, {
            remove: () => remove.mutateAsync(row.id),
            confirm: messages.requestedOrders.deleteConfirm,
            confirmLabel: 'Excluir pedido',
            deleted: messages.requestedOrders.deleted,
            then: back,
          }),
          action('cancel', move(cancel, messages.requestedOrders.cancelled), {
            confirm: messages.requestedOrders.cancelConfirm,
            confirmLabel: 'Cancelar pedido',
            confirmDescription: 'Não é possível desfazer.',
            danger: true,
          }),
          action('close', move(close, messages.requestedOrders.closed), {
            confirm: messages.requestedOrders.closeConfirm,
            confirmLabel: 'Encerrar pedido',
          }),
          action('reserve', move(reserve, messages.requestedOrders.reserved)),
          action('planProduction', async () => {
            toast.success(planMessage(row, await plan.mutateAsync(row.id)));
          }),
          action('invoice', move(invoice, messages.requestedOrders.invoiced), {
            confirm: messages.requestedOrders.invoiceConfirm,
            confirmLabel: 'Faturar',
            primary: true,
          }),
          action('approve', move(approve, messages.requestedOrders.approved), { primary: true }),
          action(
            'deliver',
            () => {
              setDelivering(true);
              return Promise.resolve();
            },
            { primary: true },
          ),
        ];

        return (
          <Flex vertical gap={16}>
            <Flex justify="space-between" align="flex-start" gap={12} wrap>
              <DocumentHeading kind="Pedido recebido" title={row.number} testId="order-number">
                <RequestedOrderStatusTag status={row.status} />
              </DocumentHeading>
              <DocumentActionBar
                machine={requestedOrderMachine}
                status={row.status}
                actions={actions}
                {...credit.barProps}
              >
                <Button onClick={back}>Voltar</Button>
                <Button
                  icon={<PrinterOutlined aria-hidden />}
                  loading={pdf.opening}
                  onClick={() => void pdf.open(requestedOrdersApi.pdfPath(row.id))}
                  data-testid="print-order"
                >
                  Imprimir
                </Button>
              </DocumentActionBar>
            </Flex>

            <CreditRefusalSection order={row} credit={credit} />

            <OrderMoneyFigures order={row} />

            <Card>
              <Descriptions
                data-testid="order-values"
                column={{ xs: 1, md: 2, xl: 3 }}
                items={[
                  { key: 'client', label: 'Cliente', children: row.clientName },
                  {
                    key: 'orderDate',
                    label: 'Data do pedido',
                    children: formatDate(row.orderDate),
                  },
                  {
                    key: 'deliveryDate',
                    label: 'Entrega',
                    children: row.deliveryDate ? formatDate(row.deliveryDate) : '—',
                  },
                  { key: 'location', label: 'Local de estoque', children: row.locationName },
                  {
                    key: 'operation',
                    label: 'Natureza de operação',
                    children:
                      row.fiscalOperationId === null ? (
                        'Pela origem do produto'
                      ) : (
                        <ReferenceName resource="fiscal-operations" id={row.fiscalOperationId} />
                      ),
                  },
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

            <Card
              title="Itens e disponibilidade"
              extra={
                small ? undefined : (
                  <Typography.Text type="secondary">No local {row.locationName}</Typography.Text>
                )
              }
              styles={{ body: { padding: small ? 8 : undefined } }}
            >
              <OrderLines order={row} availability={availability.data?.items} small={small} />
            </Card>

            <LinkedDocuments order={row} />

            <Card title="Histórico">
              <DocumentTimeline
                entity={REQUESTED_ORDERS_PATH}
                entityId={row.id}
                labels={timelineLabels}
                machine={requestedOrderMachine}
                describe={describeRequestedOrderEntry}
              />
            </Card>

            {delivering && (
              <DeliverDialog order={row} open={delivering} onClose={() => setDelivering(false)} />
            )}
          </Flex>
        );
      }}
    </RecordQueryResult>
  );
}
