import { notification, Typography } from 'antd';
import type { NotificationArgsProps } from 'antd';
import { useEffect } from 'react';
import { messages } from '../../shared/messages.js';
import type { ToastKind } from './toast.js';

/**
 * How toasts (lib/toast.ts) are drawn, DOMAIN §14: top right, newest on top, no limit on how
 * many are open, 5000 ms on screen, paused while the pointer is over one and closing 1000 ms
 * after it leaves.
 *
 * antd can pause on hover but, on leaving, only resumes what was left of the 5 s; it has no
 * "extended time-out". So the timers are ours: antd gets `duration: false` and we close the
 * notice ourselves, 5 s after opening or 1 s after the pointer leaves.
 */
const TOAST_DURATION_MS = 5000;
const TOAST_EXTENDED_MS = 1000;

const notificationConfig = {
  placement: 'topRight',
  // Without stacking every open toast is shown in full; maxCount stays unset: no limit.
  stack: false,
  pauseOnHover: true,
} as const;

// The holder's instance follows the ConfigProvider theme and locale; the static one is the
// fallback for a toast raised where no holder is mounted (the login page).
type NotificationApi = ReturnType<typeof notification.useNotification>[0];
let api: NotificationApi = notification;

/**
 * The toasts' holder, placed inside the ConfigProvider (app/antd-providers.tsx): it hands its
 * themed, localised notification instance to `showNotice`, usable outside React.
 */
export function ToastHolder() {
  const [instance, holder] = notification.useNotification(notificationConfig);
  useEffect(() => {
    api = instance;
    return () => {
      api = notification;
    };
  }, [instance]);
  return holder;
}

let sequence = 0;

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

/** Opens a notice, with the request id for support under an error's title when there is one. */
export function showNotice(
  kind: ToastKind,
  title: string,
  requestId?: string,
  onClosed?: () => void,
): void {
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
    actions: requestId ? <RequestCode requestId={requestId} /> : undefined,
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
