import type { AuditEntry } from '../../../shared/api-error.js';
import { messages } from '../../../shared/messages.js';
import type { TimelineStep } from '../../components/document-timeline.js';

const { exchange } = messages.invoices;

const changedTo = (entry: AuditEntry, field: string): unknown => entry.changes[field]?.to;
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** "Emitir" or "Transmitir" as it leaves: phase 1 stored the signed NF-e, SENDING. */
const isSending = (entry: AuditEntry) =>
  (entry.action === 'issue' || entry.action === 'transmit') &&
  changedTo(entry, 'sefazStatus') === 'SENDING';

/** SEFAZ's answer to that sending, recorded by the same request right after it (phase 3). */
const answers = (sent: AuditEntry, entry: AuditEntry | undefined): entry is AuditEntry =>
  entry !== undefined &&
  (entry.action === 'transmit' || entry.action === 'deny') &&
  entry.userId === sent.userId &&
  typeof changedTo(entry, 'sefazStatus') === 'string' &&
  changedTo(entry, 'sefazStatus') !== 'SENDING';

/** The exchange's headline, its outcome first: "Emitida e autorizada pela SEFAZ (protocolo …)". */
function outcome(sent: AuditEntry, answer: AuditEntry): string {
  const done = sent.action === 'issue' ? exchange.issued : exchange.transmitted;
  const code = text(changedTo(answer, 'code'));
  switch (changedTo(answer, 'sefazStatus')) {
    case 'AUTHORIZED':
      return exchange.authorized(done, text(changedTo(answer, 'protocol')));
    case 'REJECTED':
      return exchange.rejected(done, code);
    case 'DENIED':
      return exchange.denied(done, code);
    case 'PENDING':
      return exchange.pending(done);
    default:
      return exchange.notSent(done);
  }
}

/**
 * The invoice's Histórico tells each exchange with SEFAZ once: "Emitir" (or "Transmitir") records
 * the sending and then SEFAZ's answer as two audit entries; here they become one line, at the
 * sending's time, under the outcome, moving from the sending's status to the answer's (Rascunho →
 * Denegada). Everything else stays one line per entry; a sending whose answer was never recorded
 * (settled later by "Consultar") stays as it is.
 */
export function mergeSefazExchanges(entries: readonly AuditEntry[]): TimelineStep[] {
  const steps: TimelineStep[] = [];
  for (let i = 0; i < entries.length; i += 1) {
    const sent = entries[i]!;
    const answer = entries[i + 1];
    if (!isSending(sent) || !answers(sent, answer)) {
      steps.push({ entry: sent });
      continue;
    }
    const from = sent.changes.status?.from ?? answer.changes.status?.from;
    const to = answer.changes.status?.to ?? sent.changes.status?.to;
    steps.push({
      entry: {
        ...sent,
        changes: {
          ...sent.changes,
          ...answer.changes,
          ...(from !== undefined || to !== undefined ? { status: { from, to } } : {}),
        },
      },
      what: outcome(sent, answer),
    });
    i += 1;
  }
  return steps;
}
