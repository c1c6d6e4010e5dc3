import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '../../../shared/resources/account.js';
import { authStorage } from '../../lib/auth-storage.js';
import { http } from '../../lib/http.js';
import type { MutationCallbacks } from '../../lib/invalidating-mutation.js';
import { queryClient } from '../../lib/query-client.js';
import { queryKeys } from '../../lib/query-keys.js';

/**
 * The login's schema, fetched when first needed rather than with the page: it brings zod, about
 * 25 KB of the login page's 200 KB of gzipped JavaScript (issue 21). The page asks for it as soon
 * as the user types or clicks in the form, so it is there by the time a field is validated.
 */
export const loadLoginSchema = async () =>
  (await import('../../../shared/resources/account.js')).loginSchema;

/** "Entrar": the session starts. */
export function useSignIn(callbacks: MutationCallbacks<LoginResponse, LoginInput>) {
  return useMutation({
    mutationFn: async (input: LoginInput) =>
      http.post<LoginResponse>('/account/login', (await loadLoginSchema()).parse(input), {
        anonymous: true,
        // The login page says every failure itself, at a field or above the form: no toast.
        silent: true,
      }),
    ...callbacks,
    onSuccess: (answer, ...rest) => {
      authStorage.signIn(answer.accessToken, answer.userToken);
      queryClient.setQueryData(queryKeys.account.me(), answer.userToken);
      return callbacks.onSuccess?.(answer, ...rest);
    },
  });
}
