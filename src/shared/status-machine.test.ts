import { describe, expect, it } from 'vitest';
import { defineStatusMachine } from './status-machine.js';

/** The purchase order's lifecycle (DOMAIN §5), as a test machine. */
const machine = defineStatusMachine({
  statuses: {
    DRAFT: 'Rascunho',
    APPROVED: 'Aprovada',
    PARTIALLY_RECEIVED: 'Recebida parcialmente',
    RECEIVED: 'Recebida',
    CANCELLED: 'Cancelada',
  },
  transitions: {
    approve: { from: ['DRAFT'], to: 'APPROVED' },
    receivePart: { from: ['APPROVED', 'PARTIALLY_RECEIVED'], to: 'PARTIALLY_RECEIVED' },
    receiveAll: { from: ['APPROVED', 'PARTIALLY_RECEIVED'], to: 'RECEIVED' },
    close: { from: ['PARTIALLY_RECEIVED'], to: 'RECEIVED' },
    cancel: { from: ['DRAFT', 'APPROVED'], to: 'CANCELLED' },
  },
});

type Status = keyof typeof machine.statuses;
type Action = keyof typeof machine.transitions;

/** Every status × action, written out by hand: the next status, or null when refused. */
const expected: Record<Status, Record<Action, Status | null>> = {
  DRAFT: {
    approve: 'APPROVED',
    receivePart: null,
    receiveAll: null,
    close: null,
    cancel: 'CANCELLED',
  },
  APPROVED: {
    approve: null,
    receivePart: 'PARTIALLY_RECEIVED',
    receiveAll: 'RECEIVED',
    close: null,
    cancel: 'CANCELLED',
  },
  PARTIALLY_RECEIVED: {
    approve: null,
    receivePart: 'PARTIALLY_RECEIVED',
    receiveAll: 'RECEIVED',
    close: 'RECEIVED',
    cancel: null,
  },
  RECEIVED: { approve: null, receivePart: null, receiveAll: null, close: null, cancel: null },
  CANCELLED: { approve: null, receivePart: null, receiveAll: null, close: null, cancel: null },
};

const cases = Object.entries(expected).flatMap(([status, row]) =>
  Object.entries(row).map(([action, next]) => ({
    status: status as Status,
    action: action as Action,
    next,
  })),
);

describe('status machine', () => {
  it('covers every status and action of the definition', () => {
    expect(cases).toHaveLength(
      Object.keys(machine.statuses).length * Object.keys(machine.transitions).length,
    );
  });

  it.each(cases)('$action from $status → $next', ({ status, action, next }) => {
    expect(machine.next(status, action)).toBe(next);
    expect(machine.can(status, action)).toBe(next !== null);
  });

  it('lists the actions allowed from each status, in the order of the definition', () => {
    for (const [status, row] of Object.entries(expected)) {
      const allowed = Object.entries(row)
        .filter(([, next]) => next !== null)
        .map(([action]) => action);
      expect(machine.actions(status as Status)).toEqual(allowed);
    }
  });

  it('gives the labels of the statuses', () => {
    expect(machine.label('PARTIALLY_RECEIVED')).toBe('Recebida parcialmente');
    expect(machine.statuses.CANCELLED).toBe('Cancelada');
  });

  it('refuses an action or a status that the machine does not know', () => {
    expect(machine.next('DRAFT', 'ship' as Action)).toBeNull();
    expect(machine.can('LOST' as Status, 'approve')).toBe(false);
  });
});
