import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import {
  invalidatingMutationOptions,
  type MutationCallbacks,
} from '../lib/invalidating-mutation.js';

/** The reads of one document resource (its `resourceKeys`): all of them, and one's detail. */
interface DocumentKeys {
  all: QueryKey;
  detail: (id: number) => QueryKey;
}

/** What a document's form saves: a new document, or one's changes with the version read. */
export type DocumentSave<TCreate, TUpdate> =
  { id?: undefined; input: TCreate } | { id: number; input: TUpdate };

/** The caller's onSuccess, after the answer is kept as the document's detail when it is one. */
function keepingDetail<TData, TVariables>(
  client: QueryClient,
  keys: DocumentKeys,
  callbacks: MutationCallbacks<TData, TVariables> | undefined,
): MutationCallbacks<TData, TVariables>['onSuccess'] {
  return (answer, ...rest) => {
    if (typeof answer === 'object' && answer !== null && 'id' in answer) {
      if (typeof answer.id === 'number') client.setQueryData(keys.detail(answer.id), answer);
    }
    return callbacks?.onSuccess?.(answer, ...rest);
  };
}

/**
 * The options of an action on a document (approve, receive, start, pay, cancel, delete…), the
 * base of each feature's hooks in api.ts: once done, the document's reads (lists, detail,
 * timeline) and `changes`, what its effect reaches besides (the stock, the bills, the
 * accounts…), are read again, and a detail it answers is shown at once; a refusal (someone else
 * acted first) reads the document again, so the screen shows where it now stands.
 */
export function documentActionOptions<TData, TVariables>(
  client: QueryClient,
  keys: DocumentKeys,
  mutationFn: (variables: TVariables) => Promise<TData>,
  changes: readonly QueryKey[],
  callbacks?: MutationCallbacks<TData, TVariables>,
) {
  return invalidatingMutationOptions(client, {
    mutationFn,
    invalidates: [keys.all, ...changes],
    invalidatesOnError: [keys.all],
    ...callbacks,
    onSuccess: keepingDetail(client, keys, callbacks),
  });
}

/**
 * The options of "Salvar" of a document's form: POST a new one or PUT one's changes. Its answer
 * is the detail shown next; a save reaches nothing but the document's own reads. A refusal reads
 * nothing again: the form keeps what was typed and offers to reload (use-record-form).
 */
export function documentSaveOptions<TDetail, TCreate, TUpdate>(
  client: QueryClient,
  keys: DocumentKeys,
  api: {
    create: (input: TCreate) => Promise<TDetail>;
    update: (id: number, input: TUpdate) => Promise<TDetail>;
  },
  callbacks?: MutationCallbacks<TDetail, DocumentSave<TCreate, TUpdate>>,
) {
  return invalidatingMutationOptions<TDetail, DocumentSave<TCreate, TUpdate>>(client, {
    mutationFn: (save) =>
      save.id === undefined ? api.create(save.input) : api.update(save.id, save.input),
    invalidates: [keys.all],
    ...callbacks,
    onSuccess: keepingDetail(client, keys, callbacks),
  });
}

export function useDocumentAction<TData, TVariables>(
  keys: DocumentKeys,
  mutationFn: (variables: TVariables) => Promise<TData>,
  changes: readonly QueryKey[],
  callbacks?: MutationCallbacks<TData, TVariables>,
) {
  return useMutation(documentActionOptions(useQueryClient(), keys, mutationFn, changes, callbacks));
}

export function useSaveDocument<TDetail, TCreate, TUpdate>(
  keys: DocumentKeys,
  api: Parameters<typeof documentSaveOptions<TDetail, TCreate, TUpdate>>[2],
  callbacks?: MutationCallbacks<TDetail, DocumentSave<TCreate, TUpdate>>,
) {
  return useMutation(documentSaveOptions(useQueryClient(), keys, api, callbacks));
}
