import { useQuery } from '@tanstack/react-query';
import type { UserToken } from '../../../shared/resources/account.js';
import { authStorage } from '../../lib/auth-storage.js';
import { http } from '../../lib/http.js';
import { queryKeys } from '../../lib/query-keys.js';

/**
 * Re-reads the signed-in user once per session (and every few minutes), so a role changed by an
 * administrator reaches the menu without signing out; an expired token meets its 401 here too.
 */
export function useUserRefresh(token: string | null): void {
  useQuery({
    queryKey: queryKeys.account.me(),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const user = await http.get<UserToken>('/account/me', { silent: true, signal });
      // The answer may arrive after a sign-out or a sign-in as someone else: keep it only if the
      // session it was asked for is still the current one.
      if (authStorage.getToken() === token) authStorage.setUser(user);
      return user;
    },
  });
}
