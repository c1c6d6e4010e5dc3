import { integer, optionalText } from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { messages } from '../messages.js';
import { activeLabels, defineResource } from '../resource.js';
import { z } from '../zod-messages.js';

export const unitsOfMeasurement = defineResource({
  path: 'units-of-measurement',
  area: 'unitsOfMeasurement',
  label: 'Unidades de Medida',
  singular: 'Unidade de medida',
  gender: 'f',
  uniqueFields: { code: 'este código' },
  schema: z.object({
    code: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z
        .string()
        .min(1)
        .max(6)
        .regex(/^[A-Z0-9²³]+$/, messages.pattern),
    ),
    description: optionalText(60),
    decimals: integer(0, 3),
    active: z.boolean().default(true),
  }),
  filtersSchema: z.object({ active: booleanFilter() }),
  fields: [
    {
      key: 'code',
      label: 'Código',
      kind: 'text',
      required: true,
      maxLength: 6,
      help: 'UN, KG, M, L…',
    },
    { key: 'description', label: 'Descrição', kind: 'text', maxLength: 60 },
    {
      key: 'decimals',
      label: 'Casas decimais',
      kind: 'integer',
      required: true,
      help: 'Quantas casas decimais uma quantidade nesta unidade pode ter (0 a 3)',
    },
    { key: 'active', label: 'Ativo', kind: 'boolean' },
  ],
  columns: [
    { key: 'code', label: 'Código', sortable: true },
    { key: 'description', label: 'Descrição', sortable: true, mobile: true },
    { key: 'decimals', label: 'Casas decimais', sortable: true },
    { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true, mobile: true },
  ],
  listFields: ['code', 'description', 'decimals', 'active'],
  filters: [{ key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels }],
  searchFields: ['code', 'description'],
  defaultSort: 'code',
  titleField: 'code',
  detailField: 'description',
  createFromPicker: true,
});
