import {
  Alert,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Table,
  Typography,
  type FormRule,
} from 'antd';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { MAX_INSTALLMENTS } from '../../../shared/installments.js';
import { messages } from '../../../shared/messages.js';
import { formatBRL } from '../../../shared/money.js';
import {
  billCreateSchema,
  billKindInfo,
  billMachine,
  billUpdateSchema,
  type BillDetail,
  type BillKind,
} from '../../../shared/resources/bills.js';
import { CategorySelect } from '../../components/category-select.js';
import { formatDate } from '../../components/dates.js';
import {
  DocumentFormPage,
  DocumentFormRoute,
  useDocumentReload,
  type DocumentRead,
} from '../../components/document-form-page.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { MoneyInput } from '../../components/money-input.js';
import { PaymentMethodSelect } from '../../components/payment-method-select.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import { useListPath } from '../../components/resource-form-page.js';
import { useRecordForm } from '../../components/use-record-form.js';
import { zodRule } from '../../components/zod-rule.js';
import { toast } from '../../lib/toast.js';
import { billKeys, billsApi, useSaveBill, type BillSave } from './api.js';
import { billTitle } from './bill-columns.js';
import {
  billFormValues,
  previewInstallments,
  toBillInput,
  type BillFormValues,
} from './bill-form.js';
import { countUpTo } from '../../components/text-limit.js';

const required: FormRule = { required: true, message: messages.required };

const readOf = (kind: BillKind): DocumentRead<BillDetail> => ({
  queryKey: billKeys(kind).detail,
  get: (id, signal) => billsApi(kind).get(String(id), signal),
});
/** What Salvar sends: a new bill (in installments), or one bill's changes with the version read. */
const toSave = (kind: BillKind, values: BillFormValues, bill: BillDetail | null): BillSave =>
  bill
    ? { id: bill.id, input: toBillInput(kind, values, { version: bill.version }) }
    : { input: toBillInput(kind, values) };

/**
 * "Nova conta": a bill split into installments (each its own bill, the cents left by rounding on
 * the last), previewed as typed. `:id/edit` changes one open bill, with the version read; someone
 * else's save first is the standard 409 message, what was typed kept.
 */
export function BillFormPage({ kind, basePath }: { kind: BillKind; basePath: string }) {
  return (
    <DocumentFormRoute
      basePath={basePath}
      read={readOf(kind)}
      notFoundTitle="Conta não encontrada"
      newForm={<BillForm kind={kind} basePath={basePath} />}
      editForm={(bill) => <BillForm kind={kind} basePath={basePath} bill={bill} />}
    />
  );
}

function BillForm({
  kind,
  basePath,
  bill,
}: {
  kind: BillKind;
  basePath: string;
  bill?: BillDetail;
}) {
  const info = billKindInfo[kind];
  const listPath = useListPath(basePath);
  const save = useSaveBill(kind);
  const record = useRecordForm({
    record: bill ?? null,
    initial: { issueDate: todayInSaoPaulo(), installments: 1, intervalDays: 30 },
    toFormValues: billFormValues,
    save,
    toVariables: (values: BillFormValues, loaded) => toSave(kind, values, loaded),
    onSaved: (saved, loaded) => {
      if (!loaded) {
        toast.success(messages.finance.billsCreated(saved.length));
        return listPath;
      }
      toast.success(messages.saved);
      return `${basePath}/${loaded.id}`;
    },
    reload: useDocumentReload(readOf(kind)),
  });
  const { form, loaded } = record;
  const values = Form.useWatch([], form) as BillFormValues | undefined;
  const preview = loaded ? [] : previewInstallments(values ?? {});

  const toInput = (formValues: BillFormValues) => toSave(kind, formValues, loaded).input;
  const schema = loaded ? billUpdateSchema(kind) : billCreateSchema(kind);
  const validate = (field: string) => zodRule(schema, field, toInput);

  const partnerKey = info.partnerKey;
  const half = { xs: 24, md: 12 };
  const quarter = { xs: 24, sm: 12, md: 6 };

  return (
    <DocumentFormPage
      record={record}
      basePath={basePath}
      area={info.label}
      newTitle="Nova conta"
      titleOf={billTitle}
      permission={`${info.area}:write`}
      machine={billMachine}
      notEditable="Somente uma conta em aberto, sem baixas, pode ser alterada."
    >
      <Card title="Conta">
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item
              label={info.partnerLabel}
              name={partnerKey}
              validateFirst
              rules={kind === 'RECEIVE' ? [required, validate(partnerKey)] : [validate(partnerKey)]}
              extra={kind === 'PAY' ? 'Opcional.' : undefined}
            >
              <ReferenceSelect resource={kind === 'PAY' ? 'suppliers' : 'clients'} offerNew />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="Descrição"
              name="description"
              validateFirst
              rules={[required, validate('description')]}
            >
              <Input {...countUpTo(200)} />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item
              label="Nº do documento"
              name="documentNumber"
              rules={[validate('documentNumber')]}
            >
              <Input {...countUpTo(30)} />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item
              label="Emissão"
              name="issueDate"
              rules={[required, validate('issueDate')]}
              validateFirst
            >
              <LazyDateInput />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item
              label="Competência"
              name="competenceDate"
              rules={[validate('competenceDate')]}
              extra="Vazia: a data de emissão."
            >
              <LazyDateInput />
            </Form.Item>
          </Col>
          <Col {...quarter}>
            <Form.Item
              label="Categoria"
              name="categoryId"
              validateFirst
              rules={[required, validate('categoryId')]}
            >
              <CategorySelect
                nature={billKindInfo[kind].categoryKind}
                popupMatchSelectWidth={false}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="Forma de pagamento"
              name="paymentMethodId"
              rules={[validate('paymentMethodId')]}
            >
              <PaymentMethodSelect usage={kind} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="Conta-corrente"
              name="checkingAccountId"
              rules={[validate('checkingAccountId')]}
            >
              <ReferenceSelect resource="checking-accounts" />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card title={loaded ? 'Valor e vencimento' : 'Valor e parcelas'}>
        <Row gutter={16}>
          <Col {...quarter}>
            <Form.Item
              label={loaded ? 'Valor' : 'Valor total'}
              name="amount"
              rules={[required, validate('amount')]}
              validateFirst
            >
              <MoneyInput />
            </Form.Item>
          </Col>
          {!loaded && (
            <Col {...quarter}>
              <Form.Item
                label="Parcelas"
                name="installments"
                validateFirst
                rules={[required, validate('installments')]}
                extra={`De 1 a ${MAX_INSTALLMENTS}.`}
              >
                <InputNumber
                  min={1}
                  max={MAX_INSTALLMENTS}
                  precision={0}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
          )}
          <Col {...quarter}>
            <Form.Item
              label={loaded ? 'Vencimento' : '1º vencimento'}
              name="dueDate"
              rules={[required, validate('dueDate')]}
              dependencies={['issueDate']}
              validateFirst
            >
              <LazyDateInput />
            </Form.Item>
          </Col>
          {!loaded && (
            <Col {...quarter}>
              <Form.Item
                label="Intervalo (dias)"
                name="intervalDays"
                validateFirst
                rules={[required, validate('intervalDays')]}
                extra="Entre um vencimento e o seguinte."
              >
                <InputNumber min={1} max={366} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          {preview.length > 0 && (
            <Col span={24}>
              <Typography.Text strong>Parcelas que serão criadas</Typography.Text>
              <Table
                data-testid="installments-preview"
                size="small"
                rowKey="number"
                pagination={false}
                style={{ marginTop: 8, marginBottom: 16, maxWidth: 480 }}
                dataSource={preview}
                columns={[
                  { key: 'installment', title: 'Parcela', dataIndex: 'installment', width: 80 },
                  {
                    key: 'dueDate',
                    title: 'Vencimento',
                    render: (_value, row) => formatDate(row.dueDate),
                  },
                  {
                    key: 'amount',
                    title: 'Valor',
                    align: 'right',
                    render: (_value, row) => formatBRL(row.amount),
                  },
                ]}
              />
            </Col>
          )}
          <Col span={24}>
            <Form.Item label="Observações" name="notes" rules={[validate('notes')]}>
              <Input.TextArea {...countUpTo(500)} autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
          </Col>
        </Row>
        {loaded && loaded.installment && (
          <Alert
            type="info"
            showIcon
            title={`Parcela ${loaded.installment}: a alteração vale só para esta conta.`}
          />
        )}
      </Card>
    </DocumentFormPage>
  );
}
