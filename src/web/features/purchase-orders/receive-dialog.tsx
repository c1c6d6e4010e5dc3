import { Col, Flex, Form, Input, Modal, Row, Table, Typography, type FormRule } from 'antd';
import { useMemo, useState } from 'react';
import { ErrorCode, type OverReceiptDetail } from '../../../shared/error-codes.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import type {
  PurchaseOrderLine,
  PurchaseOrderDetail,
} from '../../../shared/resources/purchase-orders.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { DialogRefusal } from '../../components/dialog-refusal.js';
import { LazyDateInput } from '../../components/lazy-inputs.js';
import { QuantityInput } from '../../components/quantity-input.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { formatQuantity } from '../../components/quantity-text.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { ApiError } from '../../lib/api-error.js';
import { toast } from '../../lib/toast.js';
import { useReceivePurchaseOrder } from './api.js';
import {
  receiveDefaults,
  receiveFieldIndex,
  toReceiveInput,
  type ReceiveFormValues,
} from './purchase-order-form.js';
import { countUpTo } from '../../components/text-limit.js';

const required: FormRule = { required: true, message: messages.required };

/** The quantity arriving now of one awaited line (its id travels hidden beside it). */
function QuantityCell({ line, index }: { line: PurchaseOrderLine; index: number }) {
  return (
    <>
      <Form.Item name={['lines', index, 'lineId']} hidden>
        <Input />
      </Form.Item>
      <Form.Item name={['lines', index, 'quantity']} style={{ margin: 0 }}>
        <QuantityInput
          aria-label={`Receber agora, ${line.itemName}`}
          unit={line.unitCode}
          decimals={line.unitDecimals}
        />
      </Form.Item>
    </>
  );
}

/**
 * "Receber": per line still awaited, the quantity arriving now (what is left prefilled, 0 skips
 * the line), the date and the supplier's invoice number; goods go to the order's location. A
 * quantity beyond what is left (422 OVER_RECEIPT) is said next to that line's quantity; a status
 * that moved on meanwhile (409), above the lines.
 */
export function ReceiveDialog({
  order,
  open,
  onClose,
}: {
  order: PurchaseOrderDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ReceiveFormValues>();
  const awaited = useMemo(
    () => order.items.filter((line) => Number(line.pendingQuantity) > 0),
    [order.items],
  );
  const defaults = useMemo(() => receiveDefaults(awaited, todayInSaoPaulo()), [awaited]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);

  const submitOnce = useSingleSubmit();

  const receive = useReceivePurchaseOrder(order.id, {
    onSuccess: () => {
      toast.success(messages.purchaseOrders.received);
      onClose();
    },
  });

  /** A refusal, said where it belongs: `sent` maps the lines sent to the dialog's lines. */
  const showRefusal = (error: Error, sent: readonly number[]) => {
    if (!(error instanceof ApiError)) return;
    if (error.is(ErrorCode.OVER_RECEIPT)) {
      const details = error.details as unknown as OverReceiptDetail[];
      const fields = details.flatMap((detail) => {
        const index = sent[detail.index];
        const line = index === undefined ? undefined : awaited[index];
        if (index === undefined || !line) return [];
        const left = formatQuantity(detail.remaining, line.unitDecimals);
        return [
          {
            name: ['lines', index, 'quantity'] as ['lines', number, 'quantity'],
            errors: [`Maior que o pendente: ${left} ${line.unitCode} a receber.`],
          },
        ];
      });
      if (fields.length > 0) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      else setRefusal(error.message);
      return;
    }
    if (error.status === 409) {
      setRefusal(error.message);
      return;
    }
    // `lines.N.quantity` of what was sent → the dialog's line N.
    const remapped = Object.entries(error.fields).map(([path, message]) => {
      const index = receiveFieldIndex(path, sent);
      return index === null
        ? [path, message]
        : [path.replace(/^lines\.\d+/, `lines.${index}`), message];
    });
    reportFormError(
      form,
      new ApiError(error.status, {
        code: error.code,
        message: error.message,
        fields: Object.fromEntries(remapped),
        details: error.details,
        requestId: error.requestId ?? '',
      }),
    );
  };

  return (
    <Modal
      open={open}
      title={`Receber ${order.number}`}
      okText="Registrar recebimento"
      cancelText="Cancelar"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: receive.isPending, ...{ 'data-testid': 'receive-submit' } }}
      destroyOnHidden
      width={760}
      data-testid="receive-dialog"
    >
      <Form<ReceiveFormValues>
        form={form}
        layout="vertical"
        initialValues={defaults}
        preserve={false}
        onFinish={(values) => {
          setRefusal(null);
          const { input, sentIndexes } = toReceiveInput(values);
          submitOnce(() =>
            receive.mutateAsync(input, { onError: (error) => showRefusal(error, sentIndexes) }),
          );
        }}
      >
        <DialogRefusal message={refusal} />
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item label="Data" name="date" rules={[required]} validateFirst>
              <LazyDateInput />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label="Nota fiscal do fornecedor" name="invoiceNumber">
              <Input {...countUpTo(30)} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item label="Local">
              <Typography.Text data-testid="receive-location">{order.locationName}</Typography.Text>
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          Deixe 0 nos itens que não chegaram agora.
        </Typography.Paragraph>
        {small ? (
          <Flex vertical gap={12} data-testid="receive-lines">
            {awaited.map((line, index) => (
              <div key={line.id}>
                <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                  {line.itemCode} – {line.itemName}
                </Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    Pendente: {formatQuantity(line.pendingQuantity, line.unitDecimals)}{' '}
                    {line.unitCode}
                  </Typography.Text>
                </div>
                <QuantityCell line={line} index={index} />
              </div>
            ))}
          </Flex>
        ) : (
          <div style={{ overflowX: 'auto' }}>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={awaited}
              data-testid="receive-lines"
              style={{ minWidth: 460 }}
              columns={[
                {
                  key: 'item',
                  title: 'Item',
                  render: (_value, line) => `${line.itemCode} – ${line.itemName}`,
                  onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
                },
                {
                  key: 'pending',
                  title: 'Pendente',
                  align: 'right',
                  width: 110,
                  render: (_value, line) =>
                    `${formatQuantity(line.pendingQuantity, line.unitDecimals)} ${line.unitCode}`,
                },
                {
                  key: 'quantity',
                  title: 'Receber agora',
                  width: 170,
                  render: (_value, line, index) => <QuantityCell line={line} index={index} />,
                },
              ]}
            />
          </div>
        )}
      </Form>
    </Modal>
  );
}
