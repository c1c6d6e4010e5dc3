import { Form, Modal, type FormRule } from 'antd';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import { formatDecimal } from '../../../shared/money.js';
import {
  productionOrderCompleteSchema,
  type ProductionOrderCompleteInput,
  type ProductionOrderDetail,
} from '../../../shared/resources/production-orders.js';
import { DialogRefusal, useDialogRefusal } from '../../components/dialog-refusal.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { QuantityInput } from '../../components/quantity-input.js';
import { typedQuantityToDecimal } from '../../components/quantity-text.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { zodRule } from '../../components/zod-rule.js';
import { toast } from '../../lib/toast.js';
import { useCompleteProductionOrder } from './api.js';

interface CompleteValues {
  producedQuantity?: string;
  date?: string;
}

const required: FormRule = { required: true, message: messages.required };

const toInput = (values: CompleteValues): ProductionOrderCompleteInput => {
  const typed = values.producedQuantity ?? '';
  return {
    producedQuantity: typed === '' ? typed : (typedQuantityToDecimal(typed) ?? typed),
    date: values.date ?? undefined,
  };
};

/**
 * "Concluir": what came out (the planned quantity unless changed) and the day (today), which puts
 * the product into the target location at the order's real unit cost.
 */
export function CompleteDialog({
  order,
  open,
  onClose,
}: {
  order: ProductionOrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CompleteValues>();
  const { refusal, refuse } = useDialogRefusal(form);
  const validate = (field: string) =>
    zodRule(productionOrderCompleteSchema, field, (values) => toInput(values as CompleteValues));

  const submitOnce = useSingleSubmit();

  const complete = useCompleteProductionOrder(order.id, {
    onSuccess: () => {
      toast.success(messages.productionOrders.completed);
      onClose();
    },
    onError: refuse,
  });

  return (
    <Modal
      open={open}
      title={`Concluir ${order.number}`}
      okText="Concluir"
      cancelText="Voltar"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={complete.isPending}
      destroyOnHidden
      okButtonProps={{ ...{ 'data-testid': 'complete-submit' } }}
    >
      <Form<CompleteValues>
        form={form}
        layout="vertical"
        initialValues={{
          producedQuantity: formatDecimal(order.quantity, order.unitDecimals),
          date: todayInSaoPaulo(),
        }}
        onFinish={(values) => {
          submitOnce(() => complete.mutateAsync(toInput(values)));
        }}
      >
        <DialogRefusal message={refusal} />
        <Form.Item
          label="Quantidade produzida"
          name="producedQuantity"
          validateFirst
          rules={[required, validate('producedQuantity')]}
        >
          <QuantityInput unit={order.unit} decimals={order.unitDecimals} />
        </Form.Item>
        <Form.Item label="Data" name="date" rules={[validate('date')]}>
          <LazyDateInput />
        </Form.Item>
      </Form>
    </Modal>
  );
}
