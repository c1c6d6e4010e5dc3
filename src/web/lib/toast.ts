/**
 * Toasts per DOMAIN §14, callable from anywhere (the HTTP client, pages, hooks). This module is
 * in the login page's bundle through the HTTP client, so it holds no antd: the notices are drawn
 * by toast-notices.tsx, loaded on the first toast (the signed-in pages' frame has it loaded
 * already, so their toasts appear at once).
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

const notices = () => import('./toast-notices.js');

function show(kind: ToastKind, title: string, requestId?: string, onClosed?: () => void): void {
  void notices().then(({ showNotice }) => showNotice(kind, title, requestId, onClosed));
}

/**
 * Requests whose error is on screen. One failed request is one toast: the HTTP client announces
 * an error, and a page that handles some answers itself may pass the others on to `toast.error`
 * again; that second call finds the request here and shows nothing.
 */
const announced = new Set<string>();

export const toast = {
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
  /** An error, with the request id so that support can find the server's log line. */
  error: (message: string, requestId?: string) => {
    if (!requestId) return show('error', message);
    if (announced.has(requestId)) return;
    announced.add(requestId);
    show('error', message, requestId, () => announced.delete(requestId));
  },
};
