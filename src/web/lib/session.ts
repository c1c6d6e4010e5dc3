import { useSyncExternalStore } from 'react';
import type { Permission } from '../../shared/permissions.js';
import { authStorage, type Session } from './auth-storage.js';
import { hasPermission } from './has-permission.js';
import { http } from './http.js';
import { queryClient } from './query-client.js';

/** The signed-in user and token, re-rendering whoever reads them when the session changes. */
export function useSession(): Session {
  return useSyncExternalStore(authStorage.subscribe, authStorage.getSession);
}

/** Whether the signed-in user holds a permission; the server checks it again on every call. */
export function usePermission(permission: Permission): boolean {
  return hasPermission(useSession().user, permission);
}

/**
 * Ends the session: on the server (its token is refused from then on, even if it was copied),
 * and in this browser the stored token and user and every cached answer, so the next user of
 * this browser never sees the previous one's data. The browser forgets at once, without waiting
 * for the server's answer (the token is read before it is cleared).
 */
export function endSession(): void {
  if (authStorage.getToken()) {
    http
      .post('/account/logout', undefined, { silent: true, endingSession: true })
      .catch(() => undefined);
  }
  authStorage.clear();
  queryClient.clear();
}
