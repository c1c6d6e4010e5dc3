import { useCallback, useRef } from 'react';

/**
 * One submission at a time for a form or a button (issue 16 §6): `submitOnce(() =>
 * save.mutateAsync(values))`. A mutation's `isPending` and a button's `loading` change only on the
 * next render, and antd checks a form's fields asynchronously, so two clicks a few milliseconds
 * apart both reach `onFinish` with `isPending` still false. This guard is a ref, set synchronously
 * by the first call, so a call while the first runs is dropped; it lets go when the submission
 * settles (its errors are the mutation's `onError` to show). The request itself carries an
 * Idempotency-Key (lib/http.ts), so a submission that gets past a guard still acts once.
 */
export function useSingleSubmit() {
  const running = useRef(false);
  return useCallback((submit: () => Promise<unknown>): void => {
    if (running.current) return;
    running.current = true;
    let settled: Promise<unknown>;
    try {
      settled = submit();
    } catch (error) {
      running.current = false;
      throw error;
    }
    void settled
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
      });
  }, []);
}
