import { useMutation } from '@tanstack/react-query';
import {
  passwordChangeSchema,
  profileSchema,
  type PasswordChangeInput,
  type ProfileInput,
  type UserToken,
} from '../../../shared/resources/account.js';
import { authStorage } from '../../lib/auth-storage.js';
import { http } from '../../lib/http.js';
import type { MutationCallbacks } from '../../lib/invalidating-mutation.js';
import { queryClient } from '../../lib/query-client.js';
import { queryKeys } from '../../lib/query-keys.js';

/**
 * The signed-in user's own writes. They change no list: they keep the session (token and user in
 * storage) and the user's cache entry, which the menu and the account page read.
 */

/** "Dados pessoais": the name; 400 goes next to the field. */
export function useSaveProfile(callbacks: MutationCallbacks<UserToken, ProfileInput>) {
  return useMutation({
    mutationFn: (input: ProfileInput) =>
      http.put<UserToken>('/account/profile', profileSchema.parse(input), { silent: [400] }),
    ...callbacks,
    onSuccess: (updated, ...rest) => {
      authStorage.setUser(updated);
      queryClient.setQueryData(queryKeys.account.me(), updated);
      return callbacks.onSuccess?.(updated, ...rest);
    },
  });
}

/** "Alterar senha": a wrong current password is a 422 naming `currentPassword`. */
export function useChangePassword(callbacks: MutationCallbacks<void, PasswordChangeInput>) {
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      http.put<void>('/account/password', passwordChangeSchema.parse(input), {
        silent: [400, 422],
      }),
    ...callbacks,
  });
}
