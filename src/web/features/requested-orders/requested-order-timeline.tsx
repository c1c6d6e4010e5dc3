import { Typography } from 'antd';
import type { AuditEntry } from '../../../shared/api-error.js';

/** What each refusal of the credit gate a release passed is called in the Histórico. */
const releasedGates: Record<string, string> = {
  CREDIT_LIMIT: 'limite de crédito excedido',
  OVERDUE_RECEIVABLES: 'títulos vencidos',
};

/**
 * What an order's Histórico adds under an entry: a credit release of "Aprovar" or "Faturar"
 * (the audit's `creditReleased` and `reason`), said as "Crédito liberado (limite de crédito
 * excedido). Motivo: …".
 */
export function describeRequestedOrderEntry(entry: AuditEntry) {
  const released = entry.changes.creditReleased?.to;
  if (!Array.isArray(released) || released.length === 0) return null;
  const gates = released.map((code) => releasedGates[String(code)] ?? String(code)).join(' e ');
  const reason = entry.changes.reason?.to;
  return (
    <Typography.Text data-testid="timeline-credit-release">
      <Typography.Text strong>Crédito liberado</Typography.Text> ({gates}).
      {typeof reason === 'string' && reason ? ` Motivo: ${reason}` : ''}
    </Typography.Text>
  );
}
