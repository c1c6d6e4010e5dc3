import type { ResourceDefinition } from '../../shared/resource.js';
import { http } from '../lib/http.js';
import { useInvalidatingMutation, type MutationCallbacks } from '../lib/invalidating-mutation.js';
import { queryKeys } from '../lib/query-keys.js';
import type { FormValues } from './resource-form-values.js';
import type { ResourceRow } from './resource-row.js';

/**
 * The writes of a master-data resource that screens outside its own form make (the list's
 * "Importar", a picker's "+ Novo"), each refreshing what it changed of the resource, the way a
 * workflow's api.ts hooks do.
 */

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

/** A new row from its create route; the form shows 400, 409 and 422 next to its fields. */
export function useCreateResource(
  definition: ResourceDefinition,
  callbacks: MutationCallbacks<ResourceRow, FormValues>,
) {
  return useInvalidatingMutation({
    mutationFn: (input: FormValues) =>
      http.post<ResourceRow>(`/${definition.path}`, input, { silent: [400, 409, 422] }),
    invalidates: [queryKeys.resource(definition.path).lists()],
    ...callbacks,
  });
}
