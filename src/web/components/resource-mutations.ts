import { useQueryClient } from '@tanstack/react-query';
import type { ResourceDefinition } from '../../shared/resource.js';
import { http } from '../lib/http.js';
import { useInvalidatingMutation, type MutationCallbacks } from '../lib/invalidating-mutation.js';
import { queryKeys } from '../lib/query-keys.js';
import type { FormValues } from './resource-form-values.js';
import type { ResourceRow } from './resource-row.js';

/**
 * The writes of a master-data resource (its form's save, delete and "Inativar", the list's
 * "Importar", a picker's "+ Novo"), each refreshing what it changed of the resource, the way a
 * workflow's api.ts hooks do.
 */

/** What the resource form saves: a new row (`target` null), or a row's changes on its version. */
interface ResourceSave {
  target: ResourceRow | null;
  input: FormValues;
}

/**
 * "Salvar" of the resource form, "Inativar" (the row as loaded, `active` false) and a picker's
 * "+ Novo" (no target): POST or PUT; 400, 409 and 422 are the form's to show. The answer becomes
 * the row's cache entry; the lists and the row's history are read again.
 */
export function useSaveResource(
  definition: ResourceDefinition,
  callbacks: MutationCallbacks<ResourceRow, ResourceSave> = {},
) {
  const client = useQueryClient();
  const keys = queryKeys.resource(definition.path);
  const silent = { silent: [400, 409, 422] } as const;
  return useInvalidatingMutation({
    mutationFn: ({ target, input }: ResourceSave) =>
      target
        ? http.put<ResourceRow>(
            `/${definition.path}/${target.id}`,
            { ...input, version: target.version },
            silent,
          )
        : http.post<ResourceRow>(`/${definition.path}`, input, silent),
    invalidates: (saved) => [keys.lists(), keys.audit(saved.id)],
    ...callbacks,
    onSuccess: (saved, ...rest) => {
      client.setQueryData(keys.detail(saved.id), saved);
      return callbacks.onSuccess?.(saved, ...rest);
    },
  });
}

/** "Excluir" the row of this id; 409 (in use) is the form's to show. */
export function useDeleteResource(
  definition: ResourceDefinition,
  callbacks: MutationCallbacks<void, number> = {},
) {
  const client = useQueryClient();
  const keys = queryKeys.resource(definition.path);
  return useInvalidatingMutation({
    mutationFn: (id: number) => http.delete(`/${definition.path}/${id}`, { silent: [409] }),
    invalidates: (_, id) => [keys.lists(), keys.audit(id)],
    ...callbacks,
    onSuccess: (answer, id, ...rest) => {
      client.removeQueries({ queryKey: keys.detail(id) });
      return callbacks.onSuccess?.(answer, id, ...rest);
    },
  });
}

/** "Importar": a .xlsx or .csv of new rows; the list shows 400 (the problems) itself. */
export function useImportResource(
  definition: ResourceDefinition,
  callbacks: MutationCallbacks<{ imported: number }, File>,
) {
  return useInvalidatingMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return http.upload<{ imported: number }>(`/${definition.path}/import`, form, {
        silent: [400],
      });
    },
    invalidates: [queryKeys.resource(definition.path).all],
    ...callbacks,
  });
}
