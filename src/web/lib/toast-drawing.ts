/**
 * Who draws toasts right now: the holder inside the signed-in pages (toast-notices.tsx) while it
 * is mounted, so that a toast shows in the same render as what caused it. A module of its own so
 * that lib/toast (no antd) and the drawing (antd) do not import each other.
 */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export type DrawToast = (
  kind: ToastKind,
  title: string,
  requestId?: string,
  onClosed?: () => void,
) => void;

let drawing: DrawToast | undefined;

export function setToastDrawing(next: DrawToast | undefined): void {
  drawing = next;
}

export function toastDrawing(): DrawToast | undefined {
  return drawing;
}
