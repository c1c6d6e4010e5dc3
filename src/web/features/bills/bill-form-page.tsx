import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
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
  Table,
  Typography,
  type FormRule,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorCode } from '../../../shared/error-codes.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { MAX_INSTALLMENTS } from '../../../shared/installments.js';
import { messages } from '../../../shared/messages.js';
import { formatBRL } from '../../../shared/money.js';
import {
  billCreateSchema,
  billKindInfo,
  billUpdateSchema,
  type BillDetail,
  type BillKind,
} from '../../../shared/resources/bills.js';
import { allowClear } from '../../components/antd-config.js';
import { categorySelectProps } from '../../components/category-options.js';
import { codeNameSearch } from '../../components/code-name-ranking.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { formatDate } from '../../components/dates.js';
import { FormActions } from '../../components/form-actions.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { MoneyInput } from '../../components/money-input.js';
import { RecordQueryResult } from '../../components/record-query-result.js';
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
  billKeys,
  billsApi,
  keysChangedByPayments,
  useCategoryOptions,
  usePaymentMethodOptions,
} from './api.js';
import { billTitle } from './bill-columns.js';
import {
  billFormValues,
  previewInstallments,
  toBillInput,
  type BillFormValues,
} from './bill-form.js';
import { countUpTo } from '../../components/text-limit.js';

const required: FormRule = { required: true, message: messages.required };

/**
 * "Nova conta": a bill split into installments (each its own bill, the cents left by rounding on
 * the last), previewed as typed. `:id/edit` changes one open bill, with the version read; someone
 * else's save first is the standard 409 message, what was typed kept.
 */
export function BillFormPage({ kind, basePath }: { kind: BillKind; basePath: string }) {
  const { id } = useParams();
  if (id === undefined) return <BillForm kind={kind} basePath={basePath} />;
  return <EditBill kind={kind} basePath={basePath} id={id} />;
}

function EditBill({ kind, basePath, id }: { kind: BillKind; basePath: string; id: string }) {
  const navigate = useNavigate();
  const validId = /^\d{1,15}$/.test(id);
  const bill = useQuery({
    queryKey: billKeys(kind).detail(id),
    queryFn: ({ signal }) => billsApi(kind).get(id, signal),
    enabled: validId,
    staleTime: 0,
  });
  return (
    <RecordQueryResult
      query={bill}
      validId={validId}
      notFoundTitle="Conta não encontrada"
      onBack={() => navigate(basePath)}
    >
      {(data) => <BillForm kind={kind} basePath={basePath} bill={data} />}
    </RecordQueryResult>
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
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const canWrite = usePermission(`${info.area}:write`);
  const listSearch = (location.state as ListLocationState | null)?.listSearch ?? '';
  const listPath = `${basePath}${listSearch}`;
  const [loaded, setLoaded] = useState(bill);
  const backPath = loaded ? `${basePath}/${loaded.id}` : listPath;

  const [form] = Form.useForm<BillFormValues>();
  const baseline = useMemo<BillFormValues>(
    () =>
      loaded
        ? billFormValues(loaded)
        : { issueDate: todayInSaoPaulo(), installments: 1, intervalDays: 30 },
    [loaded],
  );
  const values = Form.useWatch([], form) as BillFormValues | undefined;
  const preview = loaded ? [] : previewInstallments(values ?? {});
  const categories = useCategoryOptions(kind);
  const methods = usePaymentMethodOptions(kind);

  const [conflict, setConflict] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<string | null>(null);
  const dirty = useFormDirty(form, baseline);
  useUnsavedChangesPrompt(dirty && leaving === null);

  useEffect(() => {
    if (leaving !== null) navigate(leaving, { state: location.state });
  }, [leaving, navigate, location.state]);

  const edit = loaded ? { version: loaded.version } : undefined;
  const toInput = (formValues: Record<string, unknown>) =>
    toBillInput(kind, formValues as BillFormValues, edit);
  const schema = loaded ? billUpdateSchema(kind) : billCreateSchema(kind);
  const validate = (field: string) => zodRule(schema, field, toInput);

  const submitOnce = useSingleSubmit();

  const save = useMutation({
    mutationFn: (formValues: BillFormValues) => {
      const input = toBillInput(kind, formValues, edit);
      return loaded
        ? billsApi(kind)
            .update(loaded.id, input)
            .then((saved) => [saved])
        : billsApi(kind)
            .create(input)
            .then((created) => created.items);
    },
    onSuccess: (saved) => {
      setConflict(null);
      for (const queryKey of keysChangedByPayments(kind))
        void queryClient.invalidateQueries({ queryKey });
      if (loaded) {
        toast.success(messages.saved);
        setLeaving(`${basePath}/${loaded.id}`);
      } else {
        toast.success(messages.finance.billsCreated(saved.length));
        setLeaving(listPath);
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && error.is(ErrorCode.STALE_VERSION))
        setConflict(error.message);
      else reportFormError(form, error);
    },
  });

  const reload = useMutation({
    mutationFn: () => billsApi(kind).get(String(loaded!.id)),
    onSuccess: (fresh) => {
      setConflict(null);
      setLoaded(fresh);
      form.setFieldsValue(billFormValues(fresh));
      queryClient.setQueryData(billKeys(kind).detail(fresh.id), fresh);
    },
  });

  if (!canWrite) return <Navigate to={paths.accessDenied} replace />;
  if (loaded && loaded.status !== 'OPEN') {
    return (
      <Result
        status="warning"
        title="Somente uma conta em aberto, sem baixas, pode ser alterada."
        extra={<Button onClick={() => navigate(backPath)}>Voltar</Button>}
      />
    );
  }

  const partnerKey = info.partnerKey;
  const half = { xs: 24, md: 12 };
  const quarter = { xs: 24, sm: 12, md: 6 };

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Text type="secondary">{info.label}</Typography.Text>
        <Typography.Title level={2} style={{ margin: 0, overflowWrap: 'anywhere' }}>
          {loaded ? `Editar: ${billTitle(loaded)}` : 'Nova conta'}
        </Typography.Title>
      </div>

      {conflict && (
        <StaleVersionAlert
          message={conflict}
          reloading={reload.isPending}
          onReload={() => reload.mutate()}
        />
      )}

      <Form<BillFormValues>
        form={form}
        layout="vertical"
        initialValues={baseline}
        onFinish={(formValues) => {
          if (leaving === null) submitOnce(() => save.mutateAsync(formValues));
        }}
      >
        <Flex vertical gap={16}>
          <Card title="Conta">
            <Row gutter={16}>
              <Col {...half}>
                <Form.Item
                  label={info.partnerLabel}
                  name={partnerKey}
                  validateFirst
                  rules={
                    kind === 'RECEIVE' ? [required, validate(partnerKey)] : [validate(partnerKey)]
                  }
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
                  <Select<number>
                    options={categories.data ?? []}
                    {...categorySelectProps}
                    loading={categories.isFetching}
                    placeholder="Selecione"
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
