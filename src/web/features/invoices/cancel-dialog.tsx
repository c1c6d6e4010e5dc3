import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { messages } from '../../../shared/messages.js';
import { invoiceCancelSchema, type InvoiceDetail } from '../../../shared/resources/invoices.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { DialogRefusal } from '../../components/dialog-refusal.js';
import { countUpTo } from '../../components/text-limit.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { zodRule } from '../../components/zod-rule.js';
import { ApiError } from '../../lib/api-error.js';
import { toast } from '../../lib/toast.js';
import { useCancelInvoice } from './api.js';

interface CancelValues {
  reason?: string;
}

/**
 * "Cancelar": the reason the cancellation event carries (15 to 255 characters, counted as typed).
 * What the issue posted is reversed; bills already paid refuse it (409 PAID_BILLS), said above
 * the reason, as a status that moved on meanwhile.
 */
export function CancelDialog({
  invoice,
  open,
  onClose,
}: {
  invoice: InvoiceDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CancelValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const submitOnce = useSingleSubmit();
  const cancel = useCancelInvoice(invoice.id, {
    onSuccess: () => {
      toast.success(messages.invoices.cancelled);
      onClose();
    },
  });

  const showRefusal = (error: Error) => {
    if (!(error instanceof ApiError)) return;
    if (error.status === 409 || (error.status === 422 && Object.keys(error.fields).length === 0)) {
      setRefusal(error.message);
      return;
    }
    reportFormError(form, error);
  };

  return (
    <Modal
      open={open}
      title={`Cancelar NF-e nº ${invoice.number ?? '—'}`}
      okText="Cancelar nota"
      okButtonProps={{
        danger: true,
        loading: cancel.isPending,
        ...{ 'data-testid': 'cancel-submit' },
      }}
      cancelText="Voltar"
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="cancel-dialog"
    >
      <Form<CancelValues>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => {
          setRefusal(null);
          submitOnce(() =>
            cancel.mutateAsync({ reason: values.reason ?? '' }, { onError: showRefusal }),
          );
        }}
      >
        <DialogRefusal message={refusal} />
        <Typography.Paragraph type="secondary">
          O estoque e os títulos lançados pela emissão são estornados. Não é possível desfazer.
        </Typography.Paragraph>
        <Form.Item
          label="Justificativa"
          name="reason"
          required
          rules={[zodRule(invoiceCancelSchema, 'reason')]}
        >
          <Input.TextArea
            {...countUpTo(255)}
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder="Mínimo de 15 caracteres"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
