import { Alert, Card, Descriptions, Typography } from 'antd';
import { messages } from '../../../shared/messages.js';
import type { InvoiceDetail } from '../../../shared/resources/invoices.js';
import { formatDateTime } from '../../components/dates.js';

type Situation = Pick<
  InvoiceDetail,
  'status' | 'sefazStatus' | 'sefazCode' | 'sefazMessage' | 'protocol' | 'authorizedAt'
>;

/** "Código 539: Duplicidade de NF-e…": SEFAZ's code before its pt-BR message, when it gave one. */
const answerText = (invoice: Situation, fallback: string) =>
  [invoice.sefazCode && `Código ${invoice.sefazCode}`, invoice.sefazMessage ?? fallback]
    .filter(Boolean)
    .join(': ');

/**
 * Where an issued invoice stands with SEFAZ, under its action bar: the authorisation's protocol
 * and time; a rejection's code and message (edit it or send it again with "Transmitir"); a
 * denial's; no answer (only "Consultar" settles it); not sent (why, when a try failed).
 */
export function InvoiceSefazSituation({ invoice }: { invoice: Situation }) {
  switch (invoice.sefazStatus) {
    case 'AUTHORIZED':
      return (
        <Card size="small" title="Autorização de uso" data-testid="sefaz-authorization">
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              {
                key: 'protocol',
                label: 'Protocolo',
                children: (
                  <span
                    style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                    data-testid="invoice-protocol"
                  >
                    {invoice.protocol ?? '—'}
                  </span>
                ),
              },
              {
                key: 'authorizedAt',
                label: 'Autorizada em',
                children: invoice.authorizedAt ? formatDateTime(invoice.authorizedAt) : '—',
              },
            ]}
          />
        </Card>
      );
    case 'REJECTED':
      return (
        <Alert
          type="error"
          showIcon
          title="Rejeitada pela SEFAZ"
          description={answerText(invoice, 'Sem motivo informado.')}
          data-testid="sefaz-rejection"
        />
      );
    case 'DENIED':
      return (
        <Alert
          type="error"
          showIcon
          title="Uso denegado pela SEFAZ"
          description={answerText(invoice, 'O número foi usado e não pode ser reaproveitado.')}
          data-testid="sefaz-denial"
        />
      );
    case 'PENDING':
      return (
        <Alert
          type="warning"
          showIcon
          title='A SEFAZ não respondeu: use "Consultar" para saber se a nota foi autorizada.'
          description={invoice.sefazMessage ?? undefined}
          data-testid="sefaz-pending"
        />
      );
    case 'SENDING':
      return <Alert type="info" showIcon title="Enviando à SEFAZ…" data-testid="sefaz-sending" />;
    case 'NOT_SENT':
      return invoice.status === 'ISSUED' ? (
        <Alert
          type="warning"
          showIcon
          title={messages.invoices.notTransmitted}
          description={invoice.sefazMessage ?? undefined}
          data-testid="not-transmitted"
        />
      ) : null;
  }
}

/**
 * The number of an invoice cancelled before SEFAZ authorised it: voided at SEFAZ (its protocol),
 * or still to void — why the last try failed and how to void it by hand.
 */
export function InvoiceNumberVoiding({
  invoice,
}: {
  invoice: Pick<InvoiceDetail, 'number' | 'series' | 'numberVoiding'>;
}) {
  const voiding = invoice.numberVoiding;
  if (!voiding || invoice.number === null) return null;
  if (voiding.state === 'VOIDED') {
    return (
      <Alert
        type="info"
        showIcon
        title={messages.invoices.numberVoided(invoice.number, invoice.series)}
        description={[
          voiding.protocol && `Protocolo ${voiding.protocol}`,
          voiding.voidedAt && `em ${formatDateTime(voiding.voidedAt)}`,
        ]
          .filter(Boolean)
          .join(' ')}
        data-testid="number-voided"
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      title={messages.invoices.numberToVoid(invoice.number, invoice.series)}
      description={
        <>
          {voiding.message && (
            <div>
              <Typography.Text>{voiding.message}</Typography.Text>
            </div>
          )}
          <div>{messages.invoices.numberToVoidHow}</div>
        </>
      }
      data-testid="number-to-void"
    />
  );
}
