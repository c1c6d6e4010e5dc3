import { Alert, Button, Flex } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import type { StatusMachine } from '../../shared/status-machine.js';
import { ApiError } from '../lib/api-error.js';
import { useSession } from '../lib/session.js';
import { toast } from '../lib/toast.js';
import { visibleActions, type DocumentAction } from './document-actions.js';
import { ConfirmPopover } from './confirm-popover.js';

/** Answers the bar shows under itself: the document moved on (409) or a rule refused (422). */
const shownInline = new Set([409, 422]);

/**
 * The buttons of a document's screen: one per action that its status machine allows from
 * `status` and the signed-in user may do, each asking first when it has `confirm`, spinning while
 * its request runs (the others wait; a second click while one runs does nothing), and a refusal (409 wrong status or stale, 422 a rule) shown
 * as an Alert under the buttons. Callers send those requests with `silent: [409, 422]`; any other
 * error is the HTTP client's toast (announced once). `onSettled` runs after each attempt, done or
 * refused, so the caller can refresh what changed. A refusal the caller shows in a form of its
 * own (`shownByCaller`: a table of every material short) is not repeated under the buttons.
 * `children` go before the actions (Voltar, Imprimir, Histórico).
 */
export function DocumentActionBar<S extends string, A extends string>({
  machine,
  status,
  actions,
  onSettled,
  shownByCaller,
  children,
}: {
  machine: Pick<StatusMachine<S, A>, 'can'>;
  status: S;
  actions: readonly DocumentAction<A>[];
  onSettled?: (action: A, error: unknown) => void;
  shownByCaller?: (error: ApiError) => boolean;
  children?: ReactNode;
}) {
  const { user } = useSession();
  const [running, setRunning] = useState<A | null>(null);
  // `running` disables the buttons only on the next render: a second click a few milliseconds
  // after the first (a double click) would start the action again. This ref says it at once.
  const busy = useRef(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const shown = visibleActions(machine, status, actions, user?.permissions ?? []);

  const start = async (entry: DocumentAction<A>) => {
    if (busy.current) return;
    busy.current = true;
    setRunning(entry.action);
    setRefusal(null);
    let failure: unknown = null;
    try {
      await entry.run();
    } catch (error) {
      failure = error;
      if (error instanceof ApiError && !shownByCaller?.(error)) {
        if (shownInline.has(error.status)) setRefusal(error.message);
        else toast.error(error.message, error.requestId);
      }
    } finally {
      busy.current = false;
      setRunning(null);
    }
    onSettled?.(entry.action, failure);
  };

  return (
    <Flex vertical gap={8} align="flex-end" style={{ minWidth: 0 }}>
      <Flex gap={8} wrap justify="flex-end" data-testid="document-actions">
        {children}
        {shown.map((entry) => {
          const button = (
            <Button
              key={entry.action}
              type={entry.primary ? 'primary' : 'default'}
              danger={entry.danger}
              loading={running === entry.action}
              disabled={running !== null && running !== entry.action}
              data-testid={entry.testId ?? `action-${entry.action}`}
              onClick={entry.confirm ? undefined : () => void start(entry)}
            >
              {entry.label}
            </Button>
          );
          if (!entry.confirm) return button;
          return (
            <ConfirmPopover
              key={entry.action}
              title={entry.confirm}
              description={entry.confirmDescription}
              okText={entry.confirmLabel ?? entry.label}
              okButtonProps={{
                danger: entry.danger,
                ...{ 'data-testid': `confirm-${entry.action}` },
              }}
              onConfirm={() => void start(entry)}
            >
              {button}
            </ConfirmPopover>
          );
        })}
      </Flex>
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          title={refusal}
          data-testid="document-action-error"
          style={{ alignSelf: 'stretch' }}
        />
      )}
    </Flex>
  );
}
