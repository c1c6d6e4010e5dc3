import { requiredEnum, requiredText } from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { activeLabels, defineResource } from '../resource.js';
import { z } from '../zod-messages.js';
import { optionalReference } from './items.js';

const financialKinds = { INCOME: 'Receita', EXPENSE: 'Despesa' } as const;

/** The line of the management income statement (DRE gerencial) a category feeds. */
export const dreGroups = {
  GROSS_REVENUE: 'Receita bruta',
  DEDUCTIONS: 'Deduções',
  COSTS: 'Custos',
  OPERATING_EXPENSES: 'Despesas operacionais',
  FINANCIAL_RESULT: 'Resultado financeiro',
  OTHER: 'Outras',
} as const;

const kindEnum = requiredEnum(Object.keys(financialKinds) as [keyof typeof financialKinds]);
const dreGroupEnum = requiredEnum(Object.keys(dreGroups) as [keyof typeof dreGroups]);

/**
 * Plano de Contas (DOMAIN §9): a tree of income and expense categories. The server keeps a parent
 * of the same kind and no cycles; a name is unique among its siblings.
 */
export const financialCategories = defineResource({
  path: 'financial-categories',
  area: 'financialCategories',
  label: 'Plano de Contas',
  singular: 'Categoria financeira',
  gender: 'f',
  uniqueFields: { name: 'este nome na mesma categoria superior' },
  schema: z.object({
    parentId: optionalReference(),
    name: requiredText(60),
    kind: kindEnum,
    dreGroup: dreGroupEnum,
    active: z.boolean().default(true),
  }),
  filtersSchema: z.object({
    active: booleanFilter(),
    kind: kindEnum.optional(),
    dreGroup: dreGroupEnum.optional(),
  }),
  fields: [
    {
      key: 'parentId',
      label: 'Categoria superior',
      kind: 'reference',
      references: 'financial-categories',
      help: 'Da mesma natureza (receita ou despesa); vazio para uma categoria de primeiro nível',
    },
    { key: 'name', label: 'Nome', kind: 'text', required: true, maxLength: 60 },
    { key: 'kind', label: 'Natureza', kind: 'enum', options: financialKinds, required: true },
    { key: 'dreGroup', label: 'Grupo da DRE', kind: 'enum', options: dreGroups, required: true },
    { key: 'active', label: 'Ativo', kind: 'boolean' },
  ],
  columns: [
    { key: 'name', label: 'Nome', sortable: true },
    {
      key: 'parentId',
      label: 'Categoria superior',
      kind: 'reference',
      references: 'financial-categories',
    },
    {
      key: 'kind',
      label: 'Natureza',
      kind: 'enum',
      options: financialKinds,
      sortable: true,
      mobile: true,
    },
    { key: 'dreGroup', label: 'Grupo da DRE', kind: 'enum', options: dreGroups, sortable: true },
    { key: 'active', label: 'Ativo', kind: 'boolean', sortable: true, mobile: true },
  ],
  listFields: ['name', 'parentId', 'kind', 'dreGroup', 'active'],
  filters: [
    { key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels },
    { key: 'kind', label: 'Natureza', kind: 'enum', options: financialKinds },
    { key: 'dreGroup', label: 'Grupo da DRE', kind: 'enum', options: dreGroups },
  ],
  searchFields: ['name'],
  defaultSort: 'name',
  titleField: 'name',
});
