import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, QRCode, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import { ErrorCode } from '../../../shared/error-codes.js';
import { formatBRL } from '../../../shared/money.js';
import type { BillSummary } from '../../../shared/resources/bills.js';
import { ApiError } from '../../lib/api-error.js';
import { paths } from '../../lib/paths.js';
import { usePermission } from '../../lib/session.js';
import { messages } from '../../../shared/messages.js';
import { toast } from '../../lib/toast.js';
import { billKeys, billsApi } from './api.js';

/**
 * The PIX of an open bill to receive (DOMAIN §9): the QR code of the "copia e cola" payload for
 * the open amount, the payload itself and a button that copies it. Without the company's PIX key
 * the API's message is the card's, with where to set the key: no error toast.
 */
export function PixCard({ bill }: { bill: BillSummary }) {
  const canEditCompany = usePermission('company:write');
  const pix = useQuery({
    queryKey: [...billKeys('RECEIVE').detail(bill.id), 'pix', bill.openAmount],
    queryFn: ({ signal }) => billsApi('RECEIVE').pix(bill.id, signal),
    retry: false,
    staleTime: 60_000,
  });

  const copy = async (payload: string) => {
    try {
      await navigator.clipboard.writeText(payload);
      toast.success(messages.finance.pixCopied);
    } catch {
      toast.warning(messages.finance.pixCopyFailed);
    }
  };

  let body;
  if (pix.isPending) body = <Spin />;
  else if (pix.isError) {
    const error = pix.error;
    const noKey = error instanceof ApiError && error.is(ErrorCode.NO_PIX_KEY);
    body = (
      <Alert
        type={noKey ? 'info' : 'warning'}
        showIcon
        data-testid="pix-unavailable"
        title={error.message}
        description={
          noKey ? (
            canEditCompany ? (
              <span>
                Abra <Link to={paths.company}>Empresa</Link> e preencha a chave PIX; o QR code
                aparece aqui em seguida.
              </span>
            ) : (
              'Peça a quem administra o sistema para cadastrar a chave PIX da empresa.'
            )
          ) : undefined
        }
      />
    );
  } else {
    const { payload, amount, pixKey } = pix.data;
    body = (
      <Flex gap={16} wrap align="flex-start">
        <QRCode value={payload} size={180} data-testid="pix-qr" style={{ flex: 'none' }} />
        <Flex vertical gap={8} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography.Text>
            {formatBRL(amount)} · chave {pixKey}
          </Typography.Text>
          <Typography.Text type="secondary">PIX copia e cola</Typography.Text>
          <Typography.Paragraph
            data-testid="pix-payload"
            style={{
              fontFamily: 'monospace',
              fontSize: 12,
              overflowWrap: 'anywhere',
              marginBottom: 0,
            }}
          >
            {payload}
          </Typography.Paragraph>
          <div>
            <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy(payload)}>
              Copiar código PIX
            </Button>
          </div>
        </Flex>
      </Flex>
    );
  }

  return (
    <Card title="PIX" data-testid="pix-card">
      {body}
    </Card>
  );
}
