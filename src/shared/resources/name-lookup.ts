import type { CrudArea } from '../permissions.js';
import { requiredText } from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { activeLabels, defineResource } from '../resource.js';
import { z } from '../zod-messages.js';

/** A pré-cadastro that is only a unique name (≤ 60) and `active`: Marcas, Tipos de Materiais. */
export function defineNameLookup(names: {
  path: string;
  area: CrudArea;
  label: string;
  singular: string;
  gender: 'm' | 'f';
}) {
  return defineResource({
    ...names,
    uniqueFields: { name: 'este nome' },
    schema: z.object({ name: requiredText(60), active: z.boolean().default(true) }),
    filtersSchema: z.object({ active: booleanFilter() }),
    fields: [
      { key: 'name', label: 'Nome', kind: 'text', required: true, maxLength: 60 },
      { key: 'active', label: 'Ativo', kind: 'boolean' },
    ],
    columns: [
      { key: 'name', label: 'Nome', sortable: true },
      { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true, mobile: true },
    ],
    listFields: ['name', 'active'],
    filters: [{ key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels }],
    searchFields: ['name'],
    defaultSort: 'name',
    titleField: 'name',
  });
}
