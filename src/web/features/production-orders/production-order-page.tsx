import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorCode, type StockShortageDetail } from '../../../shared/error-codes.js';
import { messages } from '../../../shared/messages.js';
import { formatBRL } from '../../../shared/money.js';
import {
  productionOrderActionLabels,
  productionOrderActionPermissions,
  productionOrderMachine,
  PRODUCTION_ORDERS_PATH,
  type ProductionOrderAvailabilityLine,
  type ProductionOrderDetail,
  type ProductionOrderMaterial,
} from '../../../shared/resources/production-orders.js';
import { formatDate, formatDateTime } from '../../components/dates.js';
import { DocumentActionBar } from '../../components/document-action-bar.js';
import { DocumentFigure, DocumentHeading } from '../../components/document-heading.js';
import { documentActionOf, editAction } from '../../components/document-actions.js';
import { DocumentTimeline } from '../../components/document-timeline.js';
import { RecordQueryResult } from '../../components/record-query-result.js';
import { formatQuantity } from '../../components/quantity-text.js';
import { formatUnitCost } from '../../components/unit-cost-text.js';
import { useDocumentRoute } from '../../components/use-document-route.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { ApiError } from '../../lib/api-error.js';
import { paths } from '../../lib/paths.js';
import { usePermission } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { productionOrderKeys, productionOrdersApi, useProductionOrderAction } from './api.js';
import { CompleteDialog } from './complete-dialog.js';
import { usePdfOpener } from '../../components/open-pdf.js';
import { quantityText } from './production-order-columns.js';
import { ProductionOrderStatusTag } from './production-order-status-tag.js';
import { ShortagePanel } from './shortage-panel.js';

/** The timeline's headlines, in the order's gender. */
const timelineLabels: Record<string, string> = {
  create: 'Criada',
  update: 'Alterada',
  start: 'Iniciada',
  complete: 'Concluída',
  cancel: 'Cancelada',
};

/**
 * One production order: its values and status, the actions its status and the user allow
 * (Iniciar produção, Concluir, Cancelar, Editar), the materials with what is required, consumed
 * and (while planned) available at the source, what "Iniciar" found missing with "Comprar
 * faltantes", the costs, the cost breakdown once completed, "Imprimir ficha" and the timeline.
 * Each action's hook (api.ts) reads again what it changed.
 */
export function ProductionOrderPage({ basePath }: { basePath: string }) {
  const { id, validId, back, openEdit } = useDocumentRoute(basePath);

  const order = useQuery({
    queryKey: productionOrderKeys.detail(id),
    queryFn: ({ signal }) => productionOrdersApi.get(id, signal),
    enabled: validId,
  });

  return (
    <RecordQueryResult
      query={order}
      validId={validId}
      notFoundTitle="Ordem de produção não encontrada"
      onBack={back}
    >
      {(data) => (
        <OrderScreen key={data.id} row={data} onBack={back} onEdit={() => openEdit(data.id)} />
      )}
    </RecordQueryResult>
  );
}

function OrderScreen({
  row,
  onBack,
  onEdit,
}: {
  row: ProductionOrderDetail;
  onBack: () => void;
  onEdit: () => void;
}) {
  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const canReadStock = usePermission('stockItems:read');
  const [completing, setCompleting] = useState(false);
  const pdf = usePdfOpener();
  const [shortages, setShortages] = useState<StockShortageDetail[] | null>(null);

  const planned = row.status === 'PLANNED';
  const availability = useQuery({
    queryKey: [...productionOrderKeys.detail(row.id), 'availability'],
    queryFn: ({ signal }) => productionOrdersApi.availability(row.id, signal),
    enabled: planned,
    // Stock moves from other screens and other users: read afresh whenever the order is shown.
    staleTime: 0,
  });
  const available = new Map(
    (planned ? (availability.data?.items ?? []) : []).map((line) => [line.feedstockId, line]),
  );

  const cancel = useProductionOrderAction('cancel');
  const start = useProductionOrderAction('start');
  const action = documentActionOf(productionOrderActionLabels, productionOrderActionPermissions);
  const actions = [
    editAction(action, onEdit),
    action(
      'cancel',
      async () => {
        await cancel.mutateAsync(row.id);
        toast.success(messages.productionOrders.cancelled);
      },
      {
        confirm:
          row.status === 'IN_PROGRESS'
            ? messages.productionOrders.cancelStartedConfirm
            : messages.productionOrders.cancelConfirm,
        confirmLabel: 'Cancelar ordem',
        confirmDescription: 'Não é possível desfazer.',
        danger: true,
      },
    ),
    action(
      'start',
      async () => {
        await start.mutateAsync(row.id);
        toast.success(messages.productionOrders.started);
      },
      { primary: true, confirm: messages.productionOrders.startConfirm },
    ),
    action(
      'complete',
      () => {
        setCompleting(true);
        return Promise.resolve();
      },
      { primary: true },
    ),
  ];

  const qty = (value: string | null) => quantityText(value, row.unitDecimals, row.unit);
  const materialQty = (line: { unit: string; unitDecimals: number }, value: string | null) =>
    value === null ? '—' : `${formatQuantity(value, line.unitDecimals)} ${line.unit}`;

  const availabilityColumns = planned
    ? [
        {
          key: 'available',
          title: `Disponível${availability.data ? ` (${availability.data.locationName})` : ''}`,
          align: 'right' as const,
          width: 150,
          render: (_value: unknown, line: ProductionOrderMaterial) => {
            const known: ProductionOrderAvailabilityLine | undefined = available.get(
              line.feedstockId,
            );
            return known ? materialQty(line, known.available) : '…';
          },
        },
        {
          key: 'missing',
          title: 'Faltando',
          align: 'right' as const,
          width: 130,
          render: (_value: unknown, line: ProductionOrderMaterial) => {
            const known = available.get(line.feedstockId);
            if (!known) return '…';
            const short = Number(known.missing) > 0;
            return (
              <Typography.Text
                type={short ? 'danger' : 'secondary'}
                strong={short}
                data-testid="material-missing"
              >
                {materialQty(line, known.missing)}
              </Typography.Text>
            );
          },
        },
      ]
    : [];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <DocumentHeading kind="Ordem de produção" title={row.number} testId="order-number">
          <ProductionOrderStatusTag status={row.status} />
        </DocumentHeading>
        <DocumentActionBar
          machine={productionOrderMachine}
          status={row.status}
          actions={actions}
          shownByCaller={(error) => error.is(ErrorCode.INSUFFICIENT_STOCK)}
          onSettled={(name, error) => {
            if (name === 'edit' || name === 'complete') return;
            if (error instanceof ApiError && error.is(ErrorCode.INSUFFICIENT_STOCK)) {
              setShortages(error.details);
            } else if (!error) setShortages(null);
          }}
        >
          <Button onClick={onBack}>Voltar</Button>
          <Button
            icon={<PrinterOutlined aria-hidden />}
            loading={pdf.opening}
            onClick={() => void pdf.open(productionOrdersApi.pdfPath(row.id))}
            data-testid="print-sheet"
          >
            Imprimir ficha
          </Button>
        </DocumentActionBar>
      </Flex>

      {shortages && planned && <ShortagePanel order={row} shortages={shortages} />}

      <Flex gap={12} wrap>
        <DocumentFigure
          label="Quantidade"
          value={qty(row.quantity)}
          testId="order-quantity"
          strong
          basis={140}
        />
        {row.producedQuantity !== null && (
          <DocumentFigure
            label="Produzida"
            value={qty(row.producedQuantity)}
            testId="order-produced"
            strong
            basis={140}
          />
        )}
        {row.unitCost !== null && (
          <DocumentFigure
            label="Custo unitário"
            value={formatUnitCost(row.unitCost)}
            testId="order-unit-cost"
            strong
            basis={140}
          />
        )}
      </Flex>

      <Card>
        <Descriptions
          data-testid="order-values"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            {
              key: 'product',
              label: 'Produto',
              children: `${row.productCode} – ${row.productName}`,
            },
            {
              key: 'planned',
              label: 'Previsão',
              children:
                row.plannedStart || row.plannedEnd
                  ? `${row.plannedStart ? formatDate(row.plannedStart) : '…'} a ${
                      row.plannedEnd ? formatDate(row.plannedEnd) : '…'
                    }`
                  : '—',
            },
            { key: 'source', label: 'Local de origem', children: row.sourceLocationName },
            { key: 'target', label: 'Local de destino', children: row.targetLocationName },
            ...(row.startedAt
              ? [{ key: 'started', label: 'Iniciada em', children: formatDateTime(row.startedAt) }]
              : []),
            ...(row.completionDate
              ? [
                  {
                    key: 'completed',
                    label: 'Concluída em',
                    children: formatDate(row.completionDate),
                  },
                ]
              : []),
            ...(row.cancelledAt
              ? [
                  {
                    key: 'cancelled',
                    label: 'Cancelada em',
                    children: formatDateTime(row.cancelledAt),
                  },
                ]
              : []),
            { key: 'notes', label: 'Observações', children: row.notes ?? '—', span: 'filled' },
          ]}
        />
      </Card>

      {row.status === 'COMPLETED' && (
        <Card title="Custo real" data-testid="cost-breakdown">
          <Flex vertical gap={12}>
            <Flex gap={12} wrap>
              <DocumentFigure
                label="Materiais"
                value={formatBRL(row.materialsCost)}
                testId="cost-materials"
                basis={140}
              />
              <DocumentFigure
                label="Custos"
                value={formatBRL(row.outlaysCost)}
                testId="cost-outlays"
                basis={140}
              />
              <DocumentFigure
                label="Total"
                value={formatBRL(row.totalCost)}
                testId="cost-total"
                strong
                basis={140}
              />
              <DocumentFigure
                label="Custo unitário"
                value={formatUnitCost(row.unitCost)}
                testId="cost-unit"
                strong
                basis={140}
              />
            </Flex>
            <Typography.Text data-testid="product-in">
              Entrada de {qty(row.producedQuantity)} de {row.productName} em{' '}
              {row.targetLocationName} a {formatUnitCost(row.unitCost)}
              {row.completionDate ? ` em ${formatDate(row.completionDate)}` : ''}.{' '}
              {canReadStock && (
                <Link to={`${paths.stockItems}/${row.productId}`} data-testid="product-stock-link">
                  Ver estoque do produto
                </Link>
              )}
            </Typography.Text>
          </Flex>
        </Card>
      )}

      <Card title="Materiais" styles={{ body: { padding: small ? 8 : undefined } }}>
        <Table
          data-testid="order-materials"
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={row.materials}
          scroll={{ x: planned ? 720 : 640 }}
          columns={[
            {
              key: 'material',
              title: 'Material',
              render: (_value, line) => `${line.feedstockCode} – ${line.feedstockName}`,
              onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
            },
            {
              key: 'required',
              title: 'Necessário',
              align: 'right',
              width: 130,
              render: (_value, line) => materialQty(line, line.requiredQuantity),
            },
            {
              key: 'consumed',
              title: 'Consumido',
              align: 'right',
              width: 130,
              render: (_value, line) => materialQty(line, line.consumedQuantity),
            },
            ...availabilityColumns,
            ...(planned
              ? []
              : [
                  {
                    key: 'value',
                    title: 'Custo',
                    align: 'right' as const,
                    width: 130,
                    render: (_value: unknown, line: ProductionOrderMaterial) =>
                      line.consumedValue === null ? '—' : formatBRL(line.consumedValue),
                  },
                ]),
          ]}
        />
      </Card>

      <Card title="Custos" styles={{ body: { padding: small ? 8 : undefined } }}>
        {row.costs.length === 0 ? (
          <Typography.Text type="secondary">Nenhum custo de produção.</Typography.Text>
        ) : (
          <Table
            data-testid="order-costs"
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={row.costs}
            columns={[
              {
                key: 'outlay',
                title: 'Custo',
                render: (_value, line) => line.outlayName,
                onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
              },
              {
                key: 'kind',
                title: 'Tipo',
                width: 110,
                render: (_value, line) =>
                  line.outlayKind === 'PER_ORDER' ? 'Por ordem' : 'Por unidade',
              },
              {
                key: 'value',
                title: 'Valor',
                align: 'right',
                width: 120,
                render: (_value, line) => formatBRL(line.value),
              },
            ]}
          />
        )}
      </Card>

      <Card title="Histórico">
        <DocumentTimeline
          entity={PRODUCTION_ORDERS_PATH}
          entityId={row.id}
          labels={timelineLabels}
          machine={productionOrderMachine}
        />
      </Card>

      {completing && (
        <CompleteDialog order={row} open={completing} onClose={() => setCompleting(false)} />
      )}
    </Flex>
  );
}
