import type { Permission } from '../../shared/permissions.js';
import type { AuditEntry } from '../../shared/api-error.js';
import type { StatusMachine } from '../../shared/status-machine.js';
import { auditActionLabel } from './audit-changes.js';
import { toast } from '../lib/toast.js';
import { formatDateTime } from './dates.js';

/**
 * One action of a document's action bar: a transition of its status machine ("approve"), the
 * permission it needs and what pressing it does. Pure data, so which buttons a status and a user
 * get is decided (and tested) without rendering.
 */
export interface DocumentAction<A extends string = string> {
  /** The machine's action; the button shows only where the machine allows it. */
  action: A;
  /** The button's text ("Aprovar"). */
  label: string;
  /** What the user must hold ("purchaseOrders:approve"). */
  permission: Permission;
  /** Asked first (Popconfirm), e.g. "Cancelar esta ordem?"; without it the action runs at once. */
  confirm?: string;
  /**
   * The confirming button's text where the button's own would be ambiguous: "Cancelar ordem"
   * for "Cancelar", beside "Voltar". The button's label otherwise.
   */
  confirmLabel?: string;
  /** A second line under the question ("Não é possível desfazer."). */
  confirmDescription?: string;
  /** Red button (cancel). */
  danger?: boolean;
  /** The main action of the status (one per bar reads best). */
  primary?: boolean;
  /** The button's test id where the screen's tests know it by its own (`action-<action>` else). */
  testId?: string;
  /** The request; a rejected ApiError 409/422 is shown by the bar. */
  run: () => Promise<unknown>;
}

/**
 * A document's `action(name, run, extra)`: the action of its machine with the label and the
 * permission its resource gives that name, the request, and the rest (confirm, danger, primary).
 */
export function documentActionOf<A extends string>(
  labels: Record<A, string>,
  permissions: Record<A, string>,
) {
  return (
    name: A,
    run: () => Promise<unknown>,
    extra: Partial<DocumentAction<A>> = {},
  ): DocumentAction<A> => ({
    action: name,
    label: labels[name],
    permission: permissions[name] as Permission,
    run,
    ...extra,
  });
}

/** Colours of antd's Tag by the role a status plays in its lifecycle. */
export type StatusTone = 'default' | 'processing' | 'partial' | 'success' | 'error';

export const toneColors: Record<StatusTone, string | undefined> = {
  default: undefined,
  processing: 'blue',
  partial: 'gold',
  success: 'green',
  error: 'red',
};

/**
 * The actions a user sees for a document in `status`: those the machine allows from it and the
 * user holds the permission of, in the order given.
 */
export function visibleActions<S extends string, A extends string>(
  machine: Pick<StatusMachine<S, A>, 'can'>,
  status: S,
  actions: readonly DocumentAction<A>[],
  permissions: readonly string[],
): DocumentAction<A>[] {
  return actions.filter(
    (entry) => machine.can(status, entry.action) && permissions.includes(entry.permission),
  );
}

const cancelled = /CANCEL/i;
const partial = /PARTIAL/i;

/**
 * A sensible colour for a status from its place in the lifecycle, when the caller gives none:
 * the first status (draft, planned) grey, a cancelled one red, the last one that is not cancelled
 * (received, completed) green, a partial one gold and the others between (approved, in
 * production) blue.
 */
export function defaultStatusTone<S extends string>(
  machine: Pick<StatusMachine<S, string>, 'statuses'>,
  status: S,
): StatusTone {
  const order = Object.keys(machine.statuses) as S[];
  if (cancelled.test(status)) return 'error';
  const live = order.filter((each) => !cancelled.test(each));
  const index = live.indexOf(status);
  if (index < 0) return 'default';
  if (index === 0) return 'default';
  if (index === live.length - 1) return 'success';
  if (partial.test(status)) return 'partial';
  return 'processing';
}

/** "Criada por Ana em 24/11/2026 10:02": what was done, by whom and when. */
export function timelineHeadline(
  entry: Pick<AuditEntry, 'action' | 'userName' | 'at'>,
  labels: Record<string, string>,
): string {
  const what = labels[entry.action] ?? auditActionLabel(entry.action);
  return `${what} por ${entry.userName ?? 'sistema'} em ${formatDateTime(entry.at)}`;
}

/** The `action` that `documentActionOf` makes, for the actions every document has alike. */
type ActionMaker<A extends string> = (
  name: A,
  run: () => Promise<unknown>,
  extra?: Partial<DocumentAction<A>>,
) => DocumentAction<A>;

/** "Editar": opens the form; nothing is asked of the server until the form saves. */
export function editAction<A extends string>(
  action: ActionMaker<A | 'edit'>,
  open: () => void,
): DocumentAction<A | 'edit'> {
  return action('edit', () => {
    open();
    return Promise.resolve();
  });
}

/**
 * "Excluir" of a draft: asked first (`confirm`, "Excluir este rascunho?"), then deleted, said
 * (`deleted`) and left for the list (`then`), since the document is no more.
 */
export function deleteDraftAction<A extends string>(
  action: ActionMaker<A | 'delete'>,
  options: {
    remove: () => Promise<unknown>;
    confirm: string;
    deleted: string;
    then: () => void;
    /** The confirming button's text: "Excluir rascunho" unless the document names it otherwise. */
    confirmLabel?: string;
  },
): DocumentAction<A | 'delete'> {
  return action(
    'delete',
    async () => {
      await options.remove();
      toast.success(options.deleted);
      options.then();
    },
    {
      confirm: options.confirm,
      confirmLabel: options.confirmLabel ?? 'Excluir rascunho',
      danger: true,
    },
  );
}
