import { integer, requiredText } from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { activeLabels, defineResource } from '../resource.js';
import { z } from '../zod-messages.js';

export const sizes = defineResource({
  path: 'sizes',
  area: 'sizes',
  label: 'Tamanhos',
  singular: 'Tamanho',
  gender: 'm',
  uniqueFields: { name: 'este nome' },
  schema: z.object({
    name: requiredText(20),
    // Optional: left empty, the size goes first (0).
    sortOrder: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      integer(0, 9999).default(0),
    ),
    active: z.boolean().default(true),
  }),
  filtersSchema: z.object({ active: booleanFilter() }),
  fields: [
    {
      key: 'name',
      label: 'Nome',
      kind: 'text',
      required: true,
      maxLength: 20,
      help: 'P, M, G, 42…',
    },
    { key: 'sortOrder', label: 'Ordem', kind: 'integer', help: 'Posição nas listas (0 a 9999)' },
    { key: 'active', label: 'Ativo', kind: 'boolean' },
  ],
  columns: [
    { key: 'sortOrder', label: 'Ordem', sortable: true },
    { key: 'name', label: 'Nome', sortable: true },
    { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true, mobile: true },
  ],
  listFields: ['sortOrder', 'name', 'active'],
  filters: [{ key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels }],
  searchFields: ['name'],
  defaultSort: 'sortOrder',
  titleField: 'name',
});
