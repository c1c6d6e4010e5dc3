import { DownloadOutlined, FileDoneOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import {
  invoiceEventHasProc,
  invoiceEventKinds,
  type InvoiceEvent,
} from '../../../shared/resources/invoices.js';
import { formatDateTime } from '../../components/dates.js';
import { saveBlob } from '../../lib/save-blob.js';
import { invoiceEventsKey, invoicesApi } from './api.js';

/** "autorizacao-3-retorno.xml": the exchange's kind, its id and which side of it. */
function saveXml(event: InvoiceEvent, side: 'envio' | 'retorno', xml: string) {
  const kind = event.kind.toLowerCase();
  saveBlob(new Blob([xml], { type: 'application/xml' }), `${kind}-${event.id}-${side}.xml`);
}

/**
 * The invoice's exchanges with SEFAZ, oldest first (GET /invoices/:id/events): what was asked
 * (Autorização, Consulta do lote, Consulta da NF-e), when, SEFAZ's code and message (or why no
 * answer came), and the XML sent and received of each, to download; a cancellation or carta de
 * correção SEFAZ registered also as "Evento (XML)", its procEventoNFe (the signed event and SEFAZ's
 * answer in one file, as the recipient and the accountant keep it).
 */
export function InvoiceSefazEvents({ invoiceId, small }: { invoiceId: number; small: boolean }) {
  const events = useQuery({
    queryKey: invoiceEventsKey(invoiceId),
    queryFn: ({ signal }) => invoicesApi.events(invoiceId, signal),
  });
  const rows = events.data?.items ?? [];
  const [downloading, setDownloading] = useState<number | null>(null);
  const downloadProc = async (event: InvoiceEvent) => {
    setDownloading(event.id);
    try {
      await invoicesApi.downloadEventXml(invoiceId, event);
    } catch {
      // The HTTP client has already shown the error.
    } finally {
      setDownloading(null);
    }
  };
  return (
    <Card title="Comunicação com a SEFAZ" styles={{ body: { padding: small ? 8 : undefined } }}>
      {rows.length === 0 && !events.isLoading ? (
        <Typography.Text type="secondary">Nenhuma troca com a SEFAZ ainda.</Typography.Text>
      ) : (
        <Table
          data-testid="invoice-events"
          size="small"
          rowKey="id"
          loading={events.isLoading}
          pagination={false}
          dataSource={rows}
          scroll={{ x: 720 }}
          columns={[
            {
              key: 'kind',
              title: 'Tipo',
              width: 150,
              render: (_value, event) => invoiceEventKinds[event.kind],
            },
            {
              key: 'at',
              title: 'Data',
              width: 150,
              render: (_value, event) => formatDateTime(event.at),
            },
            {
              key: 'statusCode',
              title: 'Código',
              width: 80,
              render: (_value, event) => event.statusCode ?? '—',
            },
            {
              key: 'message',
              title: 'Mensagem',
              onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
              render: (_value, event) => event.message,
            },
            {
              key: 'xml',
              title: 'XML',
              width: 200,
              render: (_value, event) => (
                <Flex gap={4} wrap>
                  <Button
                    size="small"
                    icon={<DownloadOutlined aria-hidden />}
                    aria-label={`XML enviado (${invoiceEventKinds[event.kind]})`}
                    onClick={() => saveXml(event, 'envio', event.requestXml)}
                    data-testid="event-request-xml"
                  >
                    Envio
                  </Button>
                  {event.responseXml !== null && (
                    <Button
                      size="small"
                      icon={<DownloadOutlined aria-hidden />}
                      aria-label={`XML recebido (${invoiceEventKinds[event.kind]})`}
                      onClick={() => saveXml(event, 'retorno', event.responseXml!)}
                      data-testid="event-response-xml"
                    >
                      Retorno
                    </Button>
                  )}
                  {invoiceEventHasProc(event) && (
                    <Button
                      size="small"
                      icon={<FileDoneOutlined aria-hidden />}
                      loading={downloading === event.id}
                      aria-label={`Evento (XML): ${invoiceEventKinds[event.kind]}`}
                      onClick={() => void downloadProc(event)}
                      data-testid="event-proc-xml"
                    >
                      Evento (XML)
                    </Button>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
