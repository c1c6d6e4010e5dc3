import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api-error.js';
import { mergeSefazExchanges } from './invoice-timeline.js';

let nextId = 0;
const entry = (
  action: string,
  changes: AuditEntry['changes'],
  userId: number | null = 1,
): AuditEntry => {
  nextId += 1;
  return {
    id: nextId,
    at: `2026-11-26T10:00:0${nextId % 10}.000Z`,
    userId,
    userName: userId === null ? null : 'Ana',
    entity: 'invoices',
    entityId: '7',
    action,
    changes,
  };
};

const created = () => entry('create', { total: { from: null, to: '149.70' } });
const issued = () =>
  entry('issue', {
    status: { from: 'DRAFT', to: 'ISSUED' },
    number: { from: null, to: 12 },
    sefazStatus: { from: null, to: 'SENDING' },
  });
const transmitted = () => entry('transmit', { sefazStatus: { from: null, to: 'SENDING' } });
const answered = (sefazStatus: string, extra: AuditEntry['changes'] = {}, userId = 1) =>
  entry('transmit', { sefazStatus: { from: null, to: sefazStatus }, ...extra }, userId);

describe('mergeSefazExchanges', () => {
  it('tells "Emitir" and its authorisation as one line, the outcome first, at the sending', () => {
    const sent = issued();
    const answer = answered('AUTHORIZED', { protocol: { from: null, to: '135260000000012' } });
    const steps = mergeSefazExchanges([created(), sent, answer]);
    expect(steps).toHaveLength(2);
    expect(steps[0]!.what).toBeUndefined();
    expect(steps[1]!.what).toBe('Emitida e autorizada pela SEFAZ (protocolo 135260000000012)');
    expect(steps[1]!.entry).toMatchObject({ id: sent.id, at: sent.at, action: 'issue' });
    expect(steps[1]!.entry.changes).toMatchObject({
      status: { from: 'DRAFT', to: 'ISSUED' },
      number: { to: 12 },
      sefazStatus: { to: 'AUTHORIZED' },
    });
  });

  it('names each outcome: rejection and denial with the code, silence, not arrived', () => {
    const headline = (answer: AuditEntry, sent = issued()) =>
      mergeSefazExchanges([sent, answer]).map((step) => step.what);
    expect(headline(answered('REJECTED', { code: { from: null, to: '228' } }))).toEqual([
      'Emitida e rejeitada pela SEFAZ (código 228)',
    ]);
    expect(headline(answered('PENDING'))).toEqual([
      'Emitida; a SEFAZ não respondeu (pendente de consulta)',
    ]);
    expect(headline(answered('NOT_SENT'))).toEqual(['Emitida; não chegou à SEFAZ']);
    // Sent again after a rejection: "Transmitir".
    expect(
      headline(
        answered('AUTHORIZED', { protocol: { from: null, to: '135260000000099' } }),
        transmitted(),
      ),
    ).toEqual(['Transmitida e autorizada pela SEFAZ (protocolo 135260000000099)']);
  });

  it('a denial moves the line from Rascunho to Denegada', () => {
    const denial = entry('deny', {
      status: { from: 'ISSUED', to: 'DENIED' },
      sefazStatus: { from: null, to: 'DENIED' },
      code: { from: null, to: '302' },
    });
    const [step] = mergeSefazExchanges([issued(), denial]);
    expect(step!.what).toBe('Emitida e denegada pela SEFAZ (código 302)');
    expect(step!.entry.changes.status).toEqual({ from: 'DRAFT', to: 'DENIED' });
  });

  it('leaves alone what is not one exchange', () => {
    const sent = issued();
    // Settled later by someone's "Consultar": two lines, as recorded.
    const query = entry('query', { sefazStatus: { from: null, to: 'AUTHORIZED' } }, 2);
    expect(mergeSefazExchanges([sent, query]).map((step) => step.entry.id)).toEqual([
      sent.id,
      query.id,
    ]);
    // Another person's answer is not this request's.
    const other = answered('AUTHORIZED', {}, 2);
    expect(mergeSefazExchanges([sent, other])).toHaveLength(2);
    // A sending whose answer never came (a crash), followed by the cancellation.
    const cancel = entry('cancel', { status: { from: 'ISSUED', to: 'CANCELLED' } });
    expect(mergeSefazExchanges([sent, cancel]).every((step) => step.what === undefined)).toBe(true);
    // Two exchanges in a row: each merged with its own answer.
    const rejected = answered('REJECTED', { code: { from: null, to: '228' } });
    const again = transmitted();
    const authorised = answered('AUTHORIZED', { protocol: { from: null, to: '1' } });
    expect(
      mergeSefazExchanges([issued(), rejected, again, authorised]).map((step) => step.what),
    ).toEqual([
      'Emitida e rejeitada pela SEFAZ (código 228)',
      'Transmitida e autorizada pela SEFAZ (protocolo 1)',
    ]);
    expect(mergeSefazExchanges([])).toEqual([]);
  });
});
