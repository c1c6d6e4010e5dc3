import { useQuery } from '@tanstack/react-query';
import { Col, Flex, Form, Input, Modal, Row, Typography, type FormRule } from 'antd';
import { useEffect, useMemo } from 'react';
import { fromUnits } from '../../../shared/allocation.js';
import { ErrorCode } from '../../../shared/error-codes.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import { formatBRL } from '../../../shared/money.js';
import {
  billKindInfo,
  billSettleSchema,
  paymentTotalCents,
  type BillKind,
  type BillSummary,
} from '../../../shared/resources/bills.js';
import { DialogRefusal, useDialogRefusal } from '../../components/dialog-refusal.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { MoneyInput } from '../../components/money-input.js';
import { PaymentMethodSelect } from '../../components/payment-method-select.js';
import { ReferenceSelect } from '../../components/reference-select.js';
import { resourceApi } from '../../components/resource-row.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { zodRule } from '../../components/zod-rule.js';
import { ApiError } from '../../lib/api-error.js';
import { resourceKeys } from '../../lib/query-keys.js';
import { usePermission } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { useSettleBill } from './api.js';
import { paymentDefaults, toPaymentInput, type PaymentFormValues } from './bill-form.js';
import { settleAccountOf } from './settle-account.js';
import { countUpTo } from '../../components/text-limit.js';

const required: FormRule = { required: true, message: messages.required };
const validate = (field: string) =>
  zodRule(billSettleSchema, field, (values) => toPaymentInput(values as PaymentFormValues));

/** Two active accounts are enough to know whether there is only one. */
const activeAccountsQuery = { page: 1, pageSize: 2, sort: 'name', active: 'true' };

/**
 * The account a payment starts with (`settleAccountOf`): the bill's, or the only active one. The
 * list is asked for only when the bill names none and the user may read the accounts.
 */
function useStartingAccount(billAccountId: number | null): number | undefined {
  const canRead = usePermission('checkingAccounts:read');
  const accounts = useQuery({
    queryKey: resourceKeys('checking-accounts').list(activeAccountsQuery),
    queryFn: ({ signal }) => resourceApi.list('checking-accounts', activeAccountsQuery, signal),
    enabled: canRead && billAccountId === null,
  });
  return settleAccountOf(billAccountId, accounts.data);
}

/** amount + interest + fine − discount of what is typed, or null while something is no money. */
function liveTotal(values: PaymentFormValues | undefined): string | null {
  if (!values) return null;
  const input = toPaymentInput(values);
  try {
    const cents = paymentTotalCents({
      amount: String(input.amount || '0'),
      interest: String(input.interest),
      fine: String(input.fine),
      discount: String(input.discount),
    });
    return fromUnits(cents, 2);
  } catch {
    return null;
  }
}

/**
 * "Baixar" (Pagar / Receber): today, the open amount, the bill's account (or the only active
 * one) and method to start with; the cash that moves ("Total a pagar") follows what is typed.
 * More than is open is the server's OVERPAYMENT message next to Valor; a bill cancelled meanwhile
 * (409) is said above the fields. The account paid from
 * becomes the bill's (the server's), so the bill then names the account that moved.
 */
export function SettleDialog({
  kind,
  bill,
  open,
  onClose,
}: {
  kind: BillKind;
  bill: BillSummary;
  open: boolean;
  onClose: () => void;
}) {
  const info = billKindInfo[kind];
  const [form] = Form.useForm<PaymentFormValues>();
  const startingAccount = useStartingAccount(bill.checkingAccountId);
  const defaults = useMemo(
    () => ({ ...paymentDefaults(bill, todayInSaoPaulo()), checkingAccountId: startingAccount }),
    [bill, startingAccount],
  );
  // The accounts may arrive after the dialog opened: an account not chosen yet takes the default.
  useEffect(() => {
    if (open && startingAccount !== undefined && !form.getFieldValue('checkingAccountId'))
      form.setFieldValue('checkingAccountId', startingAccount);
  }, [open, startingAccount, form]);
  const values = Form.useWatch([], form) as PaymentFormValues | undefined;
  const total = liveTotal(values);

  const submitOnce = useSingleSubmit();
  const { refusal, refuse, clearRefusal } = useDialogRefusal(form);

  const settle = useSettleBill(kind, bill.id, {
    onSuccess: () => {
      toast.success(messages.finance.paymentPosted(kind));
      onClose();
    },
    onError: (error) => {
      // OVERPAYMENT: someone else paid part of it meanwhile (the hook reads the bill again).
      if (error instanceof ApiError && error.is(ErrorCode.OVERPAYMENT))
        form.setFields([{ name: 'amount', errors: [error.message] }]);
      // Cancelled in another tab: said above the fields, as Receber and Concluir say it.
      else refuse(error);
    },
  });

  const half = { xs: 24, sm: 12 };
  const third = { xs: 24, sm: 8 };
  const verb = kind === 'PAY' ? 'pagar' : 'receber';

  return (
    <Modal
      open={open}
      title={`${info.settleLabel}: ${bill.description}${bill.installment ? ` · ${bill.installment}` : ''}`}
      okText={info.settleLabel}
      cancelText="Cancelar"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: settle.isPending, ...{ 'data-testid': 'settle-submit' } }}
      destroyOnHidden
      data-testid="settle-dialog"
    >
      <Form<PaymentFormValues>
        form={form}
        layout="vertical"
        initialValues={defaults}
        preserve={false}
        onFinish={(formValues) => {
          clearRefusal();
          submitOnce(() => settle.mutateAsync(toPaymentInput(formValues)));
        }}
      >
        <DialogRefusal message={refusal} />
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          Em aberto: {formatBRL(bill.openAmount)}
        </Typography.Paragraph>
        <Row gutter={12}>
          <Col {...half}>
            <Form.Item label="Data" name="date" rules={[required, validate('date')]} validateFirst>
              <LazyDateInput />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="Valor"
              name="amount"
              rules={[required, validate('amount')]}
              validateFirst
            >
              <MoneyInput />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item label="Juros" name="interest" rules={[validate('interest')]}>
              <MoneyInput />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item label="Multa" name="fine" rules={[validate('fine')]}>
              <MoneyInput />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item
              label="Desconto"
              name="discount"
              rules={[validate('discount')]}
              dependencies={['amount', 'interest', 'fine']}
            >
              <MoneyInput />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              label="Conta-corrente"
              name="checkingAccountId"
              validateFirst
              rules={[required, validate('checkingAccountId')]}
            >
              <ReferenceSelect resource="checking-accounts" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item label="Forma" name="paymentMethodId" rules={[validate('paymentMethodId')]}>
              <PaymentMethodSelect usage={kind} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="Observações" name="notes" rules={[validate('notes')]}>
              <Input.TextArea {...countUpTo(500)} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
        <Flex justify="space-between" align="baseline" wrap data-testid="settle-total">
          <Typography.Text>Total a {verb}</Typography.Text>
          <Typography.Text strong style={{ fontSize: 20 }}>
            {total === null ? '—' : formatBRL(total)}
          </Typography.Text>
        </Flex>
      </Form>
    </Modal>
  );
}
