import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  type FormRule,
} from 'antd';
import { useMemo } from 'react';
import type { TaxRegime } from '../../../shared/invoice-taxes.js';
import { messages } from '../../../shared/messages.js';
import { formatDecimal } from '../../../shared/money.js';
import { isValidAccessKey } from '../../../shared/nfe/access-key.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import {
  MAX_INVOICE_SERIES,
  freightModes,
  invoiceCreateSchema,
  invoiceMachine,
  invoiceUpdateSchema,
  type InvoiceDetail,
} from '../../../shared/resources/invoices.js';
import {
  DocumentFormPage,
  DocumentFormRoute,
  type DocumentRead,
} from '../../components/document-form-page.js';
import { enumOptions } from '../../components/enum-options.js';
import { invoiceableItems, type PickedItem } from '../../components/item-sets.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { itemColumn, quantityColumn, unitPriceColumn } from '../../components/line-columns.js';
import { LineTable, type LineColumn } from '../../components/line-table.js';
import { PageSpinner } from '../../components/page-spinner.js';
import { BillingTermsFields } from '../../components/billing-terms-fields.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import { resourceApi } from '../../components/resource-row.js';
import { countUpTo } from '../../components/text-limit.js';
import { useDocumentForm } from '../../components/use-document-form.js';
import { companyPublicQuery } from '../../lib/company-query.js';
import { resourceKeys } from '../../lib/query-keys.js';
import {
  invoiceKeys,
  invoicesApi,
  useDefaultLocation,
  useSaveInvoice,
  type InvoiceSave,
} from './api.js';
import {
  fiscalOperationRule,
  invoiceFormValues,
  newInvoiceValues,
  toInvoiceInput,
  type FiscalOperationRule,
  type InvoiceFormValues,
  type RecipientKind,
} from './invoice-form.js';
import { InvoicePreviewProvider, InvoiceTotalsPreview, LineFigure } from './invoice-preview.js';

const required: FormRule = { required: true, message: messages.required };
const wide = { width: '100%' };
const read: DocumentRead<InvoiceDetail> = {
  queryKey: invoiceKeys.detail,
  get: invoicesApi.get,
};
const FISCAL_OPERATIONS = 'fiscal-operations';

/** The NF-e's access key, typed with or without spaces between its groups. */
const accessKeyRule: FormRule = {
  validator: (_rule, value: unknown) => {
    const key = typeof value === 'string' ? value.replace(/[\s.]/g, '').toUpperCase() : '';
    if (key === '') return Promise.reject(new Error(messages.required));
    return isValidAccessKey(key)
      ? Promise.resolve()
      : Promise.reject(new Error(messages.invoices.invalidAccessKey));
  },
};

/** What Salvar sends: a new draft, or the draft's changes with the version read. */
const toSave = (
  values: InvoiceFormValues,
  invoice: InvoiceDetail | null,
  returning: boolean,
): InvoiceSave => {
  const input = toInvoiceInput(values, { returning });
  return invoice ? { id: invoice.id, input: { ...input, version: invoice.version } } : { input };
};

const operationKey = (id: number | undefined) => resourceKeys(FISCAL_OPERATIONS).detail(id ?? 0);

/** The chosen nature of operation: its direction, purpose and tax rule (undefined until read). */
function useFiscalOperation(id: number | undefined) {
  return useQuery({
    queryKey: operationKey(id),
    queryFn: ({ signal }) => resourceApi.get(FISCAL_OPERATIONS, id!, signal, true),
    enabled: id !== undefined,
    staleTime: 60_000,
    select: fiscalOperationRule,
  });
}

/** Whether the nature of operation chosen (as already read) is a devolução. */
function isReturn(client: QueryClient, id: number | undefined): boolean {
  if (id === undefined) return false;
  const row = client.getQueryData<Record<string, unknown>>(operationKey(id));
  return row ? fiscalOperationRule(row).purpose === 'RETURN' : false;
}

/** The company's CRT, for the taxes' preview (a public fact of the company: any role reads it). */
function useTaxRegime(): TaxRegime | null {
  const company = useQuery(companyPublicQuery());
  const regime = company.data?.taxRegime;
  return regime === 1 || regime === 2 || regime === 3 || regime === 4 ? regime : null;
}

/**
 * "Nova nota" and `:id/edit` (a DRAFT only): the nature of operation, the recipient (a client or
 * a supplier), the dates, series, stock location and freight, the payment terms of its bills, the
 * NF-e it returns (a devolução), the additional information and the item lines, with each line's
 * value, discount and freight shares, ICMS, IPI and total, and the invoice's totals, as typed.
 */
export function InvoiceFormPage({ basePath }: { basePath: string }) {
  return (
    <DocumentFormRoute
      basePath={basePath}
      read={read}
      notFoundTitle="Nota fiscal não encontrada"
      newForm={<NewInvoice basePath={basePath} />}
      editForm={(invoice) => <InvoiceForm basePath={basePath} invoice={invoice} />}
    />
  );
}

function NewInvoice({ basePath }: { basePath: string }) {
  const location = useDefaultLocation();
  if (location.isPending) return <PageSpinner />;
  const initial = newInvoiceValues({
    today: todayInSaoPaulo(),
    locationId: location.data ?? null,
  });
  return <InvoiceForm basePath={basePath} initial={initial} />;
}

/** "Editar: NF-e nº 42" once issued; a draft has no number yet. */
const titleOf = (invoice: InvoiceDetail) =>
  invoice.number === null
    ? `rascunho de nota para ${invoice.recipientName}`
    : `NF-e nº ${invoice.number}`;

function InvoiceForm({
  basePath,
  invoice,
  initial,
}: {
  basePath: string;
  invoice?: InvoiceDetail;
  initial?: InvoiceFormValues;
}) {
  const client = useQueryClient();
  const { record, form, validate, cellRules } = useDocumentForm({
    basePath,
    record: invoice,
    initial,
    toFormValues: invoiceFormValues,
    save: useSaveInvoice(),
    toSave: (values, loaded) => toSave(values, loaded, isReturn(client, values.fiscalOperationId)),
    messages: messages.invoices,
    read,
    createSchema: invoiceCreateSchema,
    updateSchema: invoiceUpdateSchema,
    // The rules check the draft by the nature of operation the form shows (`returning` below).
    toInput: (values, loaded) => toSave(values, loaded, returning).input,
  });
  const operationId = Form.useWatch('fiscalOperationId', form) as number | undefined;
  // Until the form has rendered its own values, the kind it starts with.
  const recipientKind =
    (Form.useWatch('recipientKind', form) as RecipientKind | undefined) ??
    record.baseline.recipientKind;
  const operation = useFiscalOperation(operationId);
  const rule: FiscalOperationRule | undefined =
    operationId === undefined ? undefined : operation.data;
  const taxRegime = useTaxRegime();
  const tax = useMemo(
    () => (rule && taxRegime !== null ? { rule, taxRegime } : null),
    [rule, taxRegime],
  );
  const returning = rule?.purpose === 'RETURN';
  const incoming = rule?.direction === 'IN';

  // A picked item brings its name and its sale price (blank for a feedstock, which has none).
  const fillLine = (index: number, item: PickedItem) => {
    form.setFieldValue(['items', index, 'description'], item.name);
    form.setFieldValue(
      ['items', index, 'unitPrice'],
      item.salePrice ? formatDecimal(item.salePrice, 2) : '',
    );
  };
  const figure = (
    key: string,
    title: string,
    pick: Parameters<typeof LineFigure>[0]['pick'],
    taxed = false,
  ): LineColumn => ({
    key,
    title,
    width: 110,
    align: 'right',
    show: (index) => <LineFigure index={index} pick={pick} taxed={taxed} testId={`line-${key}`} />,
  });
  const lineColumns: LineColumn[] = [
    itemColumn({ width: 240, items: invoiceableItems, onPick: fillLine }),
    {
      key: 'description',
      title: 'Descrição',
      width: 220,
      input: ({ label }) => <Input aria-label={label} {...countUpTo(120)} />,
    },
    quantityColumn({ list: 'items', width: 140 }),
    unitPriceColumn({ width: 130 }),
    figure('grossTotal', 'Valor', (line) => line.grossTotal),
    figure('discount', 'Desconto', (line) => line.discount),
    figure('freight', 'Frete', (line) => line.freight),
    figure('icms', 'ICMS', (line) => line.icms.value, true),
    figure('ipi', 'IPI', (line) => line.ipi?.value ?? '0.00', true),
    figure('total', 'Total', (line) => line.total, true),
  ];

  const half = { xs: 24, md: 12 };
  const quarter = { xs: 24, sm: 12, md: 6 };

  return (
    <DocumentFormPage
      record={record}
      basePath={basePath}
      area="Notas Fiscais"
      newTitle="Nova nota fiscal"
      titleOf={titleOf}
      permission="invoices:write"
      machine={invoiceMachine}
      notEditable="Somente uma nota em rascunho pode ser alterada."
    >
      <Card title="Nota">
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              label="Natureza de operação"
              name="fiscalOperationId"
              validateFirst
              rules={[required, validate('fiscalOperationId')]}
              extra={
                rule
                  ? `${rule.direction === 'IN' ? 'Entrada' : 'Saída'}${returning ? ' · Devolução' : ''}${rule.movesStock ? ' · movimenta o estoque' : ''}${rule.createsBills ? ' · gera títulos' : ''}`
                  : undefined
              }
            >
              <ReferenceSelect resource={FISCAL_OPERATIONS} popupMatchSelectWidth={false} />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item
              label="Data de emissão"
              name="issueDate"
              validateFirst
              rules={[required, validate('issueDate')]}
            >
              <LazyDateInput />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item
              label="Série"
              name="series"
              rules={[validate('series')]}
              extra="Em branco: a série da empresa."
            >
              <InputNumber
                min={0}
                max={MAX_INVOICE_SERIES}
                precision={0}
                placeholder="da empresa"
                style={wide}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="Destinatário" required style={{ marginBottom: 0 }}>
              <Flex vertical gap={8}>
                <Form.Item name="recipientKind" noStyle>
                  <Radio.Group
                    aria-label="Tipo de destinatário"
                    options={[
                      { value: 'client', label: 'Cliente' },
                      { value: 'supplier', label: 'Fornecedor' },
                    ]}
                  />
                </Form.Item>
                {recipientKind === 'supplier' ? (
                  <Form.Item
                    name="supplierId"
                    validateFirst
                    rules={[required, validate('supplierId')]}
                  >
                    <ReferenceSelect resource="suppliers" offerNew aria-label="Fornecedor" />
                  </Form.Item>
                ) : (
                  <Form.Item name="clientId" validateFirst rules={[required, validate('clientId')]}>
                    <ReferenceSelect resource="clients" offerNew aria-label="Cliente" />
                  </Form.Item>
                )}
              </Flex>
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="Local de estoque"
              name="locationId"
              rules={[
                ...(rule?.movesStock
                  ? [{ ...required, message: messages.invoices.needsLocation }]
                  : []),
                validate('locationId'),
              ]}
              extra={rule?.movesStock ? 'De onde as mercadorias saem ou onde entram.' : undefined}
            >
              <ReferenceSelect resource="stock-locations" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title="Itens" styles={{ body: { paddingInline: 8 } }}>
        <InvoicePreviewProvider tax={tax}>
          <Flex vertical gap={16}>
            <LineTable
              name="items"
              columns={lineColumns}
              newLine={() => ({})}
              addLabel="Adicionar item"
              emptyText="Nenhum item: adicione os produtos ou insumos da nota."
              cellRules={cellRules}
            />
            <InvoiceTotalsPreview />
          </Flex>
        </InvoicePreviewProvider>
      </Card>

      <Card title="Frete e pagamento">
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              label="Modalidade do frete"
              name="freightMode"
              rules={[validate('freightMode')]}
            >
              <Select options={enumOptions(freightModes)} popupMatchSelectWidth={false} />
            </Form.Item>
          </Col>
          <BillingTermsFields
            validate={validate}
            usage={incoming ? 'PAY' : 'RECEIVE'}
            categoryRequired={
              rule?.createsBills ? { ...required, message: messages.invoices.needsCategory } : null
            }
            categoryNote={
              rule?.createsBills
                ? `Das contas a ${incoming ? 'pagar' : 'receber'} que a emissão cria.`
                : undefined
            }
            termsNote="O 1º vencimento conta da data de emissão."
          />
        </Row>
      </Card>

      {returning && <ReferencedKeys />}

      <Card title="Informações complementares">
        <Form.Item
          name="additionalInfo"
          rules={[validate('additionalInfo')]}
          style={{ marginBottom: 0 }}
        >
          <Input.TextArea
            aria-label="Informações complementares"
            {...countUpTo(5000)}
            autoSize={{ minRows: 2, maxRows: 8 }}
          />
        </Form.Item>
      </Card>
    </DocumentFormPage>
  );
}

/** A devolução's NF-e (NFref): the 44-character keys of the invoices it returns, one per row. */
function ReferencedKeys() {
  return (
    <Card title="Chaves referenciadas (devolução)">
      <Form.List name="referencedKeys">
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8} data-testid="referenced-keys">
            {fields.length === 0 && (
              <Alert type="info" showIcon title="Informe a chave de acesso da nota devolvida." />
            )}
            {fields.map((field, index) => (
              <Flex key={field.key} gap={8} align="flex-start">
                <Form.Item
                  name={field.name}
                  rules={[accessKeyRule]}
                  style={{ flex: 1, minWidth: 0, marginBottom: 0 }}
                >
                  <Input
                    aria-label={`Chave referenciada ${index + 1}`}
                    placeholder="44 caracteres"
                    maxLength={60}
                    style={{ fontFamily: 'monospace' }}
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Remover chave ${index + 1}`}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <Form.ErrorList errors={errors} />
            <div>
              <Button
                icon={<PlusOutlined />}
                onClick={() => add('')}
                disabled={fields.length >= 50}
              >
                Adicionar chave
              </Button>
            </div>
          </Flex>
        )}
      </Form.List>
    </Card>
  );
}
