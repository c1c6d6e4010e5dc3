import { FileZipOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import { invoicesApi } from './api.js';
import { previousMonth } from './invoice-list.js';

interface ArchiveValues {
  period?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * "Exportar XMLs": the XMLs of the invoices issued in a period (last month by default), in one
 * ZIP for the accountant. The HTTP client says a failure in a toast.
 */
export function XmlArchiveButton() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<ArchiveValues>();
  const defaults = previousMonth(todayInSaoPaulo());

  const download = async (values: ArchiveValues) => {
    const [from, to] = values.period ?? [];
    if (!from || !to) return;
    setBusy(true);
    try {
      await invoicesApi.downloadArchive({
        from: from.format('YYYY-MM-DD'),
        to: to.format('YYYY-MM-DD'),
      });
      setOpen(false);
    } catch {
      // The HTTP client has already shown the error.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        icon={<FileZipOutlined />}
        onClick={() => setOpen(true)}
        data-testid="export-invoice-xmls"
      >
        Exportar XMLs
      </Button>
      <Modal
        open={open}
        title="Exportar XMLs das notas"
        okText="Baixar ZIP"
        cancelText="Cancelar"
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okButtonProps={{ loading: busy, ...{ 'data-testid': 'xml-archive-submit' } }}
        destroyOnHidden
        data-testid="xml-archive-dialog"
      >
        <Form<ArchiveValues>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ period: [dayjs(defaults.from), dayjs(defaults.to)] }}
          onFinish={(values) => void download(values)}
        >
          <Typography.Paragraph type="secondary">
            Os XMLs das notas emitidas no período, num arquivo ZIP para a contabilidade.
          </Typography.Paragraph>
          <Form.Item
            label="Período de emissão"
            name="period"
            rules={[
              {
                validator: (_rule, value: ArchiveValues['period']) =>
                  value?.[0] && value[1]
                    ? Promise.resolve()
                    : Promise.reject(new Error(messages.required)),
              },
            ]}
          >
            <DatePicker.RangePicker
              format="DD/MM/YYYY"
              placeholder={['De', 'Até']}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
