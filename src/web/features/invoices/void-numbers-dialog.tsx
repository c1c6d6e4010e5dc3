import { StopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, List, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { formatPlainDate } from '../../../shared/plain-date.js';
import {
  MAX_INVOICE_NUMBER,
  nfeVoidNumbersSchema,
  type NfeVoidedRange,
} from '../../../shared/resources/nfe-voided-numbers.js';
import { MAX_INVOICE_SERIES } from '../../../shared/resources/invoices.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { DialogRefusal } from '../../components/dialog-refusal.js';
import { countUpTo } from '../../components/text-limit.js';
import { useSingleSubmit } from '../../components/use-single-submit.js';
import { zodRule } from '../../components/zod-rule.js';
import { ApiError } from '../../lib/api-error.js';
import { companyQuery } from '../../lib/company-query.js';
import { usePermission } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { useVoidedRanges, useVoidNumbers } from './void-numbers-api.js';

interface VoidValues {
  series?: number | null;
  from?: number | null;
  to?: number | null;
  reason?: string;
}

const rangeText = (range: Pick<NfeVoidedRange, 'from' | 'to'>) =>
  range.from === range.to ? `${range.from}` : `${range.from} a ${range.to}`;

/**
 * "Inutilizar numeração" (Notas Fiscais' header, invoices:void): numbers of a series that no
 * invoice holds voided at SEFAZ, with a reason of 15 to 255 characters; the last voided ranges
 * below the form. A used number, an overlap or SEFAZ's refusal is said above the fields; a
 * field's problem at the field.
 */
export function VoidNumbersButton() {
  const canVoid = usePermission('invoices:void');
  const [open, setOpen] = useState(false);
  if (!canVoid) return null;
  return (
    <>
      <Button icon={<StopOutlined />} onClick={() => setOpen(true)} data-testid="void-numbers">
        Inutilizar numeração
      </Button>
      {open && <VoidNumbersDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function VoidNumbersDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<VoidValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const submitOnce = useSingleSubmit();
  const company = useQuery(companyQuery());
  const voided = useVoidedRanges(true);
  const voidNumbers = useVoidNumbers({
    onSuccess: (range) => {
      toast.success(`Números ${rangeText(range)} da série ${range.series} inutilizados.`);
      form.resetFields(['from', 'to', 'reason']);
    },
  });

  const showRefusal = (error: Error) => {
    if (!(error instanceof ApiError)) return;
    if (Object.keys(error.fields).length === 0) {
      setRefusal(error.message);
      return;
    }
    reportFormError(form, error);
  };
  const rule = (field: keyof VoidValues) => zodRule(nfeVoidNumbersSchema, field);
  // The range checks (from ≤ to, at most 10,000) read both numbers: each edit re-checks "to".
  const recheckTo = () => {
    if (form.getFieldValue('to') != null) void form.validateFields(['to']).catch(() => undefined);
  };

  return (
    <Modal
      open
      title="Inutilizar numeração"
      okText="Inutilizar"
      okButtonProps={{
        danger: true,
        loading: voidNumbers.isPending,
        ...{ 'data-testid': 'void-numbers-submit' },
      }}
      cancelText="Fechar"
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="void-numbers-dialog"
    >
      <Form<VoidValues>
        form={form}
        layout="vertical"
        initialValues={{ series: company.data?.invoiceSeries ?? 1 }}
        key={company.data ? 'company' : 'default'}
        onFinish={(values) => {
          setRefusal(null);
          submitOnce(() =>
            voidNumbers.mutateAsync(
              {
                series: values.series ?? Number.NaN,
                from: values.from ?? Number.NaN,
                to: values.to ?? Number.NaN,
                reason: values.reason ?? '',
              },
              { onError: showRefusal },
            ),
          );
        }}
      >
        <DialogRefusal message={refusal} />
        <Typography.Paragraph type="secondary">
          Só números nunca usados por uma nota: uma lacuna da série, ou números acima do último, que
          a série então pula. A inutilização é registrada na SEFAZ e não pode ser desfeita.
        </Typography.Paragraph>
        <Space wrap size={12} style={{ width: '100%' }}>
          <Form.Item label="Série" name="series" required rules={[rule('series')]}>
            <InputNumber min={0} max={MAX_INVOICE_SERIES} precision={0} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item label="Do número" name="from" required rules={[rule('from')]}>
            <InputNumber
              min={1}
              max={MAX_INVOICE_NUMBER}
              precision={0}
              style={{ width: 130 }}
              onChange={recheckTo}
              data-testid="void-from"
            />
          </Form.Item>
          <Form.Item label="Ao número" name="to" required rules={[rule('to')]}>
            <InputNumber
              min={1}
              max={MAX_INVOICE_NUMBER}
              precision={0}
              style={{ width: 130 }}
              data-testid="void-to"
            />
          </Form.Item>
        </Space>
        <Form.Item label="Justificativa" name="reason" required rules={[rule('reason')]}>
          <Input.TextArea
            {...countUpTo(255)}
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder="Mínimo de 15 caracteres"
            data-testid="void-reason"
          />
        </Form.Item>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Faixas inutilizadas
      </Typography.Title>
      <List<NfeVoidedRange>
        size="small"
        loading={voided.isPending}
        dataSource={voided.data?.items ?? []}
        locale={{ emptyText: 'Nenhuma faixa inutilizada.' }}
        data-testid="voided-ranges"
        renderItem={(range) => (
          <List.Item key={range.id}>
            <List.Item.Meta
              title={`Série ${range.series}: ${rangeText(range)}`}
              description={
                `${formatPlainDate(range.voidedAt.slice(0, 10))} · ` +
                (range.protocol ? `protocolo ${range.protocol}` : 'já inutilizada na SEFAZ') +
                ` · ${range.reason}`
              }
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
