import { useQuery } from '@tanstack/react-query';
import { Card, Col, Form, Input, Row, Typography, type FormRule } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { messages } from '../../../shared/messages.js';
import {
  missingQuantity,
  productionOrderCreateSchema,
  productionOrderMachine,
  productionOrderUpdateSchema,
  type ProductionOrderAvailabilityLine,
  type ProductionOrderDetail,
  type ProductionOrderMaterial,
} from '../../../shared/resources/production-orders.js';
import {
  DocumentFormPage,
  DocumentFormRoute,
  type DocumentRead,
} from '../../components/document-form-page.js';
import { ItemSelect } from '../../components/item-select.js';
import { producibleProducts, type PickedItem } from '../../components/item-sets.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { LineTable, type LineColumn } from '../../components/line-table.js';
import { MoneyInput } from '../../components/money-input.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { QuantityInput } from '../../components/quantity-input.js';
import { formatQuantity } from '../../components/quantity-text.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import { useDocumentForm } from '../../components/use-document-form.js';
import {
  productionOrderKeys,
  productionOrdersApi,
  useDefaultLocation,
  useFeedstockUnit,
  useSaveProductionOrder,
  useUnitDecimals,
  type ProductionOrderSave,
} from './api.js';
import {
  newOrderValues,
  orderFormValues,
  rescaleFormLines,
  toOrderInput,
  typedQuantityAboveZero,
  type MaterialFormLine,
  type ProductionOrderFormValues,
} from './production-order-form.js';
import { countUpTo } from '../../components/text-limit.js';

const required: FormRule = { required: true, message: messages.required };
const wide = { width: '100%' };
const read: DocumentRead<ProductionOrderDetail> = {
  queryKey: productionOrderKeys.detail,
  get: productionOrdersApi.get,
};
/** What Salvar sends: a new order, or the planned order's changes with the version read. */
const toSave = (
  values: ProductionOrderFormValues,
  order: ProductionOrderDetail | null,
): ProductionOrderSave =>
  order
    ? { id: order.id, input: toOrderInput(values, { version: order.version }) }
    : { input: toOrderInput(values) };

/**
 * "Nova ordem" (the product, manufactured with a bill of materials, the quantity, the planned
 * period, where the materials come from and the product goes, notes; the server copies the bill
 * of materials) and `:id/edit` (a planned order: the header and its materials and costs in line
 * tables, saved with the version read).
 */
export function ProductionOrderFormPage({ basePath }: { basePath: string }) {
  return (
    <DocumentFormRoute
      basePath={basePath}
      read={read}
      notFoundTitle="Ordem de produção não encontrada"
      newForm={<NewOrder basePath={basePath} />}
      editForm={(order) => <OrderForm basePath={basePath} order={order} />}
    />
  );
}

function NewOrder({ basePath }: { basePath: string }) {
  const location = useDefaultLocation();
  const initial = useMemo(() => newOrderValues(location.data ?? null), [location.data]);
  if (location.isPending) return <PageSpinner />;
  return <OrderForm basePath={basePath} initial={initial} />;
}

/**
 * A material line's quantity, in its feedstock's unit: the order's own for a material it has, read
 * from the feedstock for one added by hand.
 */
function MaterialQuantity({
  index,
  label,
  known,
  value,
  onChange,
}: {
  index: number;
  label: string;
  known: ProductionOrderMaterial[];
  value?: string;
  onChange?: (value: string) => void;
}) {
  const form = Form.useFormInstance();
  const feedstockId = Form.useWatch(['materials', index, 'feedstockId'], form) as
    number | undefined;
  const line = known.find((material) => material.feedstockId === feedstockId);
  const feedstock = useFeedstockUnit(line ? undefined : feedstockId);
  const units = useUnitDecimals();
  return (
    <QuantityInput
      aria-label={label}
      value={value}
      onChange={onChange}
      unit={line?.unit ?? feedstock.data?.unitCode}
      decimals={line?.unitDecimals ?? units(feedstock.data?.unitId)}
    />
  );
}

/**
 * What the source location has of a material line's feedstock, or what the line's required
 * quantity (as it stands in the form, rescaled with the order's quantity) leaves missing of it:
 * the shortage "Iniciar" would find, before saving. "—" for a feedstock the order did not have
 * when read, or when the form names another source location than the order's.
 */
function MaterialAtSource({
  index,
  available,
  show,
}: {
  index: number;
  available: Map<number, ProductionOrderAvailabilityLine> | null;
  show: 'available' | 'missing';
}) {
  const form = Form.useFormInstance();
  const line = Form.useWatch(['materials', index], form) as MaterialFormLine | undefined;
  if (available === null) return '—';
  const known = line?.feedstockId === undefined ? undefined : available.get(line.feedstockId);
  if (!known) return '—';
  const inUnit = (value: string) => `${formatQuantity(value, known.unitDecimals)} ${known.unit}`;
  if (show === 'available') return inUnit(known.available);
  const required = typedQuantityAboveZero(line?.requiredQuantity);
  if (required === undefined) return '—';
  const missing = missingQuantity(required, known.available);
  const short = Number(missing) > 0;
  return (
    <Typography.Text
      type={short ? 'danger' : 'secondary'}
      strong={short}
      data-testid="form-material-missing"
    >
      {inUnit(missing)}
    </Typography.Text>
  );
}

function OrderForm({
  basePath,
  order,
  initial,
}: {
  basePath: string;
  order?: ProductionOrderDetail;
  initial?: ProductionOrderFormValues;
}) {
  const { record, form, loaded, validate, cellRules } = useDocumentForm({
    basePath,
    record: order,
    initial,
    toFormValues: orderFormValues,
    save: useSaveProductionOrder(),
    toSave,
    messages: messages.productionOrders,
    read,
    createSchema: productionOrderCreateSchema,
    updateSchema: productionOrderUpdateSchema,
  });
  const [product, setProduct] = useState<PickedItem | undefined>();
  const units = useUnitDecimals();

  // The quantity the lines were last shown for: a new quantity rescales them from it. A reload
  // shows the lines of the order's quantity as read.
  const linesQuantity = useRef(loaded?.quantity);
  useEffect(() => {
    linesQuantity.current = loaded?.quantity;
  }, [loaded]);
  const onQuantityChange = (typed: string | undefined) => {
    const to = typedQuantityAboveZero(typed);
    const from = linesQuantity.current;
    if (!loaded || to === undefined || from === undefined) return;
    const values = form.getFieldsValue(true) as ProductionOrderFormValues;
    form.setFieldsValue(rescaleFormLines(loaded, values, from, to));
    linesQuantity.current = to;
  };

  // What the order's source location has of its materials, for the shortage before saving.
  const availability = useQuery({
    queryKey: [...productionOrderKeys.detail(loaded?.id ?? 0), 'availability'],
    queryFn: ({ signal }) => productionOrdersApi.availability(loaded!.id, signal),
    enabled: loaded !== null,
    staleTime: 0,
  });
  const sourceLocationId = Form.useWatch('sourceLocationId', form) as number | undefined;
  const available =
    availability.data && sourceLocationId === availability.data.locationId
      ? new Map(availability.data.items.map((line) => [line.feedstockId, line]))
      : null;

  const unitCode = loaded ? loaded.unit : product?.unitCode;
  const unitDecimals = loaded ? loaded.unitDecimals : units(product?.unitId);

  const materialColumns: LineColumn[] = [
    {
      key: 'feedstockId',
      title: 'Material',
      width: 260,
      required: true,
      input: ({ label }) => (
        <ReferenceSelect
          resource="feedstocks"
          aria-label={label}
          style={wide}
          popupMatchSelectWidth={false}
        />
      ),
    },
    {
      key: 'requiredQuantity',
      title: 'Necessário',
      width: 160,
      align: 'right',
      required: true,
      input: ({ index, label }) => (
        <MaterialQuantity index={index} label={label} known={loaded?.materials ?? []} />
      ),
    },
    {
      key: 'available',
      title: `Disponível${availability.data ? ` (${availability.data.locationName})` : ''}`,
      width: 170,
      align: 'right',
      show: (index) => <MaterialAtSource index={index} available={available} show="available" />,
    },
    {
      key: 'missing',
      title: 'Faltando',
      width: 130,
      align: 'right',
      show: (index) => <MaterialAtSource index={index} available={available} show="missing" />,
    },
  ];
  const costColumns: LineColumn[] = [
    {
      key: 'outlayId',
      title: 'Custo',
      width: 260,
      required: true,
      input: ({ label }) => (
        <ReferenceSelect
          resource="outlays"
          aria-label={label}
          style={wide}
          popupMatchSelectWidth={false}
        />
      ),
    },
    {
      key: 'value',
      title: 'Valor na ordem',
      width: 160,
      align: 'right',
      required: true,
      input: ({ label }) => <MoneyInput aria-label={label} />,
    },
  ];

  const half = { xs: 24, md: 12 };
  const quarter = { xs: 24, sm: 12, md: 6 };

  return (
    <DocumentFormPage
      record={record}
      basePath={basePath}
      area="Ordens de Produção"
      newTitle="Nova ordem de produção"
      titleOf={(planned) => planned.number}
      permission="productionOrders:write"
      machine={productionOrderMachine}
      notEditable="Somente uma ordem planejada pode ser alterada."
      onValuesChange={(changed) => {
        if ('quantity' in changed) onQuantityChange(changed.quantity);
      }}
    >
      <Card title="Ordem">
        <Row gutter={16}>
          <Col {...half}>
            {loaded ? (
              <Form.Item label="Produto">
                <Typography.Text data-testid="order-product">
                  {loaded.productCode} – {loaded.productName}
                </Typography.Text>
              </Form.Item>
            ) : (
              <Form.Item
                label="Produto"
                name="productId"
                validateFirst
                rules={[required, validate('productId')]}
              >
                <ItemSelect items={producibleProducts} onPick={setProduct} style={wide} />
              </Form.Item>
            )}
          </Col>
          <Col {...quarter}>
            <Form.Item
              label="Quantidade"
              name="quantity"
              validateFirst
              rules={[required, validate('quantity')]}
            >
              <QuantityInput unit={unitCode} decimals={unitDecimals} />
            </Form.Item>
          </Col>
          <Col {...quarter} />
          <Col {...quarter}>
            <Form.Item
              label="Início previsto"
              name="plannedStart"
              rules={[validate('plannedStart')]}
            >
              <LazyDateInput />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item
              label="Término previsto"
              name="plannedEnd"
              rules={[validate('plannedEnd')]}
              dependencies={['plannedStart']}
            >
              <LazyDateInput />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item
              label="Local de origem"
              name="sourceLocationId"
              validateFirst
              rules={[required, validate('sourceLocationId')]}
            >
              <ReferenceSelect resource="stock-locations" />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item
              label="Local de destino"
              name="targetLocationId"
              validateFirst
              rules={[required, validate('targetLocationId')]}
            >
              <ReferenceSelect resource="stock-locations" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label="Observações" name="notes" rules={[validate('notes')]}>
              <Input.TextArea {...countUpTo(1000)} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
        {!loaded && (
          <Typography.Text type="secondary">
            Os materiais e custos vêm da ficha técnica do produto e podem ser ajustados enquanto a
            ordem estiver planejada.
          </Typography.Text>
        )}
      </Card>

      {loaded && (
        <>
          <Card title="Materiais" styles={{ body: { paddingInline: 8 } }}>
            <LineTable
              name="materials"
              columns={materialColumns}
              newLine={() => ({})}
              addLabel="Adicionar material"
              emptyText="Nenhum material."
              cellRules={cellRules}
            />
          </Card>
          <Card title="Custos" styles={{ body: { paddingInline: 8 } }}>
            <LineTable
              name="costs"
              columns={costColumns}
              newLine={() => ({ value: '0,00' })}
              addLabel="Adicionar custo"
              emptyText="Nenhum custo de produção."
              cellRules={cellRules}
            />
          </Card>
        </>
      )}
    </DocumentFormPage>
  );
}
