import { Col, Form, InputNumber, Typography, type FormRule } from 'antd';
import {
  MAX_FIRST_DUE_IN_DAYS,
  MAX_INSTALLMENTS,
  MAX_INTERVAL_DAYS,
} from '../../shared/installments.js';
import { messages } from '../../shared/messages.js';
import { CategorySelect } from './category-select.js';
import { MoneyInput } from './money-input.js';
import { PaymentMethodSelect, type PaymentUsage } from './payment-method-select.js';

const required: FormRule = { required: true, message: messages.required };
const wide = { width: '100%' };
const third = { xs: 24, sm: 8, md: 4 };
const half = { xs: 24, md: 12 };
const quarter = { xs: 24, sm: 12, md: 6 };

/**
 * Frete, Desconto, Forma de pagamento, Categoria and the payment terms of a document that creates
 * bills (purchase order, sales order, invoice), the same fields in the same places on each.
 * `usage` says whether its bills are paid or received: it picks the payment methods and the
 * category's nature. Columns of the form's payment Row, like PaymentTermsFields.
 */
export function BillingTermsFields({
  validate,
  usage,
  categoryRequired,
  categoryNote,
  termsNote,
}: {
  validate: (field: string) => FormRule;
  usage: PaymentUsage;
  /** The rule that asks for a category, or null where the document may have none. */
  categoryRequired: FormRule | null;
  /** Under the category: the bills it goes to. */
  categoryNote?: string;
  /** Under the terms: what the first due date counts from. */
  termsNote: string;
}) {
  return (
    <>
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
          {/* A new usage is a new list of choices: the key starts the select afresh. */}
          <PaymentMethodSelect key={usage} usage={usage} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item
          label="Categoria"
          name="categoryId"
          validateFirst
          rules={[...(categoryRequired ? [categoryRequired] : []), validate('categoryId')]}
          extra={categoryNote}
        >
          <CategorySelect
            key={usage}
            nature={usage === 'PAY' ? 'EXPENSE' : 'INCOME'}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
      </Col>
      <PaymentTermsFields validate={validate} note={termsNote} />
    </>
  );
}

/**
 * The payment terms of the bills a document creates: Parcelas, 1º vencimento (dias) and
 * Intervalo (dias), with the limits the server takes, and `note` under them saying what the
 * first due date counts from (the receipt, the issue date…). Columns, not a Row of their own: a
 * form puts them in its payment Row, where at 768 px and up they may share a line with the
 * fields before them.
 */
function PaymentTermsFields({
  validate,
  note,
}: {
  /** The form's rule for a field (its schema's), as `zodRule` gives it. */
  validate: (field: string) => FormRule;
  note: string;
}) {
  return (
    <>
      <Col {...third}>
        <Form.Item
          label="Parcelas"
          name="installments"
          validateFirst
          rules={[required, validate('installments')]}
        >
          <InputNumber min={1} max={MAX_INSTALLMENTS} precision={0} style={wide} />
        </Form.Item>
      </Col>
      <Col {...third}>
        <Form.Item
          label="1º vencimento (dias)"
          name="firstDueInDays"
          validateFirst
          rules={[required, validate('firstDueInDays')]}
        >
          <InputNumber min={0} max={MAX_FIRST_DUE_IN_DAYS} precision={0} style={wide} />
        </Form.Item>
      </Col>
      <Col {...third}>
        <Form.Item
          label="Intervalo (dias)"
          name="intervalDays"
          validateFirst
          rules={[required, validate('intervalDays')]}
        >
          <InputNumber min={0} max={MAX_INTERVAL_DAYS} precision={0} style={wide} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {note}
        </Typography.Paragraph>
      </Col>
    </>
  );
}
