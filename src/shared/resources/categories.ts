import { optionalText, requiredText } from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { activeLabels, defineResource } from '../resource.js';
import { z } from '../zod-messages.js';

export const categories = defineResource({
  path: 'categories',
  area: 'categories',
  label: 'Categorias',
  singular: 'Categoria',
  gender: 'f',
  uniqueFields: { name: 'este nome' },
  schema: z.object({
    name: requiredText(60),
    description: optionalText(255),
    active: z.boolean().default(true),
  }),
  filtersSchema: z.object({ active: booleanFilter() }),
  fields: [
    { key: 'name', label: 'Nome', kind: 'text', required: true, maxLength: 60 },
    { key: 'description', label: 'Descrição', kind: 'textarea', maxLength: 255 },
    { key: 'active', label: 'Ativo', kind: 'boolean' },
  ],
  columns: [
    { key: 'name', label: 'Nome', sortable: true },
    { key: 'description', label: 'Descrição', sortable: true },
    { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true, mobile: true },
  ],
  listFields: ['name', 'description', 'active'],
  filters: [{ key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels }],
  searchFields: ['name', 'description'],
  defaultSort: 'name',
  titleField: 'name',
  createFromPicker: true,
});
