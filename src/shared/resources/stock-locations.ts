import { optionalText, requiredText } from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { activeLabels, defineResource } from '../resource.js';
import { z } from '../zod-messages.js';

/** Exactly one location is the default: marking another one moves the mark there. */
export const stockLocations = defineResource({
  path: 'stock-locations',
  area: 'stockLocations',
  label: 'Locais de Estoque',
  singular: 'Local de estoque',
  gender: 'm',
  uniqueFields: { name: 'este nome' },
  schema: z.object({
    name: requiredText(60),
    description: optionalText(255),
    isDefault: z.boolean().default(false),
    active: z.boolean().default(true),
  }),
  filtersSchema: z.object({ active: booleanFilter() }),
  fields: [
    { key: 'name', label: 'Nome', kind: 'text', required: true, maxLength: 60 },
    { key: 'description', label: 'Descrição', kind: 'textarea', maxLength: 255 },
    {
      key: 'isDefault',
      label: 'Local padrão',
      kind: 'boolean',
      help: 'Usado quando nenhum local é informado. Só um local é o padrão.',
    },
    { key: 'active', label: 'Ativo', kind: 'boolean' },
  ],
  columns: [
    { key: 'name', label: 'Nome', sortable: true },
    { key: 'description', label: 'Descrição', sortable: true },
    { key: 'isDefault', label: 'Padrão', kind: 'boolean', sortable: true, mobile: true },
    { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true, mobile: true },
  ],
  listFields: ['name', 'description', 'isDefault', 'active'],
  filters: [{ key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels }],
  searchFields: ['name', 'description'],
  defaultSort: 'name',
  titleField: 'name',
  createFromPicker: true,
});
