import { Form, Input, Modal, type FormRule, type InputRef } from 'antd';
import { useEffect, useRef } from 'react';
import { messages } from '../../../shared/messages.js';
import type { RequestedOrderDetail } from '../../../shared/resources/requested-orders.js';
import { DialogRefusal, useDialogRefusal } from '../../components/dialog-refusal.js';
import { countUpTo } from '../../components/text-limit.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { toast } from '../../lib/toast.js';
import { useCreditRelease, type CreditGatedAction, type CreditGatedBody } from './api.js';

const REASON_MAX = 255;
const reasonRules: FormRule[] = [
  { required: true, whitespace: true, message: messages.required },
  { max: REASON_MAX, message: messages.tooLong(REASON_MAX) },
];

const done: Record<CreditGatedAction, { verb: string; toast: string }> = {
  approve: { verb: 'Liberar e aprovar', toast: messages.requestedOrders.approved },
  invoice: { verb: 'Liberar e faturar', toast: messages.requestedOrders.invoiced },
};

/**
 * "Liberar crédito": the reason (required, up to 255 characters; Enter sends it, Esc closes),
 * then the refused action again with `overrideCredit` and the reason, and with what it sent the
 * first time (`body`: Faturar's lines, when it named some). The release and its reason go into
 * the order's Histórico. Another refusal of the action (moved on meanwhile, stock short) is said
 * above the reason.
 */
export function CreditReleaseDialog({
  order,
  action,
  body = {},
  onClose,
  onReleased,
}: {
  order: RequestedOrderDetail;
  action: CreditGatedAction;
  body?: CreditGatedBody;
  onClose: () => void;
  onReleased: () => void;
}) {
  const [form] = Form.useForm<{ reason?: string }>();
  const { refusal, refuse, clearRefusal } = useDialogRefusal(form, { wholeRule: true });
  const submitOnce = useSingleSubmit();
  // The reason has the focus once the dialog is on the page: an input's autoFocus runs before the
  // dialog's layer is attached when there is no opening motion (reduced motion), and is lost.
  const reasonRef = useRef<InputRef>(null);
  useEffect(() => reasonRef.current?.focus(), []);
  const release = useCreditRelease(action, {
    onSuccess: () => {
      toast.success(done[action].toast);
      onReleased();
    },
    onError: refuse,
  });

  return (
    <Modal
      open
      title={`Liberar crédito: ${order.number}`}
      okText={done[action].verb}
      cancelText="Voltar"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={release.isPending}
      destroyOnHidden
      okButtonProps={{ ...{ 'data-testid': 'credit-release-submit' } }}
    >
      <Form<{ reason?: string }>
        form={form}
        layout="vertical"
        onFinish={(values) => {
          clearRefusal();
          submitOnce(() =>
            release.mutateAsync({
              id: order.id,
              body: { ...body, overrideCredit: true, reason: values.reason?.trim() ?? '' },
            }),
          );
        }}
      >
        <DialogRefusal message={refusal} />
        <Form.Item
          label="Motivo da liberação"
          name="reason"
          rules={reasonRules}
          extra={`${order.clientName}: o motivo fica registrado no histórico do pedido.`}
        >
          <Input ref={reasonRef} {...countUpTo(REASON_MAX)} data-testid="credit-release-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
