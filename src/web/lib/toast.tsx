import { notification, Typography } from 'antd';
import type { NotificationArgsProps } from 'antd';
import type { ReactNode } from 'react';
import { messages } from '../../shared/messages.js';

/**
 * Toasts per DOMAIN §14: top right, newest on top, no limit on how many are open, 5000 ms on
 * screen, paused while the pointer is over one and closing 1000 ms after it leaves.
 *
 * antd can pause on hover but, on leaving, only resumes what was left of the 5 s; it has no
 * "extended time-out". So the timers are ours: antd gets `duration: false` and we close the
 * notice ourselves, 5 s after opening or 1 s after the pointer leaves.
 */
const TOAST_DURATION_MS = 5000;
const TOAST_EXTENDED_MS = 1000;

/** Options for antd's notification holder (app/providers.tsx). */
export const notificationConfig = {
  placement: 'topRight',
  // Without stacking every open toast is shown in full; maxCount stays unset: no limit.
  stack: false,
  pauseOnHover: true,
} as const;

// The holder's instance follows the ConfigProvider theme and locale; the static one is the
// fallback for a toast raised before the app has mounted.
type NotificationApi = ReturnType<typeof notification.useNotification>[0];
let api: NotificationApi = notification;

export function registerNotificationApi(instance: NotificationApi): void {
  api = instance;
}

let sequence = 0;

type Kind = 'success' | 'error' | 'info' | 'warning';

/**
 * Requests whose error is on screen. One failed request is one toast: the HTTP client announces
 * an error, and a page that handles some answers itself may pass the others on to `toast.error`
 * again; that second call finds the request here and shows nothing.
 */
const announced = new Set<string>();

/** The request id for support: short and secondary, copied whole. */
function RequestCode({ requestId }: { requestId: string }) {
  return (
    <Typography.Text
      type="secondary"
      style={{ fontSize: 12 }}
      copyable={{ text: requestId, tooltips: [messages.copyRequestCode, messages.copied] }}
      data-testid="toast-request-code"
    >
      {messages.requestCode(requestId.slice(0, 8))}
    </Typography.Text>
  );
}

function show(kind: Kind, title: string, actions?: ReactNode, onClosed?: () => void): void {
  const key = `toast-${++sequence}`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const close = () => {
    api.destroy(key);
    onClosed?.();
  };
  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(close, ms);
  };
  // antd passes unknown options through to the notice element, whose own handlers run first;
  // the extra listeners are typed here because ArgsProps does not declare them.
  const args: NotificationArgsProps & {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
  } = {
    key,
    title,
    actions,
    duration: false,
    onClose: () => {
      clearTimeout(timer);
      onClosed?.();
    },
    onMouseEnter: () => clearTimeout(timer),
    onMouseLeave: () => schedule(TOAST_EXTENDED_MS),
  };
  api[kind](args);
  schedule(TOAST_DURATION_MS);
}

export const toast = {
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
  /** An error, with the request id so that support can find the server's log line. */
  error: (message: string, requestId?: string) => {
    if (!requestId) return show('error', message);
    if (announced.has(requestId)) return;
    announced.add(requestId);
    show('error', message, <RequestCode requestId={requestId} />, () =>
      announced.delete(requestId),
    );
  },
};
