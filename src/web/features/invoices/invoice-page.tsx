import { formatDocument } from '../../components/format-value.js';
import { FilePdfOutlined, FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Table,
  Tag,
  Typography,
  type TableColumnType,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorCode } from '../../../shared/error-codes.js';
import { messages } from '../../../shared/messages.js';
import { formatBRL } from '../../../shared/money.js';
import { formatAccessKey } from '../../../shared/nfe/access-key.js';
import { fiscalDirections, fiscalPurposes } from '../../../shared/resources/fiscal-operations.js';
import {
  INVOICES_PATH,
  freightModes,
  invoiceActionLabels,
  invoiceActionPermissions,
  invoiceMachine,
  type InvoiceDetail,
  type InvoiceLine,
} from '../../../shared/resources/invoices.js';
import { formatDate, formatDateTime } from '../../components/dates.js';
import { DocumentActionBar } from '../../components/document-action-bar.js';
import { DocumentFigure, DocumentHeading } from '../../components/document-heading.js';
import {
  deleteDraftAction,
  documentActionOf,
  editAction,
} from '../../components/document-actions.js';
import { DocumentTimeline } from '../../components/document-timeline.js';
import { usePdfOpener } from '../../components/open-pdf.js';
import { quantityText } from '../../components/line-table-values.js';
import { formatQuantity } from '../../components/quantity-text.js';
import { RecordQueryResult } from '../../components/record-query-result.js';
import { useDocumentRoute } from '../../components/use-document-route.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { ApiError } from '../../lib/api-error.js';
import { paths } from '../../lib/paths.js';
import { usePermission } from '../../lib/session.js';
import { announceSefazAnswer } from './announce-sefaz-answer.js';
import {
  invoiceKeys,
  invoicesApi,
  useDeleteInvoice,
  useIssueInvoice,
  useQueryInvoice,
  useTransmitInvoice,
} from './api.js';
import { CancelDialog } from './cancel-dialog.js';
import { EmissionModeTag } from './contingency.js';
import { CorrectionButton } from './correction-dialog.js';
import { invoiceActionMachine } from './invoice-action-machine.js';
import { mergeSefazExchanges } from './invoice-timeline.js';
import { InvoiceSefazEvents } from './invoice-sefaz-events.js';
import { InvoiceNumberVoiding, InvoiceSefazSituation } from './invoice-sefaz-situation.js';
import { InvoiceStatusTag, SefazStatusTag } from './invoice-tags.js';

/** The timeline's headlines, in the invoice's gender. */
const timelineLabels: Record<string, string> = {
  create: 'Criada',
  update: 'Alterada',
  issue: 'Emitida',
  // A transmission or an answer told alone (mergeSefazExchanges joins the two of one exchange).
  transmit: 'Transmitida à SEFAZ',
  query: 'Consultada na SEFAZ',
  deny: 'Denegada pela SEFAZ',
  correct: 'Carta de correção registrada',
  cancel: 'Cancelada',
  voidNumber: 'Número inutilizado na SEFAZ',
};

/** Why "Emitir" was refused, as a list the page shows under the action bar. */
interface IssueProblems {
  title: string;
  items: string[];
}

/** 422 INVOICE_INCOMPLETE (each missing piece) or INVALID_XML (the schema's messages). */
function issueProblemsOf(error: ApiError): IssueProblems | null {
  if (error.is(ErrorCode.INVOICE_INCOMPLETE)) {
    return {
      title: 'Faltam dados para emitir a nota:',
      items: error.details.map((piece) => String(piece.message)),
    };
  }
  if (error.is(ErrorCode.INVALID_XML)) {
    return {
      title: messages.invoices.invalidXml,
      items: error.details.map((detail) => String(detail.message)),
    };
  }
  return null;
}

/** "NF-e nº 42 · Série 1", or the draft's series before it has a number. */
export function invoiceTitle(invoice: Pick<InvoiceDetail, 'number' | 'series'>): string {
  return invoice.number === null
    ? `Rascunho · Série ${invoice.series}`
    : `NF-e nº ${invoice.number} · Série ${invoice.series}`;
}

/** "2x, 1º vencimento 30 dias após a emissão, a cada 30 dias". */
function termsText(invoice: InvoiceDetail): string {
  const first = `1º vencimento ${invoice.firstDueInDays} dias após a emissão`;
  if (invoice.installments <= 1) return `Em 1 parcela, ${first}`;
  return `${invoice.installments}x, ${first}, a cada ${invoice.intervalDays} dias`;
}

const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } });
const money = (
  key: string,
  title: string,
  pick: (line: InvoiceLine) => string | undefined,
): TableColumnType<InvoiceLine> => ({
  key,
  title,
  align: 'right',
  width: 110,
  onCell: nowrap,
  render: (_value, line) => {
    const value = pick(line);
    return value === undefined ? '—' : formatBRL(value);
  },
});

/** "R$ 17,19 (18,00%)": a tax's value and rate, or "—" where it carries none. */
const taxText = (tax: { rate: string; value: string } | null) =>
  !tax || Number(tax.value) === 0
    ? '—'
    : `${formatBRL(tax.value)} (${tax.rate.replace('.', ',')}%)`;

const lineColumns: TableColumnType<InvoiceLine>[] = [
  {
    key: 'item',
    title: 'Item',
    width: 220,
    onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
    render: (_value, line) => (
      <Flex vertical>
        <span>
          {line.itemCode} – {line.description}
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          NCM {line.ncm ?? '—'} · CFOP {line.cfop} · CST/CSOSN {line.icms.code}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    key: 'quantity',
    title: 'Quantidade',
    align: 'right',
    width: 120,
    onCell: nowrap,
    render: (_value, line) =>
      `${formatQuantity(line.quantity, line.unitDecimals)} ${line.unitCode}`,
  },
  money('unitPrice', 'Preço unitário', (line) => line.unitPrice),
  money('grossTotal', 'Valor', (line) => line.grossTotal),
  money('discount', 'Desconto', (line) => line.discount),
  money('freight', 'Frete', (line) => line.freight),
  money('icmsBase', 'Base ICMS', (line) => line.icms.base),
  {
    key: 'icms',
    title: 'ICMS',
    align: 'right',
    width: 150,
    onCell: nowrap,
    render: (_v, line) => taxText(line.icms),
  },
  {
    key: 'ipi',
    title: 'IPI',
    align: 'right',
    width: 150,
    onCell: nowrap,
    render: (_v, line) => taxText(line.ipi),
  },
  {
    key: 'pis',
    title: 'PIS',
    align: 'right',
    width: 140,
    onCell: nowrap,
    render: (_v, line) => taxText(line.pis),
  },
  {
    key: 'cofins',
    title: 'COFINS',
    align: 'right',
    width: 140,
    onCell: nowrap,
    render: (_v, line) => taxText(line.cofins),
  },
  money('total', 'Total', (line) => line.total),
];

/**
 * One invoice: its number and series, status and SEFAZ's ("Autorizada"), the access key in
 * groups of four, the actions its status, its SEFAZ status and the user allow (Editar, Emitir,
 * Transmitir, Consultar, Cancelar with its reason, Excluir), SEFAZ's answer (the protocol, a
 * rejection's reason) and the exchanges with it, the XML and the DANFE once issued, the recipient and terms, the items with
 * their taxes, the totals, the bills and stock movements the issue posted and the timeline. A
 * refused issue lists what is missing under the action bar.
 */
export function InvoicePage({ basePath }: { basePath: string }) {
  const { id, validId, back, openEdit } = useDocumentRoute(basePath);
  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const canReadReceivables = usePermission('billsToReceive:read');
  const canReadPayables = usePermission('billsToPay:read');
  const [cancelling, setCancelling] = useState(false);
  const [problems, setProblems] = useState<IssueProblems | null>(null);
  const [downloading, setDownloading] = useState(false);
  const danfe = usePdfOpener();
  const remove = useDeleteInvoice();
  const issue = useIssueInvoice();
  const transmit = useTransmitInvoice();
  const query = useQueryInvoice();

  const invoice = useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => invoicesApi.get(id, signal),
    enabled: validId,
  });

  const downloadXml = async (row: InvoiceDetail) => {
    setDownloading(true);
    try {
      await invoicesApi.downloadXml(row);
    } catch {
      // The HTTP client has already shown the error.
    } finally {
      setDownloading(false);
    }
  };

  return (
    <RecordQueryResult
      query={invoice}
      validId={validId}
      notFoundTitle="Nota fiscal não encontrada"
      onBack={back}
    >
      {(row) => {
        const action = documentActionOf(invoiceActionLabels, invoiceActionPermissions);
        const actions = [
          editAction(action, () => openEdit(row.id)),
          deleteDraftAction(action, {
            remove: () => remove.mutateAsync(row.id),
            confirm: 'Excluir este rascunho de nota?',
            deleted: messages.invoices.deleted,
            then: back,
          }),
          action(
            'cancel',
            () => {
              setCancelling(true);
              return Promise.resolve();
            },
            { danger: true },
          ),
          action(
            'issue',
            async () => {
              setProblems(null);
              announceSefazAnswer(await issue.mutateAsync(row.id));
            },
            {
              primary: true,
              confirm: 'Emitir esta nota?',
              confirmDescription:
                'A nota recebe número e chave e vai à SEFAZ; autorizada, o estoque e os títulos são lançados.',
            },
          ),
          action(
            'transmit',
            async () => {
              setProblems(null);
              announceSefazAnswer(await transmit.mutateAsync(row.id));
            },
            { primary: true },
          ),
          action('query', async () => announceSefazAnswer(await query.mutateAsync(row.id)), {
            primary: true,
          }),
        ];
        const machine = invoiceActionMachine(row.sefazStatus);
        const issued = row.status !== 'DRAFT';
        const billPath = (kind: 'PAY' | 'RECEIVE', billId: number) =>
          kind === 'PAY' ? `${paths.billsToPay}/${billId}` : `${paths.billsToReceive}/${billId}`;
        const canReadBill = (kind: 'PAY' | 'RECEIVE') =>
          kind === 'PAY' ? canReadPayables : canReadReceivables;

        const { totals } = row;

        return (
          <Flex vertical gap={16}>
            <Flex justify="space-between" align="flex-start" gap={12} wrap>
              <DocumentHeading kind="Nota fiscal" title={invoiceTitle(row)} testId="invoice-number">
                <Flex gap={8} wrap>
                  <InvoiceStatusTag status={row.status} />
                  {issued && <SefazStatusTag status={row.sefazStatus} />}
                </Flex>
              </DocumentHeading>
              <DocumentActionBar
                machine={machine}
                status={row.status}
                actions={actions}
                shownByCaller={(error) => {
                  const found = issueProblemsOf(error);
                  if (found) setProblems(found);
                  return found !== null;
                }}
              >
                <Button onClick={back}>Voltar</Button>
                <CorrectionButton invoice={row} />
                {issued && (
                  <>
                    <Button
                      icon={<FileTextOutlined aria-hidden />}
                      loading={downloading}
                      onClick={() => void downloadXml(row)}
                      data-testid="invoice-xml"
                    >
                      XML
                    </Button>
                    <Button
                      icon={<FilePdfOutlined aria-hidden />}
                      loading={danfe.opening}
                      onClick={() => void danfe.open(invoicesApi.danfePath(row.id))}
                      data-testid="invoice-danfe"
                    >
                      DANFE
                    </Button>
                  </>
                )}
              </DocumentActionBar>
            </Flex>

            {problems && (row.status === 'DRAFT' || row.sefazStatus === 'REJECTED') && (
              <Alert
                type="error"
                showIcon
                closable={{ onClose: () => setProblems(null) }}
                title={problems.title}
                description={
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    {problems.items.map((item, index) => (
                      <li key={index}>{item}</li>
                    ))}
                  </ul>
                }
                data-testid="issue-problems"
              />
            )}

            {issued && <InvoiceSefazSituation invoice={row} />}

            {row.status === 'CANCELLED' && (
              <Alert
                type="error"
                showIcon
                title={`Cancelada${row.cancelledAt ? ` em ${formatDateTime(row.cancelledAt)}` : ''}`}
                description={row.cancelReason ?? undefined}
                data-testid="cancel-reason"
              />
            )}

            <InvoiceNumberVoiding invoice={row} />

            {row.accessKey && (
              <Card
                size="small"
                title="Chave de acesso"
                extra={<EmissionModeTag accessKey={row.accessKey} />}
              >
                <Typography.Text
                  copyable={{ text: row.accessKey, tooltips: ['Copiar', 'Copiada'] }}
                  style={{ fontFamily: 'monospace', fontSize: 15, overflowWrap: 'anywhere' }}
                  data-testid="access-key"
                >
                  {formatAccessKey(row.accessKey)}
                </Typography.Text>
              </Card>
            )}

            <Flex gap={12} wrap>
              <DocumentFigure
                label="Total da nota"
                value={formatBRL(totals.total)}
                testId="invoice-total"
                strong
                noWrap
              />
              <DocumentFigure
                label="Produtos"
                value={formatBRL(totals.productsTotal)}
                testId="invoice-products"
                noWrap
              />
              <DocumentFigure
                label="ICMS"
                value={formatBRL(totals.icmsTotal)}
                testId="invoice-icms"
                noWrap
              />
              <DocumentFigure
                label="IPI"
                value={formatBRL(totals.ipiTotal)}
                testId="invoice-ipi"
                noWrap
              />
            </Flex>

            <Card>
              <Descriptions
                data-testid="invoice-values"
                column={{ xs: 1, md: 2, xl: 3 }}
                items={[
                  {
                    key: 'operation',
                    label: 'Natureza de operação',
                    children: row.fiscalOperationName,
                  },
                  {
                    key: 'direction',
                    label: 'Direção',
                    children: `${fiscalDirections[row.direction]}${row.purpose === 'RETURN' ? ` · ${fiscalPurposes.RETURN}` : ''}`,
                  },
                  {
                    key: 'recipient',
                    label:
                      row.supplierId !== null
                        ? 'Destinatário (fornecedor)'
                        : 'Destinatário (cliente)',
                    children: `${row.recipientName}${row.recipientDocument ? ` — ${formatDocument(row.recipientDocument)}` : ''}`,
                  },
                  {
                    key: 'issueDate',
                    label: 'Data de emissão',
                    children: formatDate(row.issueDate),
                  },
                  ...(row.issuedAt
                    ? [
                        {
                          key: 'issuedAt',
                          label: 'Emitida em',
                          children: formatDateTime(row.issuedAt),
                        },
                      ]
                    : []),
                  { key: 'location', label: 'Local de estoque', children: row.locationName ?? '—' },
                  {
                    key: 'freightMode',
                    label: 'Modalidade do frete',
                    children: freightModes[row.freightMode],
                  },
                  {
                    key: 'method',
                    label: 'Forma de pagamento',
                    children: row.paymentMethodName ?? '—',
                  },
                  { key: 'category', label: 'Categoria', children: row.categoryName ?? '—' },
                  { key: 'terms', label: 'Condições', children: termsText(row), span: 'filled' },
                  ...(row.referencedKeys.length > 0
                    ? [
                        {
                          key: 'referencedKeys',
                          label: 'Chaves referenciadas',
                          span: 'filled' as const,
                          children: (
                            <Flex vertical>
                              {row.referencedKeys.map((key) => (
                                <Typography.Text
                                  key={key}
                                  style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                                >
                                  {formatAccessKey(key)}
                                </Typography.Text>
                              ))}
                            </Flex>
                          ),
                        },
                      ]
                    : []),
                  {
                    key: 'additionalInfo',
                    label: 'Informações complementares',
                    span: 'filled',
                    children: (
                      <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {row.additionalInfo ?? '—'}
                      </span>
                    ),
                  },
                ]}
              />
            </Card>

            <Card title="Itens" styles={{ body: { padding: small ? 8 : undefined } }}>
              <Table
                data-testid="invoice-lines"
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={row.items}
                scroll={{ x: 1760 }}
                columns={lineColumns}
              />
            </Card>

            <Card title="Totais">
              <Descriptions
                data-testid="invoice-totals"
                size="small"
                column={{ xs: 1, sm: 2, md: 3, xl: 4 }}
                items={(
                  [
                    ['Produtos', totals.productsTotal],
                    ['Desconto', totals.discount],
                    ['Frete', totals.freight],
                    ['Base ICMS', totals.icmsBase],
                    ['ICMS', totals.icmsTotal],
                    ['IPI', totals.ipiTotal],
                    ['PIS', totals.pisTotal],
                    ['COFINS', totals.cofinsTotal],
                    ['IBS', totals.ibsTotal],
                    ['CBS', totals.cbsTotal],
                    ['Total da nota', totals.total],
                  ] as const
                ).map(([label, value]) => ({
                  key: label,
                  label,
                  children:
                    label === 'Total da nota' ? (
                      <strong>{formatBRL(value)}</strong>
                    ) : (
                      formatBRL(value)
                    ),
                }))}
              />
            </Card>

            {issued && (
              <Card title="Títulos" styles={{ body: { padding: small ? 8 : undefined } }}>
                {row.bills.length === 0 ? (
                  <Typography.Text type="secondary">A nota não gerou títulos.</Typography.Text>
                ) : (
                  <Table
                    data-testid="invoice-bills"
                    size="small"
                    rowKey="id"
                    pagination={false}
                    dataSource={row.bills}
                    scroll={{ x: 480 }}
                    columns={[
                      {
                        key: 'installment',
                        title: 'Parcela',
                        render: (_value, bill) => {
                          const text = bill.installment ?? `#${bill.id}`;
                          return canReadBill(bill.kind) ? (
                            <Link to={billPath(bill.kind, bill.id)}>{text}</Link>
                          ) : (
                            text
                          );
                        },
                      },
                      {
                        key: 'kind',
                        title: 'Tipo',
                        render: (_value, bill) => (bill.kind === 'PAY' ? 'A pagar' : 'A receber'),
                      },
                      {
                        key: 'dueDate',
                        title: 'Vencimento',
                        width: 110,
                        render: (_value, bill) => formatDate(bill.dueDate),
                      },
                      {
                        key: 'amount',
                        title: 'Valor',
                        align: 'right',
                        width: 130,
                        onCell: nowrap,
                        render: (_value, bill) => formatBRL(bill.amount),
                      },
                    ]}
                  />
                )}
              </Card>
            )}

            {issued && (
              <Card
                title="Movimentações de estoque"
                styles={{ body: { padding: small ? 8 : undefined } }}
              >
                {row.movements.length === 0 ? (
                  <Typography.Text type="secondary">
                    A nota não movimentou o estoque.
                  </Typography.Text>
                ) : (
                  <Table
                    data-testid="invoice-movements"
                    size="small"
                    rowKey="id"
                    pagination={false}
                    dataSource={row.movements}
                    scroll={{ x: 420 }}
                    columns={[
                      {
                        key: 'item',
                        title: 'Item',
                        onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
                        render: (_value, movement) => movement.itemName,
                      },
                      {
                        key: 'direction',
                        title: 'Tipo',
                        width: 150,
                        render: (_value, movement) => (
                          <Flex gap={4} wrap>
                            <Tag color={movement.direction === 'IN' ? 'green' : 'blue'}>
                              {movement.direction === 'IN' ? 'Entrada' : 'Saída'}
                            </Tag>
                            {movement.reversed && <Tag>Estornada</Tag>}
                          </Flex>
                        ),
                      },
                      {
                        key: 'quantity',
                        title: 'Quantidade',
                        align: 'right',
                        width: 120,
                        onCell: nowrap,
                        render: (_value, movement) => quantityText(movement.quantity),
                      },
                    ]}
                  />
                )}
              </Card>
            )}

            {issued && <InvoiceSefazEvents invoiceId={row.id} small={small} />}

            <Card title="Histórico">
              <DocumentTimeline
                entity={INVOICES_PATH}
                entityId={row.id}
                labels={timelineLabels}
                machine={invoiceMachine}
                steps={mergeSefazExchanges}
              />
            </Card>

            {cancelling && (
              <CancelDialog invoice={row} open={cancelling} onClose={() => setCancelling(false)} />
            )}
          </Flex>
        );
      }}
    </RecordQueryResult>
  );
}
