import { Tag, Tooltip } from 'antd';
import { messages } from '../../../shared/messages.js';
import {
  invoiceMachine,
  sefazStatusLabels,
  type InvoiceStatus,
  type SefazStatus,
} from '../../../shared/resources/invoices.js';
import { DocumentStatusTag } from '../../components/document-status-tag.js';

/** "Rascunho" grey, "Emitida" green, "Denegada" and "Cancelada" red. */
const invoiceTones = { ISSUED: 'success', DENIED: 'error' } as const;

export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  return <DocumentStatusTag machine={invoiceMachine} status={status} tones={invoiceTones} />;
}

const sefazColors: Record<SefazStatus, string | undefined> = {
  NOT_SENT: 'orange',
  SENDING: 'blue',
  PENDING: 'gold',
  AUTHORIZED: 'green',
  REJECTED: 'red',
  DENIED: 'red',
};

/** SEFAZ's answer ("Não transmitida"), with why it matters on hover or focus. */
export function SefazStatusTag({ status }: { status: SefazStatus }) {
  const tag = (
    <Tag
      color={sefazColors[status]}
      style={{ marginInlineEnd: 0 }}
      data-testid="sefaz-status"
      data-status={status}
      tabIndex={status === 'NOT_SENT' ? 0 : undefined}
    >
      {sefazStatusLabels[status]}
    </Tag>
  );
  if (status !== 'NOT_SENT') return tag;
  return <Tooltip title={messages.invoices.notTransmitted}>{tag}</Tooltip>;
}
