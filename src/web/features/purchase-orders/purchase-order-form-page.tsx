import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Typography,
  type FormRule,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { MAX_INSTALLMENTS } from '../../../shared/installments.js';
import { messages } from '../../../shared/messages.js';
import { formatBRL, formatDecimal, parseDecimal } from '../../../shared/money.js';
import {
  purchaseOrderCreateSchema,
  purchaseOrderUpdateSchema,
  type PurchaseOrderDetail,
} from '../../../shared/resources/purchase-orders.js';
import { allowClear } from '../../components/antd-config.js';
import { categorySelectProps } from '../../components/category-options.js';
import { codeNameSearch } from '../../components/code-name-ranking.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { FormActions } from '../../components/form-actions.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { LineTable, type LineColumn } from '../../components/line-table.js';
import { MoneyInput } from '../../components/money-input.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { RecordQueryResult } from '../../components/record-query-result.js';
import { QuantityInput } from '../../components/quantity-input.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import type { ListLocationState } from '../../components/resource-form-page.js';
import { StaleVersionAlert } from '../../components/stale-version-alert.js';
import { useFormDirty } from '../../components/use-form-dirty.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { useUnsavedChangesPrompt } from '../../components/use-unsaved-changes-prompt.js';
import { zodRule } from '../../components/zod-rule.js';
import { ApiError } from '../../lib/api-error.js';
import { paths } from '../../lib/paths.js';
import { usePermission } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import {
  fetchItem,
  keysChangedByOrders,
  orderKeys,
  ordersApi,
  useDefaultLocation,
  useExpenseCategories,
  useItem,
  usePaymentMethods,
  useUnitDecimals,
  type PurchasableItem,
} from './api.js';
import { PurchaseItemSelect } from './purchase-item-select.js';
import {
  lineTotal,
  newOrderValues,
  orderFormValues,
  orderTotals,
  toOrderInput,
  unitPriceText,
  type OrderFormLine,
  type OrderFormValues,
} from './purchase-order-form.js';
import { countUpTo } from '../../components/text-limit.js';

const required: FormRule = { required: true, message: messages.required };
const wide = { width: '100%' };
const validId = (id: string | null | undefined) => !!id && /^\d{1,15}$/.test(id);

/**
 * "Nova ordem" and `:id/edit` (a DRAFT only): the supplier, dates, where the goods arrive, the
 * payment terms and category of the bills, the item lines (a picked item brings its last purchase
 * price), freight and discount, with the totals live as typed. `new?itemId=7&quantity=12` (the
 * "Comprar" of a feedstock below its minimum) starts with that line and the item's default
 * supplier.
 */
export function PurchaseOrderFormPage({ basePath }: { basePath: string }) {
  const { id } = useParams();
  if (id === undefined) return <NewOrder basePath={basePath} />;
  return <EditOrder basePath={basePath} id={id} />;
}

function NewOrder({ basePath }: { basePath: string }) {
  const [search] = useSearchParams();
  const itemParam = search.get('itemId');
  const itemId = validId(itemParam) ? Number(itemParam) : undefined;
  const quantity = search.get('quantity');
  const location = useDefaultLocation();
  const categories = useExpenseCategories(messages.purchaseOrders.rawMaterialCategory);
  const item = useQuery({
    queryKey: [...orderKeys.all, 'prefill', itemId ?? 0],
    queryFn: ({ signal }) => fetchItem(itemId!, signal),
    enabled: itemId !== undefined,
    staleTime: 0,
  });
  const units = useUnitDecimals();
  if (location.isPending || categories.isPending || (itemId !== undefined && item.isPending))
    return <PageSpinner />;
  const picked = item.data ?? null;
  const decimals = units(picked?.unitId) ?? 3;
  const parsedQuantity = parseDecimal(quantity);
  const line: OrderFormLine | undefined = picked
    ? {
        itemId: picked.id,
        quantity:
          parsedQuantity && parsedQuantity.greaterThan(0)
            ? formatDecimal(
                parsedQuantity.toFixed(),
                Math.min(parsedQuantity.decimalPlaces(), decimals),
              )
            : undefined,
        unitPrice: unitPriceText(picked.lastPurchasePrice),
      }
    : undefined;
  const initial = newOrderValues({
    today: todayInSaoPaulo(),
    locationId: location.data ?? null,
    categoryId: categories.data?.rawMaterialId,
    supplierId: picked?.defaultSupplierId ?? null,
    line,
  });
  return <OrderForm basePath={basePath} initial={initial} />;
}

function EditOrder({ basePath, id }: { basePath: string; id: string }) {
  const navigate = useNavigate();
  const order = useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => ordersApi.get(id, signal),
    enabled: validId(id),
    staleTime: 0,
  });
  return (
    <RecordQueryResult
      query={order}
      validId={validId(id)}
      notFoundTitle="Ordem de compra não encontrada"
      onBack={() => navigate(basePath)}
    >
      {(data) => <OrderForm basePath={basePath} order={data} />}
    </RecordQueryResult>
  );
}

/** The quantity cell: in the decimals and with the code of the line's item's unit. */
function LineQuantity({
  index,
  value,
  onChange,
  label,
}: {
  index: number;
  value?: string;
  onChange?: (value: string) => void;
  label: string;
}) {
  const form = Form.useFormInstance();
  const itemId = Form.useWatch(['items', index, 'itemId'], form) as number | undefined;
  const item = useItem(itemId);
  const units = useUnitDecimals();
  return (
    <QuantityInput
      aria-label={label}
      value={value}
      onChange={onChange}
      unit={item.data?.unitCode}
      decimals={units(item.data?.unitId)}
    />
  );
}

/** "Itens R$ 1.530,02 · Frete R$ 12,50 · Desconto R$ 2,00 · Total R$ 1.540,52", as typed. */
function OrderTotalsBar() {
  const form = Form.useFormInstance();
  const values = Form.useWatch([], form) as OrderFormValues | undefined;
  const totals = orderTotals(values);
  const part = (label: string, value: string, testId: string) => (
    <Flex vertical align="flex-end" data-testid={testId}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text>{value}</Typography.Text>
    </Flex>
  );
  return (
    <Flex gap={24} wrap justify="flex-end" data-testid="order-totals">
      {part('Itens', formatBRL(totals.lines), 'total-lines')}
      {part('Frete', formatBRL(totals.freight), 'total-freight')}
      {part('Desconto', `− ${formatBRL(totals.discount)}`, 'total-discount')}
      <Flex vertical align="flex-end" data-testid="total-order">
        <Typography.Text type="secondary">Total</Typography.Text>
        <Typography.Text strong style={{ fontSize: 20 }}>
          {formatBRL(totals.total)}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

function OrderForm({
  basePath,
  order,
  initial,
}: {
  basePath: string;
  order?: PurchaseOrderDetail;
  initial?: OrderFormValues;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const canWrite = usePermission('purchaseOrders:write');
  const listSearch = (location.state as ListLocationState | null)?.listSearch ?? '';
  const listPath = `${basePath}${listSearch}`;
  const [loaded, setLoaded] = useState(order);
  const backPath = loaded ? `${basePath}/${loaded.id}` : listPath;

  const [form] = Form.useForm<OrderFormValues>();
  // A new order's first values are taken once: the lookups they came from may refetch.
  const [start] = useState(initial);
  const baseline = useMemo<OrderFormValues>(
    () => (loaded ? orderFormValues(loaded) : (start ?? {})),
    [loaded, start],
  );
  const categories = useExpenseCategories(messages.purchaseOrders.rawMaterialCategory);
  const methods = usePaymentMethods();

  const [conflict, setConflict] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<string | null>(null);
  const dirty = useFormDirty(form, baseline);
  useUnsavedChangesPrompt(dirty && leaving === null);

  useEffect(() => {
    if (leaving !== null) navigate(leaving, { state: location.state });
  }, [leaving, navigate, location.state]);

  const edit = loaded ? { version: loaded.version } : undefined;
  const toInput = (values: Record<string, unknown>) =>
    toOrderInput(values as OrderFormValues, edit);
  const schema = loaded ? purchaseOrderUpdateSchema : purchaseOrderCreateSchema;
  const validate = (field: string | (string | number)[]) => zodRule(schema, field, toInput);

  const submitOnce = useSingleSubmit();

  const save = useMutation({
    mutationFn: (values: OrderFormValues) => {
      const input = toOrderInput(values, edit);
      return loaded ? ordersApi.update(loaded.id, input) : ordersApi.create(input);
    },
    onSuccess: (saved) => {
      setConflict(null);
      for (const queryKey of keysChangedByOrders) void queryClient.invalidateQueries({ queryKey });
      queryClient.setQueryData(orderKeys.detail(saved.id), saved);
      toast.success(loaded ? messages.purchaseOrders.saved : messages.purchaseOrders.created);
      setLeaving(`${basePath}/${saved.id}`);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setConflict(error.message);
      else reportFormError(form, error);
    },
  });

  const reload = useMutation({
    mutationFn: () => ordersApi.get(loaded!.id),
    onSuccess: (fresh) => {
      setConflict(null);
      setLoaded(fresh);
      form.setFieldsValue(orderFormValues(fresh));
      queryClient.setQueryData(orderKeys.detail(fresh.id), fresh);
    },
  });

  if (!canWrite) return <Navigate to={paths.accessDenied} replace />;
  if (loaded && loaded.status !== 'DRAFT') {
    return (
      <Result
        status="warning"
        title="Somente uma ordem em rascunho pode ser alterada."
        extra={<Button onClick={() => navigate(backPath)}>Voltar</Button>}
      />
    );
  }

  // A picked item brings its last purchase price (blank when it was never bought).
  const fillPrice = (index: number, item: PurchasableItem) => {
    form.setFieldValue(['items', index, 'unitPrice'], unitPriceText(item.lastPurchasePrice));
  };
  const cellRules = (path: (string | number)[]) => [validate(path)];
  const lineColumns: LineColumn[] = [
    {
      key: 'itemId',
      title: 'Item',
      width: 260,
      required: true,
      input: ({ index, label }) => (
        <PurchaseItemSelect
          aria-label={label}
          style={wide}
          popupMatchSelectWidth={false}
          onPick={(item) => fillPrice(index, item)}
        />
      ),
    },
    {
      key: 'quantity',
      title: 'Quantidade',
      width: 150,
      align: 'right',
      required: true,
      input: ({ index, label }) => <LineQuantity index={index} label={label} />,
    },
    {
      key: 'unitPrice',
      title: 'Preço unitário',
      width: 150,
      align: 'right',
      input: ({ label }) => <MoneyInput aria-label={label} />,
    },
    {
      key: 'lineTotal',
      title: 'Total',
      width: 130,
      align: 'right',
      show: (index) => {
        const line = (form.getFieldValue(['items', index]) ?? {}) as OrderFormLine;
        const total = lineTotal(line);
        return (
          <span data-testid={`line-total-${index}`}>
            {total ? formatBRL(total.toFixed(2)) : '—'}
          </span>
        );
      },
    },
  ];

  const half = { xs: 24, md: 12 };
  const quarter = { xs: 24, sm: 12, md: 6 };
  const third = { xs: 24, sm: 8 };

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Text type="secondary">Ordens de Compra</Typography.Text>
        <Typography.Title level={2} style={{ margin: 0, overflowWrap: 'anywhere' }}>
          {loaded ? `Editar: ${loaded.number}` : 'Nova ordem de compra'}
        </Typography.Title>
      </div>

      {conflict && (
        <StaleVersionAlert
          message={conflict}
          reloading={reload.isPending}
          onReload={() => reload.mutate()}
        />
      )}

      <Form<OrderFormValues>
        form={form}
        layout="vertical"
        initialValues={baseline}
        onFinish={(values) => {
          if (leaving === null) submitOnce(() => save.mutateAsync(values));
        }}
      >
        <Flex vertical gap={16}>
          <Card title="Ordem">
            <Row gutter={16}>
              <Col {...half}>
                <Form.Item
                  label="Fornecedor"
                  name="supplierId"
                  validateFirst
                  rules={[required, validate('supplierId')]}
                >
                  <ReferenceSelect resource="suppliers" offerNew />
                </Form.Item>
              </Col>
              <Col {...quarter}>
                <Form.Item
                  label="Data da ordem"
                  name="orderDate"
                  validateFirst
                  rules={[required, validate('orderDate')]}
                >
                  <LazyDateInput />
                </Form.Item>
              </Col>
              <Col {...quarter}>
                <Form.Item
                  label="Previsão de entrega"
                  name="expectedDate"
                  rules={[validate('expectedDate')]}
                  dependencies={['orderDate']}
                >
                  <LazyDateInput />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item
                  label="Local de entrega"
                  name="locationId"
                  validateFirst
                  rules={[required, validate('locationId')]}
                >
                  <ReferenceSelect resource="stock-locations" offerNew />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item label="Observações" name="notes" rules={[validate('notes')]}>
                  <Input.TextArea {...countUpTo(1000)} autoSize={{ minRows: 1, maxRows: 4 }} />
                </Form.Item>
              </Col>
            </Row>
          </Card>

          <Card title="Itens" styles={{ body: { paddingInline: 8 } }}>
            <LineTable
              name="items"
              columns={lineColumns}
              newLine={() => ({})}
              addLabel="Adicionar item"
              emptyText="Nenhum item: adicione os insumos ou produtos a comprar."
              cellRules={cellRules}
            />
          </Card>

          <Card title="Valores e pagamento">
            <Row gutter={16}>
              <Col {...quarter}>
                <Form.Item label="Frete" name="freight" rules={[validate('freight')]}>
                  <MoneyInput />
                </Form.Item>
              </Col>
              <Col {...quarter}>
                <Form.Item
                  label="Desconto"
                  name="discount"
                  rules={[validate('discount')]}
                  dependencies={['items']}
                >
                  <MoneyInput />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item
                  label="Forma de pagamento"
                  name="paymentMethodId"
                  rules={[validate('paymentMethodId')]}
                >
                  <Select<number>
                    options={methods.data ?? []}
                    loading={methods.isFetching}
                    placeholder="Selecione"
                    allowClear={allowClear}
                    showSearch={codeNameSearch}
                  />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item
                  label="Categoria"
                  name="categoryId"
                  validateFirst
                  rules={[required, validate('categoryId')]}
                  extra="Das contas a pagar que o recebimento cria."
                >
                  <Select<number>
                    options={categories.data?.options ?? []}
                    {...categorySelectProps}
                    loading={categories.isFetching}
                    placeholder="Selecione"
                    popupMatchSelectWidth={false}
                  />
                </Form.Item>
              </Col>
              <Col {...third} md={4}>
                <Form.Item
                  label="Parcelas"
                  name="installments"
                  validateFirst
                  rules={[required, validate('installments')]}
                >
                  <InputNumber min={1} max={MAX_INSTALLMENTS} precision={0} style={wide} />
                </Form.Item>
              </Col>
              <Col {...third} md={4}>
                <Form.Item
                  label="1º vencimento (dias)"
                  name="firstDueInDays"
                  validateFirst
                  rules={[required, validate('firstDueInDays')]}
                >
                  <InputNumber min={0} max={3660} precision={0} style={wide} />
                </Form.Item>
              </Col>
              <Col {...third} md={4}>
                <Form.Item
                  label="Intervalo (dias)"
                  name="intervalDays"
                  validateFirst
                  rules={[required, validate('intervalDays')]}
                >
                  <InputNumber min={0} max={366} precision={0} style={wide} />
                </Form.Item>
              </Col>
            </Row>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
              O 1º vencimento conta da data de cada recebimento.
            </Typography.Paragraph>
            <OrderTotalsBar />
          </Card>

          <FormActions
            onBack={() => navigate(backPath, { state: location.state })}
            canSave
            saving={save.isPending}
          />
        </Flex>
      </Form>
    </Flex>
  );
}
