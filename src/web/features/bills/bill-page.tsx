import { HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Typography } from 'antd';
import { useState } from 'react';
import type { AuditEntry } from '../../../shared/api-error.js';
import { formatBRL } from '../../../shared/money.js';
import type { Permission } from '../../../shared/permissions.js';
import type { ResourceDefinition } from '../../../shared/resource.js';
import {
  billKindInfo,
  billMachine,
  billOriginLabels,
  type BillAction,
  type BillKind,
  type BillPaymentRow,
} from '../../../shared/resources/bills.js';
import { formatDate, formatDateTime } from '../../components/dates.js';
import { DocumentActionBar } from '../../components/document-action-bar.js';
import { documentActionOf, editAction } from '../../components/document-actions.js';
import { DocumentTimeline } from '../../components/document-timeline.js';
import { HistoryDrawer } from '../../components/history-drawer.js';
import { RecordQueryResult } from '../../components/record-query-result.js';
import { useDocumentRoute } from '../../components/use-document-route.js';
import { breakpoints, useMediaQuery } from '../../components/use-media-query.js';
import { usePermission } from '../../lib/session.js';
import { messages } from '../../../shared/messages.js';
import { toast } from '../../lib/toast.js';
import { billKeys, billsApi, useCancelBill } from './api.js';
import { billTitle } from './bill-columns.js';
import { BillStatusTags } from './bill-status.js';
import { PaymentsTable } from './payments-table.js';
import { PixCard } from './pix-card.js';
import { SettleDialog } from './settle-dialog.js';

/** What the "Histórico" labels a bill's audited fields with. */
function historyDefinition(kind: BillKind): ResourceDefinition {
  const info = billKindInfo[kind];
  return {
    path: info.path,
    label: info.label,
    singular: info.singular,
    fields: [
      {
        key: info.partnerKey,
        label: info.partnerLabel,
        kind: 'reference',
        references: kind === 'PAY' ? 'suppliers' : 'clients',
      },
      { key: 'description', label: 'Descrição', kind: 'text' },
      { key: 'documentNumber', label: 'Nº do documento', kind: 'text' },
      { key: 'issueDate', label: 'Emissão', kind: 'date' },
      { key: 'competenceDate', label: 'Competência', kind: 'date' },
      { key: 'dueDate', label: 'Vencimento', kind: 'date' },
      { key: 'amount', label: 'Valor', kind: 'money' },
      { key: 'paidAmount', label: info.settledLabel, kind: 'money' },
      { key: 'installment', label: 'Parcela', kind: 'text' },
      {
        key: 'categoryId',
        label: 'Categoria',
        kind: 'reference',
        references: 'financial-categories',
      },
      {
        key: 'paymentMethodId',
        label: 'Forma de pagamento',
        kind: 'reference',
        references: 'payment-methods',
      },
      {
        key: 'checkingAccountId',
        label: 'Conta-corrente',
        kind: 'reference',
        references: 'checking-accounts',
      },
      { key: 'status', label: 'Situação', kind: 'enum', options: billMachine.statuses },
      { key: 'notes', label: 'Observações', kind: 'textarea' },
    ],
    columns: [],
  } as unknown as ResourceDefinition;
}

/** The bill's actions as its buttons name them: "Pagar" or "Receber" by the kind. */
const billActionLabels = (kind: BillKind): Record<BillAction, string> => ({
  edit: 'Editar',
  settle: billKindInfo[kind].settleLabel,
  cancel: 'Cancelar',
});

/** What each action needs: the area's `write` to edit or cancel, `pay` or `receive` to settle. */
const billActionPermissions = (kind: BillKind) =>
  ({
    edit: `${billKindInfo[kind].area}:write`,
    settle: kind === 'PAY' ? 'billsToPay:pay' : 'billsToReceive:receive',
    cancel: `${billKindInfo[kind].area}:write`,
  }) satisfies Record<BillAction, Permission>;

/** The timeline's headlines, in the bill's gender. */
const timelineLabels = (kind: BillKind): Record<string, string> => ({
  create: 'Lançada',
  update: 'Alterada',
  [billKindInfo[kind].settleAction]: kind === 'PAY' ? 'Pagamento' : 'Recebimento',
  'reverse-payment': 'Baixa estornada',
  cancel: 'Cancelada',
});

/** The payment an entry of a payment (`payment.id`) or of its reversal is about, as listed. */
function paymentOf(entry: AuditEntry, payments: readonly BillPaymentRow[]) {
  const paid = entry.changes.payment?.to;
  const id =
    typeof paid === 'object' && paid !== null && 'id' in paid
      ? paid.id
      : entry.changes.reversedPaymentId?.to;
  return payments.find((payment) => payment.id === id);
}

/**
 * One bill: its values, status ("Vencida" when past due) and the open amount; "Pagar"/"Receber",
 * "Editar" and "Cancelar" as its status and the user's permissions allow; its payments with
 * "Estornar baixa"; the PIX of an open bill to receive; its timeline (payments and reversals among
 * its changes) and, under "Histórico", each change field by field. A refused action (someone else
 * paid or cancelled it first) is said under the buttons, as on the orders.
 */
export function BillPage({ kind, basePath }: { kind: BillKind; basePath: string }) {
  const info = billKindInfo[kind];
  const { id, validId, back, openEdit } = useDocumentRoute(basePath);
  const canSettle = usePermission(billActionPermissions(kind).settle);
  const canAudit = usePermission('audit:read');
  const small = !useMediaQuery(`(min-width: ${breakpoints.md}px)`);
  const [settling, setSettling] = useState(false);
  const [history, setHistory] = useState(false);

  const bill = useQuery({
    queryKey: billKeys(kind).detail(id),
    queryFn: ({ signal }) => billsApi(kind).get(id, signal),
    enabled: validId,
  });

  const cancel = useCancelBill(kind, {
    onSuccess: () => toast.success(messages.finance.billCancelled),
  });

  return (
    <RecordQueryResult
      query={bill}
      validId={validId}
      notFoundTitle="Conta não encontrada"
      onBack={back}
    >
      {(row) => {
        const open = row.status === 'OPEN' || row.status === 'PARTIALLY_PAID';
        const action = documentActionOf(billActionLabels(kind), billActionPermissions(kind));
        const actions = [
          action('cancel', () => cancel.mutateAsync(row.id), {
            confirm: 'Cancelar esta conta?',
            confirmDescription: 'Ela deixa de contar no saldo em aberto; não é possível desfazer.',
            confirmLabel: 'Cancelar a conta',
            danger: true,
          }),
          editAction(action, () => openEdit(row.id)),
          action(
            'settle',
            () => {
              setSettling(true);
              return Promise.resolve();
            },
            { primary: true, testId: 'settle-button' },
          ),
        ];

        return (
          <Flex vertical gap={16}>
            <Flex justify="space-between" align="flex-start" gap={12} wrap>
              <div style={{ minWidth: 0 }}>
                <Typography.Text type="secondary">{info.singular}</Typography.Text>
                <Typography.Title level={2} style={{ margin: 0, overflowWrap: 'anywhere' }}>
                  {billTitle(row)}
                </Typography.Title>
                <BillStatusTags bill={row} inline />
              </div>
              <div data-testid="bill-actions" style={{ minWidth: 0 }}>
                <DocumentActionBar machine={billMachine} status={row.status} actions={actions}>
                  <Button onClick={back}>Voltar</Button>
                  {canAudit && (
                    <Button icon={<HistoryOutlined aria-hidden />} onClick={() => setHistory(true)}>
                      Histórico
                    </Button>
                  )}
                </DocumentActionBar>
              </div>
            </Flex>

            <Flex gap={12} wrap>
              <Card
                size="small"
                style={{ flex: small ? '1 1 100%' : '1 1 160px', minWidth: 0 }}
                data-testid="bill-open-amount"
              >
                <Typography.Text type="secondary">Em aberto</Typography.Text>
                <div>
                  <Typography.Text
                    strong
                    type={row.overdue ? 'danger' : undefined}
                    style={{ fontSize: small ? 24 : 28 }}
                  >
                    {formatBRL(row.openAmount)}
                  </Typography.Text>
                </div>
              </Card>
              <Card size="small" style={{ flex: '1 1 120px', minWidth: 0 }}>
                <Typography.Text type="secondary">Valor</Typography.Text>
                <div>
                  <Typography.Text style={{ fontSize: small ? 17 : 20 }}>
                    {formatBRL(row.amount)}
                  </Typography.Text>
                </div>
              </Card>
              <Card size="small" style={{ flex: '1 1 120px', minWidth: 0 }}>
                <Typography.Text type="secondary">{info.settledLabel}</Typography.Text>
                <div>
                  <Typography.Text style={{ fontSize: small ? 17 : 20 }}>
                    {formatBRL(row.paidAmount)}
                  </Typography.Text>
                </div>
              </Card>
            </Flex>

            <Card>
              <Descriptions
                data-testid="bill-values"
                column={{ xs: 1, md: 2, xl: 3 }}
                items={[
                  { key: 'partner', label: info.partnerLabel, children: row.partnerName ?? '—' },
                  { key: 'dueDate', label: 'Vencimento', children: formatDate(row.dueDate) },
                  { key: 'installment', label: 'Parcela', children: row.installment ?? '—' },
                  {
                    key: 'documentNumber',
                    label: 'Nº do documento',
                    children: row.documentNumber ?? '—',
                  },
                  { key: 'issueDate', label: 'Emissão', children: formatDate(row.issueDate) },
                  {
                    key: 'competenceDate',
                    label: 'Competência',
                    children: formatDate(row.competenceDate),
                  },
                  { key: 'category', label: 'Categoria', children: row.categoryName },
                  {
                    key: 'method',
                    label: 'Forma de pagamento',
                    children: row.paymentMethodName ?? '—',
                  },
                  {
                    key: 'account',
                    label: 'Conta-corrente',
                    children: row.checkingAccountName ?? '—',
                  },
                  {
                    key: 'origin',
                    label: 'Origem',
                    children: `${billOriginLabels[row.origin.type]}${row.origin.id ? ` #${row.origin.id}` : ''}`,
                  },
                  {
                    key: 'createdAt',
                    label: 'Lançada em',
                    children: formatDateTime(row.createdAt),
                  },
                  {
                    key: 'notes',
                    label: 'Observações',
                    children: row.notes ?? '—',
                    span: 'filled',
                  },
                ]}
              />
            </Card>

            {kind === 'RECEIVE' && open && <PixCard bill={row} />}

            <Card title="Baixas" styles={{ body: { padding: small ? 8 : undefined } }}>
              <PaymentsTable
                kind={kind}
                billId={row.id}
                payments={row.payments}
                canReverse={canSettle}
                small={small}
              />
            </Card>

            <Card title="Histórico">
              <DocumentTimeline
                entity={info.path}
                entityId={row.id}
                labels={timelineLabels(kind)}
                machine={billMachine}
                describe={(entry) => {
                  const payment = paymentOf(entry, row.payments);
                  return payment ? (
                    <Typography.Text type="secondary">
                      {formatBRL(payment.total)} em {formatDate(payment.date)} ·{' '}
                      {payment.checkingAccountName}
                    </Typography.Text>
                  ) : null;
                }}
              />
            </Card>

            {settling && (
              <SettleDialog
                kind={kind}
                bill={row}
                open={settling}
                onClose={() => setSettling(false)}
              />
            )}
            {canAudit && (
              <HistoryDrawer
                definition={historyDefinition(kind)}
                id={row.id}
                open={history}
                onClose={() => setHistory(false)}
              />
            )}
          </Flex>
        );
      }}
    </RecordQueryResult>
  );
}
