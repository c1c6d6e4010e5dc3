import { Form, Modal, type FormRule } from 'antd';
import { useState } from 'react';
import { messages } from '../../../shared/messages.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { RequestedOrderDetail } from '../../../shared/resources/requested-orders.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { DialogRefusal } from '../../components/dialog-refusal.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { ApiError } from '../../lib/api-error.js';
import { toast } from '../../lib/toast.js';
import { useDeliverRequestedOrder } from './api.js';

const required: FormRule = { required: true, message: messages.required };

/**
 * "Entregar": the day the invoiced order reached the client (today unless changed). A status
 * that moved on meanwhile (409) is said above the date; a bad date under it.
 */
export function DeliverDialog({
  order,
  open,
  onClose,
}: {
  order: RequestedOrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ date?: string }>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const submitOnce = useSingleSubmit();
  const deliver = useDeliverRequestedOrder(order.id, {
    onSuccess: () => {
      toast.success(messages.requestedOrders.delivered);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setRefusal(error.message);
      else reportFormError(form, error);
    },
  });

  return (
    <Modal
      open={open}
      title={`Entregar ${order.number}`}
      okText="Registrar entrega"
      cancelText="Voltar"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={deliver.isPending}
      destroyOnHidden
      okButtonProps={{ ...{ 'data-testid': 'deliver-submit' } }}
    >
      <Form<{ date?: string }>
        form={form}
        layout="vertical"
        initialValues={{ date: todayInSaoPaulo() }}
        onFinish={(values) => {
          setRefusal(null);
          submitOnce(() => deliver.mutateAsync({ date: values.date ?? '' }));
        }}
      >
        <DialogRefusal message={refusal} />
        <Form.Item label="Data da entrega" name="date" rules={[required]}>
          <LazyDateInput />
        </Form.Item>
      </Form>
    </Modal>
  );
}
