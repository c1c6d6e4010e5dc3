import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { invoiceCancelSchema, type InvoiceDetail } from '../../../shared/resources/invoices.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { DialogRefusal } from '../../components/dialog-refusal.js';
import { countUpTo } from '../../components/text-limit.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { zodRule } from '../../components/zod-rule.js';
import { ApiError } from '../../lib/api-error.js';
import { announceCancellation } from './announce-sefaz-answer.js';
import { useCancelInvoice } from './api.js';

interface CancelValues {
  reason?: string;
}

/**
 * "Cancelar": the reason the cancellation event carries (15 to 255 characters, counted as typed).
 * An authorised NF-e is cancelled at SEFAZ first: its refusal (422) or silence (502) is said
 * above the reason, as are bills already paid (409 PAID_BILLS) and a status that moved on.
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
    onSuccess: (cancelled) => {
      announceCancellation(cancelled);
      onClose();
    },
  });

  const showRefusal = (error: Error) => {
    if (!(error instanceof ApiError)) return;
    // 502: SEFAZ did not answer (nothing cancelled; trying again is safe).
    if (
      error.status === 409 ||
      error.status === 502 ||
      (error.status === 422 && Object.keys(error.fields).length === 0)
    ) {
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
          {invoice.sefazStatus === 'AUTHORIZED'
            ? 'O cancelamento é enviado à SEFAZ; só se ela o registrar o estoque e os títulos lançados pela emissão são estornados. Não é possível desfazer.'
            : 'A nota não foi autorizada pela SEFAZ: é cancelada no Fabril e seu número é inutilizado na SEFAZ, com esta justificativa. O estoque e os títulos lançados são estornados.'}
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
