import { describe, expect, it } from 'vitest';
import { defineStatusMachine } from '../../shared/status-machine.js';
import {
  defaultStatusTone,
  deleteDraftAction,
  documentActionOf,
  editAction,
  timelineHeadline,
  visibleActions,
  type DocumentAction,
} from './document-actions.js';

const machine = defineStatusMachine({
  statuses: {
    DRAFT: 'Rascunho',
    APPROVED: 'Aprovada',
    PARTIALLY_RECEIVED: 'Recebida parcialmente',
    RECEIVED: 'Recebida',
    CANCELLED: 'Cancelada',
  },
  transitions: {
    edit: { from: ['DRAFT'], to: 'DRAFT' },
    approve: { from: ['DRAFT'], to: 'APPROVED' },
    receive: { from: ['APPROVED', 'PARTIALLY_RECEIVED'], to: 'PARTIALLY_RECEIVED' },
    close: { from: ['PARTIALLY_RECEIVED'], to: 'RECEIVED' },
    cancel: { from: ['DRAFT', 'APPROVED'], to: 'CANCELLED' },
  },
});

type Action = keyof typeof machine.transitions;
const run = () => Promise.resolve();
const actions: DocumentAction<Action>[] = [
  { action: 'approve', label: 'Aprovar', permission: 'purchaseOrders:approve', run },
  { action: 'receive', label: 'Receber', permission: 'purchaseOrders:receive', run },
  { action: 'close', label: 'Encerrar', permission: 'purchaseOrders:receive', run },
  { action: 'cancel', label: 'Cancelar', permission: 'purchaseOrders:cancel', run },
  { action: 'edit', label: 'Editar', permission: 'purchaseOrders:write', run },
];
const all = [
  'purchaseOrders:approve',
  'purchaseOrders:receive',
  'purchaseOrders:cancel',
  'purchaseOrders:write',
];
const labels = (status: Parameters<typeof machine.can>[0], permissions: string[]) =>
  visibleActions(machine, status, actions, permissions).map((entry) => entry.label);

describe('visibleActions', () => {
  it('shows what the machine allows from each status, in the given order', () => {
    expect(labels('DRAFT', all)).toEqual(['Aprovar', 'Cancelar', 'Editar']);
    expect(labels('APPROVED', all)).toEqual(['Receber', 'Cancelar']);
    expect(labels('PARTIALLY_RECEIVED', all)).toEqual(['Receber', 'Encerrar']);
    expect(labels('RECEIVED', all)).toEqual([]);
    expect(labels('CANCELLED', all)).toEqual([]);
  });

  it('leaves out what the user may not do', () => {
    expect(labels('DRAFT', ['purchaseOrders:write'])).toEqual(['Editar']);
    expect(labels('APPROVED', ['purchaseOrders:approve', 'purchaseOrders:write'])).toEqual([]);
    expect(labels('PARTIALLY_RECEIVED', ['purchaseOrders:receive'])).toEqual([
      'Receber',
      'Encerrar',
    ]);
    expect(labels('DRAFT', [])).toEqual([]);
  });
});

describe('defaultStatusTone', () => {
  it('colours by the place in the lifecycle', () => {
    expect(defaultStatusTone(machine, 'DRAFT')).toBe('default');
    expect(defaultStatusTone(machine, 'APPROVED')).toBe('processing');
    expect(defaultStatusTone(machine, 'PARTIALLY_RECEIVED')).toBe('partial');
    expect(defaultStatusTone(machine, 'RECEIVED')).toBe('success');
    expect(defaultStatusTone(machine, 'CANCELLED')).toBe('error');
  });

  it('works for a lifecycle with the cancelled status before the last', () => {
    const production = defineStatusMachine({
      statuses: {
        PLANNED: 'Planejada',
        IN_PROGRESS: 'Em produção',
        CANCELLED: 'Cancelada',
        COMPLETED: 'Concluída',
      },
      transitions: { start: { from: ['PLANNED'], to: 'IN_PROGRESS' } },
    });
    expect(defaultStatusTone(production, 'PLANNED')).toBe('default');
    expect(defaultStatusTone(production, 'IN_PROGRESS')).toBe('processing');
    expect(defaultStatusTone(production, 'COMPLETED')).toBe('success');
    expect(defaultStatusTone(production, 'CANCELLED')).toBe('error');
  });
});

describe('timelineHeadline', () => {
  it('says what, who and when, in São Paulo time', () => {
    const labels = { create: 'Criada', approve: 'Aprovada' };
    expect(
      timelineHeadline({ action: 'create', userName: 'Ana', at: '2026-11-24T13:02:00Z' }, labels),
    ).toBe('Criada por Ana em 24/11/2026 10:02');
    expect(
      timelineHeadline({ action: 'approve', userName: null, at: '2026-11-24T13:05:00Z' }, labels),
    ).toBe('Aprovada por sistema em 24/11/2026 10:05');
    expect(
      timelineHeadline({ action: 'update', userName: 'Bia', at: '2026-11-24T13:05:00Z' }, labels),
    ).toBe('Alterado por Bia em 24/11/2026 10:05');
  });
});

describe('editAction and deleteDraftAction', () => {
  const action = documentActionOf(
    { edit: 'Editar', delete: 'Excluir', approve: 'Aprovar' },
    {
      edit: 'purchaseOrders:write',
      delete: 'purchaseOrders:write',
      approve: 'purchaseOrders:approve',
    },
  );

  it('"Editar" opens the form without a request', async () => {
    let opened = 0;
    const edit = editAction(action, () => (opened += 1));
    expect(edit).toMatchObject({ action: 'edit', label: 'Editar' });
    expect(edit.confirm).toBeUndefined();
    await edit.run();
    expect(opened).toBe(1);
  });

  it('"Excluir" asks first, in red, with its own confirming button', () => {
    const remove = deleteDraftAction(action, {
      remove: run,
      confirm: 'Excluir este rascunho?',
      deleted: 'Rascunho excluído.',
      then: () => undefined,
    });
    expect(remove).toMatchObject({
      action: 'delete',
      label: 'Excluir',
      permission: 'purchaseOrders:write',
      confirm: 'Excluir este rascunho?',
      confirmLabel: 'Excluir rascunho',
      danger: true,
    });
  });
});
