import { useQuery } from '@tanstack/react-query';
import { Card, Col, Form, Input, Row, type FormRule } from 'antd';
import { useSearchParams } from 'react-router';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import { formatBRL, formatDecimal, parseDecimal } from '../../../shared/money.js';
import {
  purchaseOrderCreateSchema,
  purchaseOrderMachine,
  purchaseOrderUpdateSchema,
  type PurchaseOrderDetail,
} from '../../../shared/resources/purchase-orders.js';
import { useCategoryNamed } from '../../components/category-select.js';
import {
  DocumentFormPage,
  DocumentFormRoute,
  type DocumentRead,
} from '../../components/document-form-page.js';
import { FormTotals } from '../../components/form-totals.js';
import { fetchItem } from '../../components/item-lookups.js';
import { purchasableItems, type PickedItem } from '../../components/item-sets.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { itemColumn, quantityColumn, unitPriceColumn } from '../../components/line-columns.js';
import { LineTable, type LineColumn } from '../../components/line-table.js';
import { unitPriceText } from '../../components/line-table-values.js';
import { BillingTermsFields } from '../../components/billing-terms-fields.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import { useDocumentForm } from '../../components/use-document-form.js';
import {
  orderKeys,
  ordersApi,
  useDefaultLocation,
  useSavePurchaseOrder,
  useUnitDecimals,
  type PurchaseOrderSave,
} from './api.js';
import {
  lineTotal,
  newOrderValues,
  orderFormValues,
  orderTotals,
  toOrderInput,
  type OrderFormLine,
  type OrderFormValues,
} from './purchase-order-form.js';
import { countUpTo } from '../../components/text-limit.js';

const required: FormRule = { required: true, message: messages.required };
const validId = (id: string | null | undefined) => !!id && /^\d{1,15}$/.test(id);
const read: DocumentRead<PurchaseOrderDetail> = { queryKey: orderKeys.detail, get: ordersApi.get };
/** What Salvar sends: a new order, or the draft's changes with the version read. */
const toSave = (values: OrderFormValues, order: PurchaseOrderDetail | null): PurchaseOrderSave =>
  order
    ? { id: order.id, input: toOrderInput(values, { version: order.version }) }
    : { input: toOrderInput(values) };

/**
 * "Nova ordem" and `:id/edit` (a DRAFT only): the supplier, dates, where the goods arrive, the
 * payment terms and category of the bills, the item lines (a picked item brings its last purchase
 * price), freight and discount, with the totals live as typed. `new?itemId=7&quantity=12` (the
 * "Comprar" of a feedstock below its minimum) starts with that line and the item's default
 * supplier.
 */
export function PurchaseOrderFormPage({ basePath }: { basePath: string }) {
  return (
    <DocumentFormRoute
      basePath={basePath}
      read={read}
      notFoundTitle="Ordem de compra não encontrada"
      newForm={<NewOrder basePath={basePath} />}
      editForm={(order) => <OrderForm basePath={basePath} order={order} />}
    />
  );
}

function NewOrder({ basePath }: { basePath: string }) {
  const [search] = useSearchParams();
  const itemParam = search.get('itemId');
  const itemId = validId(itemParam) ? Number(itemParam) : undefined;
  const quantity = search.get('quantity');
  const location = useDefaultLocation();
  const categories = useCategoryNamed('EXPENSE', messages.purchaseOrders.rawMaterialCategory);
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
    categoryId: categories.data,
    supplierId: picked?.defaultSupplierId ?? null,
    line,
  });
  return <OrderForm basePath={basePath} initial={initial} />;
}

/** "Itens R$ 1.530,02 · Frete R$ 12,50 · Desconto R$ 2,00 · Total R$ 1.540,52", as typed. */
function OrderTotalsBar() {
  const form = Form.useFormInstance();
  const values = Form.useWatch([], form) as OrderFormValues | undefined;
  const totals = orderTotals(values);
  return (
    <FormTotals
      testId="order-totals"
      totalTestId="total-order"
      total={totals.total}
      parts={[
        { label: 'Itens', value: totals.lines, testId: 'total-lines' },
        { label: 'Frete', value: totals.freight, testId: 'total-freight' },
        { label: 'Desconto', value: totals.discount, testId: 'total-discount', negative: true },
      ]}
    />
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
  const { record, form, validate, cellRules } = useDocumentForm({
    basePath,
    record: order,
    initial,
    toFormValues: orderFormValues,
    save: useSavePurchaseOrder(),
    toSave,
    messages: messages.purchaseOrders,
    read,
    createSchema: purchaseOrderCreateSchema,
    updateSchema: purchaseOrderUpdateSchema,
  });

  // A picked item brings its last purchase price (blank when it was never bought).
  const fillPrice = (index: number, item: PickedItem) => {
    form.setFieldValue(['items', index, 'unitPrice'], unitPriceText(item.lastPurchasePrice));
  };
  const lineColumns: LineColumn[] = [
    itemColumn({ width: 260, items: purchasableItems, onPick: fillPrice }),
    quantityColumn({ list: 'items', width: 150 }),
    unitPriceColumn({ width: 150 }),
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

  return (
    <DocumentFormPage
      record={record}
      basePath={basePath}
      area="Ordens de Compra"
      newTitle="Nova ordem de compra"
      titleOf={(draft) => draft.number}
      permission="purchaseOrders:write"
      machine={purchaseOrderMachine}
      notEditable="Somente uma ordem em rascunho pode ser alterada."
    >
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
          <BillingTermsFields
            validate={validate}
            usage="PAY"
            categoryRequired={required}
            categoryNote="Das contas a pagar que o recebimento cria."
            termsNote="O 1º vencimento conta da data de cada recebimento."
          />
        </Row>
        <OrderTotalsBar />
      </Card>
    </DocumentFormPage>
  );
}
