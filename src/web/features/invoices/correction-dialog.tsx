import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { messages } from '../../../shared/messages.js';
import {
  invoiceCanCorrect,
  invoiceCorrectionSchema,
  type InvoiceCorrectionInput,
  type InvoiceDetail,
} from '../../../shared/resources/invoices.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { DialogRefusal } from '../../components/dialog-refusal.js';
import { useDocumentAction } from '../../components/document-mutations.js';
import { countUpTo } from '../../components/text-limit.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { zodRule } from '../../components/zod-rule.js';
import { ApiError } from '../../lib/api-error.js';
import { http } from '../../lib/http.js';
import { usePermission } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { invoiceKeys } from './api.js';

interface CorrectionValues {
  text?: string;
}

/** The dialog shows 400 at the text and 409/422/502 (SEFAZ's refusal or silence) in its Alert. */
const correct = (id: number, input: InvoiceCorrectionInput) =>
  http.post<InvoiceDetail>(`/invoices/${id}/correction`, input, { silent: [400, 409, 422, 502] });

/**
 * "Carta de correção" of an authorised, not cancelled NF-e (invoices:issue): a button that opens
 * the dialog with the correction's text (15 to 1000 characters). SEFAZ registers it as the event
 * 110110; it appears among the invoice's events. Nothing for other invoices or users.
 */
export function CorrectionButton({ invoice }: { invoice: InvoiceDetail }) {
  const allowed = usePermission('invoices:issue');
  const [open, setOpen] = useState(false);
  if (!allowed || !invoiceCanCorrect(invoice)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="invoice-correction">
        Carta de correção
      </Button>
      {open && <CorrectionDialog invoice={invoice} onClose={() => setOpen(false)} />}
    </>
  );
}

function CorrectionDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const [form] = Form.useForm<CorrectionValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const submitOnce = useSingleSubmit();
  const send = useDocumentAction(
    invoiceKeys,
    (input: InvoiceCorrectionInput) => correct(invoice.id, input),
    [],
    {
      onSuccess: () => {
        toast.success(messages.invoices.corrected);
        onClose();
      },
    },
  );

  const showRefusal = (error: Error) => {
    if (!(error instanceof ApiError)) return;
    if (error.status === 400) {
      reportFormError(form, error);
      return;
    }
    setRefusal(error.message);
  };

  return (
    <Modal
      open
      title={`Carta de correção da NF-e nº ${invoice.number ?? '—'}`}
      okText="Enviar à SEFAZ"
      okButtonProps={{ loading: send.isPending, ...{ 'data-testid': 'correction-submit' } }}
      cancelText="Voltar"
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="correction-dialog"
    >
      <Form<CorrectionValues>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => {
          setRefusal(null);
          submitOnce(() => send.mutateAsync({ text: values.text ?? '' }, { onError: showRefusal }));
        }}
      >
        <DialogRefusal message={refusal} />
        <Typography.Paragraph type="secondary">
          Não corrige valores, impostos, quantidades, remetente, destinatário nem datas. Cada nova
          carta substitui a anterior: escreva todas as correções juntas (até 20 por nota).
        </Typography.Paragraph>
        <Form.Item
          label="Correção"
          name="text"
          required
          rules={[zodRule(invoiceCorrectionSchema, 'text')]}
        >
          <Input.TextArea
            {...countUpTo(1000)}
            autoSize={{ minRows: 4, maxRows: 10 }}
            placeholder="Mínimo de 15 caracteres"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
