import { optionalHexColor, requiredText } from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { activeLabels, defineResource } from '../resource.js';
import { z } from '../zod-messages.js';

export const colors = defineResource({
  path: 'colors',
  area: 'colors',
  label: 'Cores',
  singular: 'Cor',
  gender: 'f',
  uniqueFields: { name: 'este nome' },
  schema: z.object({
    name: requiredText(60),
    hex: optionalHexColor(),
    active: z.boolean().default(true),
  }),
  filtersSchema: z.object({ active: booleanFilter() }),
  fields: [
    { key: 'name', label: 'Nome', kind: 'text', required: true, maxLength: 60 },
    { key: 'hex', label: 'Cor (hexadecimal)', kind: 'color', help: 'Formato #RRGGBB' },
    { key: 'active', label: 'Ativo', kind: 'boolean' },
  ],
  columns: [
    { key: 'hex', label: 'Cor', kind: 'color', mobile: true },
    { key: 'name', label: 'Nome', sortable: true },
    { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true, mobile: true },
  ],
  listFields: ['hex', 'name', 'active'],
  filters: [{ key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels }],
  searchFields: ['name', 'hex'],
  defaultSort: 'name',
  titleField: 'name',
});
