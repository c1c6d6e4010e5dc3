import { nonNegativeMoney, requiredEnum, requiredText } from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { activeLabels, defineResource } from '../resource.js';
import { z } from '../zod-messages.js';

const outlayKinds = { PER_UNIT: 'Por unidade', PER_ORDER: 'Por ordem' } as const;

export const outlays = defineResource({
  path: 'outlays',
  area: 'outlays',
  label: 'Custos de Produção',
  singular: 'Custo de produção',
  gender: 'm',
  uniqueFields: { name: 'este nome' },
  schema: z.object({
    name: requiredText(60),
    kind: requiredEnum(['PER_UNIT', 'PER_ORDER']),
    defaultValue: nonNegativeMoney().default('0.00'),
    active: z.boolean().default(true),
  }),
  filtersSchema: z.object({
    active: booleanFilter(),
    kind: z.enum(['PER_UNIT', 'PER_ORDER']).optional(),
  }),
  fields: [
    {
      key: 'name',
      label: 'Nome',
      kind: 'text',
      required: true,
      maxLength: 60,
      help: 'Mão de obra, Energia…',
    },
    { key: 'kind', label: 'Tipo', kind: 'enum', options: outlayKinds, required: true },
    { key: 'defaultValue', label: 'Valor padrão', kind: 'money', required: true },
    { key: 'active', label: 'Ativo', kind: 'boolean' },
  ],
  columns: [
    { key: 'name', label: 'Nome', sortable: true },
    { key: 'kind', label: 'Tipo', kind: 'enum', options: outlayKinds, sortable: true },
    { key: 'defaultValue', label: 'Valor padrão', kind: 'money', sortable: true, mobile: true },
    { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true, mobile: true },
  ],
  listFields: ['name', 'kind', 'defaultValue', 'active'],
  filters: [
    { key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels },
    { key: 'kind', label: 'Tipo', kind: 'enum', options: outlayKinds },
  ],
  searchFields: ['name'],
  defaultSort: 'name',
  titleField: 'name',
});
