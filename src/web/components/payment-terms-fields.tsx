import { Col, Form, InputNumber, Typography, type FormRule } from 'antd';
import {
  MAX_FIRST_DUE_IN_DAYS,
  MAX_INSTALLMENTS,
  MAX_INTERVAL_DAYS,
} from '../../shared/installments.js';
import { messages } from '../../shared/messages.js';

const required: FormRule = { required: true, message: messages.required };
const wide = { width: '100%' };
const third = { xs: 24, sm: 8, md: 4 };

/**
 * The payment terms of the bills a document creates: Parcelas, 1º vencimento (dias) and
 * Intervalo (dias), with the limits the server takes, and `note` under them saying what the
 * first due date counts from (the receipt, the issue date…). Columns, not a Row of their own: a
 * form puts them in its payment Row, where at 768 px and up they may share a line with the
 * fields before them.
 */
export function PaymentTermsFields({
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
