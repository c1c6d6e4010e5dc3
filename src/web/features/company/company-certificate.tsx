import { DeleteOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { cnpj } from '../../../shared/br/documents.js';
import { messages } from '../../../shared/messages.js';
import { formatPlainDate, todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { CompanyCertificate as Certificate } from '../../../shared/resources/company.js';
import { reportFormError } from '../../components/apply-server-errors.js';
import { ConfirmPopover } from '../../components/confirm-popover.js';
import { toast } from '../../lib/toast.js';
import { useRemoveCertificate, useUploadCertificate } from './api.js';
import { certificateStatus } from './certificate-status.js';

/** The day the certificate stops, as São Paulo's calendar has it. */
const validToDay = (validTo: string) => formatPlainDate(todayInSaoPaulo(new Date(validTo)));

/**
 * "Certificado digital A1" in the company's Fiscal section: what the stored certificate is and
 * until when it signs (a warning in its last 30 days, an error once expired), and, for who may
 * change the company, sending a new one (the file with its password) or removing it.
 */
export function CompanyCertificate({
  certificate,
  readOnly,
}: {
  certificate: Certificate | null;
  readOnly: boolean;
}) {
  const [uploading, setUploading] = useState(false);
  const remove = useRemoveCertificate({
    onSuccess: () => toast.success('Certificado removido.'),
  });

  return (
    <Flex vertical gap={12} data-testid="company-certificate">
      <Typography.Text strong>Certificado digital A1</Typography.Text>
      {certificate ? (
        <CertificateFacts certificate={certificate} />
      ) : (
        <Typography.Text type="secondary">
          Nenhum certificado enviado. As notas fiscais são assinadas com o certificado A1 da empresa
          (arquivo .pfx ou .p12).
        </Typography.Text>
      )}
      {!readOnly && (
        <Flex gap={8} wrap>
          <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            {certificate ? 'Substituir certificado' : 'Enviar certificado'}
          </Button>
          {certificate && (
            <ConfirmPopover
              title="Remover o certificado?"
              description="Sem ele, nenhuma nota fiscal pode ser emitida."
              okText="Remover certificado"
              okButtonProps={{ danger: true, loading: remove.isPending }}
              onConfirm={() => remove.mutateAsync()}
            >
              <Button danger icon={<DeleteOutlined />}>
                Remover certificado
              </Button>
            </ConfirmPopover>
          )}
        </Flex>
      )}
      <UploadDialog open={uploading} onClose={() => setUploading(false)} />
    </Flex>
  );
}

function CertificateFacts({ certificate }: { certificate: Certificate }) {
  const status = certificateStatus(certificate.validTo);
  const day = validToDay(certificate.validTo);
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'subject', label: 'Titular', children: certificate.subject },
          { key: 'cnpj', label: 'CNPJ', children: cnpj.format(certificate.cnpj) },
          {
            key: 'validTo',
            label: 'Válido até',
            children: (
              <Flex gap={8} align="center" wrap>
                <span data-testid="certificate-valid-to">{day}</span>
                {status.kind === 'expired' ? (
                  <Tag color="error">Vencido</Tag>
                ) : (
                  <Tag color={status.kind === 'expiring' ? 'warning' : 'success'}>
                    <SafetyCertificateOutlined /> Válido
                  </Tag>
                )}
              </Flex>
            ),
          },
        ]}
        styles={{ content: { overflowWrap: 'anywhere' } }}
      />
      {status.kind === 'expiring' && (
        <Alert
          type="warning"
          showIcon
          data-testid="certificate-expiring"
          title={
            status.days === 0
              ? `O certificado vence hoje (${day}).`
              : `O certificado vence em ${status.days} ${status.days === 1 ? 'dia' : 'dias'} (${day}).`
          }
          description="Renove-o com a certificadora e envie o novo arquivo: sem certificado válido, nenhuma nota fiscal pode ser emitida."
        />
      )}
      {status.kind === 'expired' && (
        <Alert
          type="error"
          showIcon
          data-testid="certificate-expired"
          title={`O certificado venceu em ${day}: envie um certificado válido para emitir notas fiscais.`}
        />
      )}
    </>
  );
}

interface UploadValues {
  file: File | undefined;
  password: string;
}

/** The file and its password; each refusal (wrong password, another CNPJ…) lands at its field. */
function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<UploadValues>();
  const upload = useUploadCertificate({
    onSuccess: () => {
      toast.success('Certificado enviado.');
      onClose();
    },
    onError: (error) => reportFormError(form, error),
  });

  return (
    <Modal
      open={open}
      title="Enviar certificado A1"
      okText="Enviar certificado"
      cancelText="Voltar"
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: upload.isPending }}
      destroyOnHidden
      data-testid="certificate-dialog"
    >
      <Form<UploadValues>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => upload.mutate({ file: values.file!, password: values.password })}
      >
        <Form.Item
          label="Arquivo do certificado (.pfx ou .p12)"
          name="file"
          required
          rules={[{ required: true, message: messages.certificate.noFile }]}
        >
          <CertificateFilePicker />
        </Form.Item>
        <Form.Item
          label="Senha do certificado"
          name="password"
          required
          rules={[{ required: true, message: messages.certificate.noPassword }]}
          extra="A senha só abre o arquivo agora: ela não é guardada."
        >
          <Input.Password autoComplete="off" data-testid="certificate-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The chosen file as the form's value: read here, never sent until the dialog is submitted. */
function CertificateFilePicker({
  value,
  onChange,
}: {
  value?: File;
  onChange?: (file: File) => void;
}) {
  return (
    <Upload
      accept=".pfx,.p12,application/x-pkcs12"
      maxCount={1}
      showUploadList={false}
      beforeUpload={(chosen) => {
        onChange?.(chosen);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={<UploadOutlined />} data-testid="certificate-file">
        {value ? value.name : 'Escolher arquivo'}
      </Button>
    </Upload>
  );
}
