import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';

/**
 * A mutation that names the reads it changes. The hooks of each feature's api.ts are built on it,
 * so a screen that posts a movement or settles a bill never picks query keys itself: what an
 * action invalidates is written once, beside the request.
 */
interface InvalidatingMutationOptions<TData, TVariables> extends UseMutationOptions<
  TData,
  Error,
  TVariables
> {
  /** Every read the action changes when it succeeds (from its answer, when that names them). */
  invalidates: readonly QueryKey[] | ((data: TData, variables: TVariables) => readonly QueryKey[]);
  /**
   * What a refusal may have changed too (someone else acted first, so the screen is behind): the
   * document read again to show its real state. Nothing when absent.
   */
  invalidatesOnError?: readonly QueryKey[];
}

/** The caller's part of an api.ts hook: what the screen does with the answer or the refusal. */
export type MutationCallbacks<TData, TVariables = void> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  'onSuccess' | 'onError' | 'onSettled'
>;

function invalidateAll(client: QueryClient, keys: readonly QueryKey[] | undefined) {
  for (const queryKey of keys ?? []) void client.invalidateQueries({ queryKey });
}

/** The options of such a mutation for `client` (separate from the hook so it is testable). */
export function invalidatingMutationOptions<TData, TVariables>(
  client: QueryClient,
  { invalidates, invalidatesOnError, ...options }: InvalidatingMutationOptions<TData, TVariables>,
): UseMutationOptions<TData, Error, TVariables> {
  return {
    ...options,
    onSuccess: (...args) => {
      const [data, variables] = args;
      invalidateAll(
        client,
        typeof invalidates === 'function' ? invalidates(data, variables) : invalidates,
      );
      return options.onSuccess?.(...args);
    },
    onError: (...args) => {
      invalidateAll(client, invalidatesOnError);
      return options.onError?.(...args);
    },
  };
}

export function useInvalidatingMutation<TData, TVariables = void>(
  options: InvalidatingMutationOptions<TData, TVariables>,
) {
  const client = useQueryClient();
  return useMutation(invalidatingMutationOptions(client, options));
}
