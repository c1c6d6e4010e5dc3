import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  Result,
  Row,
  Select,
  Typography,
  type FormRule,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { messages } from '../../../shared/messages.js';
import {
  missingQuantity,
  productionOrderCreateSchema,
  productionOrderUpdateSchema,
  type ProductionOrderAvailabilityLine,
  type ProductionOrderDetail,
  type ProductionOrderMaterial,
} from '../../../shared/resources/production-orders.js';
import { allowClear } from '../../components/antd-config.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { FormActions } from '../../components/form-actions.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { LineTable, type LineColumn } from '../../components/line-table.js';
import { MoneyInput } from '../../components/money-input.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { RecordQueryResult } from '../../components/record-query-result.js';
import { QuantityInput } from '../../components/quantity-input.js';
import { formatQuantity } from '../../components/quantity-text.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import type { ListLocationState } from '../../components/resource-form-page.js';
import { StaleVersionAlert } from '../../components/stale-version-alert.js';
import { useDebouncedValue } from '../../components/use-debounced-value.js';
import { useFormDirty } from '../../components/use-form-dirty.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { useUnsavedChangesPrompt } from '../../components/use-unsaved-changes-prompt.js';
import { zodRule } from '../../components/zod-rule.js';
import { ApiError } from '../../lib/api-error.js';
import { paths } from '../../lib/paths.js';
import { usePermission } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import {
  keysChangedByProduction,
  productionOrderKeys,
  productionOrdersApi,
  useDefaultLocation,
  useFeedstockUnit,
  useProducibleProducts,
  useUnitDecimals,
  type ProducibleProduct,
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
const validId = (id: string | null | undefined) => !!id && /^\d{1,15}$/.test(id);

/**
 * "Nova ordem" (the product, manufactured with a bill of materials, the quantity, the planned
 * period, where the materials come from and the product goes, notes; the server copies the bill
 * of materials) and `:id/edit` (a planned order: the header and its materials and costs in line
 * tables, saved with the version read).
 */
export function ProductionOrderFormPage({ basePath }: { basePath: string }) {
  const { id } = useParams();
  if (id === undefined) return <NewOrder basePath={basePath} />;
  return <EditOrder basePath={basePath} id={id} />;
}

function NewOrder({ basePath }: { basePath: string }) {
  const location = useDefaultLocation();
  const initial = useMemo(() => newOrderValues(location.data ?? null), [location.data]);
  if (location.isPending) return <PageSpinner />;
  return <OrderForm basePath={basePath} initial={initial} />;
}

function EditOrder({ basePath, id }: { basePath: string; id: string }) {
  const navigate = useNavigate();
  const order = useQuery({
    queryKey: productionOrderKeys.detail(id),
    queryFn: ({ signal }) => productionOrdersApi.get(id, signal),
    enabled: validId(id),
    staleTime: 0,
  });
  return (
    <RecordQueryResult
      query={order}
      validId={validId(id)}
      notFoundTitle="Ordem de produção não encontrada"
      onBack={() => navigate(basePath)}
    >
      {(data) => <OrderForm basePath={basePath} order={data} />}
    </RecordQueryResult>
  );
}

/**
 * The product: only the active manufactured products with a bill of materials, searched on the
 * server as the user types. `onPick` hands the picked row on (its unit).
 */
function ProductSelect({
  value,
  onChange,
  onPick,
  ...rest
}: {
  value?: number;
  onChange?: (value: number | undefined) => void;
  onPick?: (product: ProducibleProduct | undefined) => void;
  id?: string;
}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const products = useProducibleProducts(q);
  const rows = products.data ?? [];
  return (
    <Select<number>
      {...rest}
      placeholder="Selecione um produto fabricado"
      allowClear={allowClear}
      value={value}
      onChange={(next) => {
        setSearch('');
        onChange?.(next ?? undefined);
        onPick?.(rows.find((row) => row.id === next));
      }}
      options={rows.map((row) => ({ value: row.id, label: `${row.code} – ${row.name}` }))}
      loading={products.isFetching}
      notFoundContent={
        products.isFetching ? 'Carregando…' : 'Nenhum produto fabricado com ficha técnica'
      }
      showSearch={{ filterOption: false, onSearch: setSearch }}
      style={wide}
    />
  );
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
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const canWrite = usePermission('productionOrders:write');
  const listSearch = (location.state as ListLocationState | null)?.listSearch ?? '';
  const listPath = `${basePath}${listSearch}`;
  const [loaded, setLoaded] = useState(order);
  const backPath = loaded ? `${basePath}/${loaded.id}` : listPath;
  const [product, setProduct] = useState<ProducibleProduct | undefined>();
  const units = useUnitDecimals();

  const [form] = Form.useForm<ProductionOrderFormValues>();
  const baseline = useMemo<ProductionOrderFormValues>(
    () => (loaded ? orderFormValues(loaded) : (initial ?? {})),
    [loaded, initial],
  );

  const [conflict, setConflict] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<string | null>(null);
  const dirty = useFormDirty(form, baseline);
  useUnsavedChangesPrompt(dirty && leaving === null);

  // The quantity the lines were last shown for: a new quantity rescales them from it.
  const linesQuantity = useRef(loaded?.quantity);
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
    enabled: loaded !== undefined,
    staleTime: 0,
  });
  const sourceLocationId = Form.useWatch('sourceLocationId', form) as number | undefined;
  const available =
    availability.data && sourceLocationId === availability.data.locationId
      ? new Map(availability.data.items.map((line) => [line.feedstockId, line]))
      : null;

  useEffect(() => {
    if (leaving !== null) navigate(leaving, { state: location.state });
  }, [leaving, navigate, location.state]);

  const edit = loaded ? { version: loaded.version } : undefined;
  const toInput = (values: Record<string, unknown>) =>
    toOrderInput(values as ProductionOrderFormValues, edit);
  const schema = loaded ? productionOrderUpdateSchema : productionOrderCreateSchema;
  const validate = (field: string | (string | number)[]) => zodRule(schema, field, toInput);

  const submitOnce = useSingleSubmit();

  const save = useMutation({
    mutationFn: (values: ProductionOrderFormValues) => {
      const input = toOrderInput(values, edit);
      return loaded
        ? productionOrdersApi.update(loaded.id, input)
        : productionOrdersApi.create(input);
    },
    onSuccess: (saved) => {
      setConflict(null);
      for (const queryKey of keysChangedByProduction)
        void queryClient.invalidateQueries({ queryKey });
      queryClient.setQueryData(productionOrderKeys.detail(saved.id), saved);
      toast.success(loaded ? messages.productionOrders.saved : messages.productionOrders.created);
      setLeaving(`${basePath}/${saved.id}`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(error.message);
        // The message sits above the form, out of sight of a save pressed at its end.
        window.scrollTo({ top: 0, behavior: 'smooth' });
      } else reportFormError(form, error);
    },
  });

  const reload = useMutation({
    mutationFn: () => productionOrdersApi.get(loaded!.id),
    onSuccess: (fresh) => {
      setConflict(null);
      setLoaded(fresh);
      linesQuantity.current = fresh.quantity;
      form.setFieldsValue(orderFormValues(fresh));
      queryClient.setQueryData(productionOrderKeys.detail(fresh.id), fresh);
    },
  });

  if (!canWrite) return <Navigate to={paths.accessDenied} replace />;
  if (loaded && loaded.status !== 'PLANNED') {
    return (
      <Result
        status="warning"
        title="Somente uma ordem planejada pode ser alterada."
        extra={<Button onClick={() => navigate(backPath)}>Voltar</Button>}
      />
    );
  }

  const unitCode = loaded ? loaded.unit : product?.unitCode;
  const unitDecimals = loaded ? loaded.unitDecimals : units(product?.unitId);
  const cellRules = (path: (string | number)[]) => [validate(path)];

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
    <Flex vertical gap={16}>
      <div>
        <Typography.Text type="secondary">Ordens de Produção</Typography.Text>
        <Typography.Title level={2} style={{ margin: 0, overflowWrap: 'anywhere' }}>
          {loaded ? `Editar: ${loaded.number}` : 'Nova ordem de produção'}
        </Typography.Title>
      </div>

      {conflict && (
        <StaleVersionAlert
          message={conflict}
          reloading={reload.isPending}
          onReload={() => reload.mutate()}
        />
      )}

      <Form<ProductionOrderFormValues>
        form={form}
        layout="vertical"
        initialValues={baseline}
        onValuesChange={(changed: ProductionOrderFormValues) => {
          if ('quantity' in changed) onQuantityChange(changed.quantity);
        }}
        onFinish={(values) => {
          if (leaving === null) submitOnce(() => save.mutateAsync(values));
        }}
      >
        <Flex vertical gap={16}>
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
                    <ProductSelect onPick={setProduct} />
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
                Os materiais e custos vêm da ficha técnica do produto e podem ser ajustados enquanto
                a ordem estiver planejada.
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

          <FormActions
            onBack={() => navigate(backPath, { state: location.state })}
            canSave={canWrite}
            saving={save.isPending}
          />
        </Flex>
      </Form>
    </Flex>
  );
}
