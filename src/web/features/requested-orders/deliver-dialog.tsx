import { Form, Modal, type FormRule } from 'antd';
import { messages } from '../../../shared/messages.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { RequestedOrderDetail } from '../../../shared/resources/requested-orders.js';
import { DialogRefusal, useDialogRefusal } from '../../components/dialog-refusal.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
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
  const { refusal, refuse, clearRefusal } = useDialogRefusal(form);
  const submitOnce = useSingleSubmit();
  const deliver = useDeliverRequestedOrder(order.id, {
    onSuccess: () => {
      toast.success(messages.requestedOrders.delivered);
      onClose();
    },
    onError: refuse,
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
          clearRefusal();
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
