import { requiredText } from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { activeLabels, defineResource } from '../resource.js';
import { z } from '../zod-messages.js';

export const materialTypes = defineResource({
  path: 'material-types',
  area: 'materialTypes',
  label: 'Tipos de Materiais',
  singular: 'Tipo de material',
  schema: z.object({ name: requiredText(60), active: z.boolean().default(true) }),
  filtersSchema: z.object({ active: booleanFilter() }),
  fields: [
    { key: 'name', label: 'Nome', kind: 'text', required: true, maxLength: 60 },
    { key: 'active', label: 'Ativo', kind: 'boolean' },
  ],
  columns: [
    { key: 'name', label: 'Nome', sortable: true },
    { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true },
  ],
  filters: [{ key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels }],
  searchFields: ['name'],
  defaultSort: 'name',
  titleField: 'name',
});
