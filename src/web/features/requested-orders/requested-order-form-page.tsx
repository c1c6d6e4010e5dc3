import { Card, Col, Form, Input, Row, type FormRule } from 'antd';
import { messages } from '../../../shared/messages.js';
import { formatBRL } from '../../../shared/money.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import {
  requestedOrderCreateSchema,
  requestedOrderMachine,
  requestedOrderUpdateSchema,
  type RequestedOrderDetail,
} from '../../../shared/resources/requested-orders.js';
import { useCategoryNamed } from '../../components/category-select.js';
import {
  DocumentFormPage,
  DocumentFormRoute,
  type DocumentRead,
} from '../../components/document-form-page.js';
import { FormTotals } from '../../components/form-totals.js';
import { sellableProducts, type PickedItem } from '../../components/item-sets.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { itemColumn, quantityColumn, unitPriceColumn } from '../../components/line-columns.js';
import { LineTable, type LineColumn } from '../../components/line-table.js';
import { unitPriceText } from '../../components/line-table-values.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { BillingTermsFields } from '../../components/billing-terms-fields.js';
import { PercentInput } from '../../components/percent-input.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import { countUpTo } from '../../components/text-limit.js';
import { useDocumentForm } from '../../components/use-document-form.js';
import { ClientCreditSummary } from './client-credit-summary.js';
import { LineStockCell } from './line-stock-cell.js';
import {
  requestedOrderKeys,
  requestedOrdersApi,
  useDefaultLocation,
  useSaveRequestedOrder,
  type RequestedOrderSave,
} from './api.js';
import {
  formLineTotal,
  newRequestedOrderValues,
  requestedOrderFormValues,
  requestedOrderTotals,
  toRequestedOrderInput,
  type RequestedOrderFormLine,
  type RequestedOrderFormValues,
} from './requested-order-form.js';

const required: FormRule = { required: true, message: messages.required };
const read: DocumentRead<RequestedOrderDetail> = {
  queryKey: requestedOrderKeys.detail,
  get: requestedOrdersApi.get,
};
/** What Salvar sends: a new order, or the open order's changes with the version read. */
const toSave = (
  values: RequestedOrderFormValues,
  order: RequestedOrderDetail | null,
): RequestedOrderSave =>
  order
    ? { id: order.id, input: toRequestedOrderInput(values, { version: order.version }) }
    : { input: toRequestedOrderInput(values) };

/**
 * "Novo pedido" and `:id/edit` (an open order only): the client, the dates, the location its
 * goods ship from (and are reserved at), the nature of operation (by the products' origin when
 * blank), the client's credit beside the client, the payment terms and category of the bills to receive, the product lines (a picked
 * product brings its sale price) with each line's discount and total, freight and discount, and
 * the totals live as typed, by the same rule the server applies.
 */
export function RequestedOrderFormPage({ basePath }: { basePath: string }) {
  return (
    <DocumentFormRoute
      basePath={basePath}
      read={read}
      notFoundTitle="Pedido não encontrado"
      newForm={<NewRequestedOrder basePath={basePath} />}
      editForm={(order) => <RequestedOrderForm basePath={basePath} order={order} />}
    />
  );
}

function NewRequestedOrder({ basePath }: { basePath: string }) {
  const location = useDefaultLocation();
  const category = useCategoryNamed('INCOME', messages.requestedOrders.salesCategory);
  if (location.isPending || category.isPending) return <PageSpinner />;
  const initial = newRequestedOrderValues({
    today: todayInSaoPaulo(),
    locationId: location.data ?? null,
    categoryId: category.data,
  });
  return <RequestedOrderForm basePath={basePath} initial={initial} />;
}

/** "Itens R$ 1.530,02 · Desconto − R$ 2,00 · Frete R$ 12,50 · Total R$ 1.540,52", as typed. */
function RequestedOrderTotalsBar() {
  const form = Form.useFormInstance();
  const values = Form.useWatch([], form) as RequestedOrderFormValues | undefined;
  const totals = requestedOrderTotals(values);
  return (
    <FormTotals
      testId="order-totals"
      totalTestId="total-order"
      total={totals.total}
      parts={[
        { label: 'Itens', value: totals.items, testId: 'total-items' },
        { label: 'Desconto', value: totals.discount, testId: 'total-discount', negative: true },
        { label: 'Frete', value: totals.freight, testId: 'total-freight' },
      ]}
    />
  );
}

/** A line's total as typed: "—" until its quantity and price are numbers. */
function LineTotalCell({ index }: { index: number }) {
  const form = Form.useFormInstance();
  const line = Form.useWatch(['items', index], form) as RequestedOrderFormLine | undefined;
  const total = formLineTotal(line);
  return <span data-testid={`line-total-${index}`}>{total ? formatBRL(total) : '—'}</span>;
}

function RequestedOrderForm({
  basePath,
  order,
  initial,
}: {
  basePath: string;
  order?: RequestedOrderDetail;
  initial?: RequestedOrderFormValues;
}) {
  const { record, form, validate, cellRules } = useDocumentForm({
    basePath,
    record: order,
    initial,
    toFormValues: requestedOrderFormValues,
    save: useSaveRequestedOrder(),
    toSave,
    messages: messages.requestedOrders,
    read,
    createSchema: requestedOrderCreateSchema,
    updateSchema: requestedOrderUpdateSchema,
  });

  // A picked product brings its sale price (blank when it has none: the server then asks for one).
  const fillPrice = (index: number, item: PickedItem) => {
    form.setFieldValue(['items', index, 'unitPrice'], unitPriceText(item.salePrice));
  };
  const lineColumns: LineColumn[] = [
    itemColumn({
      key: 'productId',
      title: 'Produto',
      width: 260,
      items: sellableProducts,
      onPick: fillPrice,
    }),
    quantityColumn({ list: 'items', width: 150, itemField: 'productId' }),
    unitPriceColumn({ width: 140 }),
    {
      key: 'discountPercent',
      title: 'Desconto %',
      width: 110,
      align: 'right',
      input: ({ label }) => <PercentInput aria-label={label} />,
    },
    {
      key: 'lineTotal',
      title: 'Total da linha',
      width: 130,
      align: 'right',
      show: (index) => <LineTotalCell index={index} />,
    },
    {
      key: 'stock',
      title: 'No local',
      width: 220,
      show: (index) => <LineStockCell index={index} />,
    },
  ];

  const half = { xs: 24, md: 12 };
  const quarter = { xs: 24, sm: 12, md: 6 };

  return (
    <DocumentFormPage
      record={record}
      basePath={basePath}
      area="Pedidos Recebidos"
      newTitle="Novo pedido"
      titleOf={(saved) => saved.number}
      permission="requestedOrders:write"
      machine={requestedOrderMachine}
      notEditable="Somente um pedido em aberto pode ser alterado."
    >
      <Card title="Pedido">
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              label="Cliente"
              name="clientId"
              validateFirst
              rules={[required, validate('clientId')]}
              extra={<ClientCreditSummary />}
            >
              <ReferenceSelect resource="clients" offerNew />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item
              label="Data do pedido"
              name="orderDate"
              validateFirst
              rules={[required, validate('orderDate')]}
            >
              <LazyDateInput />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item
              label="Entrega"
              name="deliveryDate"
              rules={[validate('deliveryDate')]}
              dependencies={['orderDate']}
            >
              <LazyDateInput />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="Local de estoque"
              name="locationId"
              validateFirst
              rules={[required, validate('locationId')]}
              extra="De onde as mercadorias saem; a aprovação as reserva ali."
            >
              <ReferenceSelect resource="stock-locations" offerNew />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="Natureza de operação"
              name="fiscalOperationId"
              rules={[validate('fiscalOperationId')]}
            >
              <ReferenceSelect
                resource="fiscal-operations"
                placeholder="Pela origem do produto"
                allowClear
                popupMatchSelectWidth={false}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="Itens" styles={{ body: { paddingInline: 8 } }}>
        <LineTable
          name="items"
          columns={lineColumns}
          newLine={() => ({ discountPercent: '0,00' })}
          addLabel="Adicionar produto"
          emptyText="Nenhum item: adicione os produtos do pedido."
          cellRules={cellRules}
        />
      </Card>

      <Card title="Valores e pagamento">
        <Row gutter={16}>
          <BillingTermsFields
            validate={validate}
            usage="RECEIVE"
            categoryRequired={required}
            categoryNote="Das contas a receber que o faturamento cria."
            termsNote="O 1º vencimento conta da data de cada faturamento."
          />
          <Col span={24}>
            <Form.Item
              label="Observações"
              name="notes"
              rules={[validate('notes')]}
              style={{ marginTop: 16 }}
            >
              <Input.TextArea {...countUpTo(1000)} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
        <RequestedOrderTotalsBar />
      </Card>
    </DocumentFormPage>
  );
}
