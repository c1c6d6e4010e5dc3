import { optionalNonNegativeMoney } from '../fields.js';
import { defineResource } from '../resource.js';
import { z } from '../zod-messages.js';
import {
  partyColumns,
  partyFields,
  partyFieldSpecs,
  partyFilters,
  partyFiltersSchema,
  partySearchFields,
  partyTailFieldSpecs,
  withDocumentRule,
} from './parties.js';

export const clients = defineResource({
  path: 'clients',
  area: 'clients',
  label: 'Clientes',
  singular: 'Cliente',
  gender: 'm',
  uniqueFields: { document: 'este CPF/CNPJ' },
  schema: withDocumentRule(z.object({ ...partyFields, creditLimit: optionalNonNegativeMoney() })),
  filtersSchema: partyFiltersSchema,
  fields: [
    ...partyFieldSpecs,
    { key: 'creditLimit', label: 'Limite de crédito', kind: 'money', section: 'Outros' },
    ...partyTailFieldSpecs,
  ],
  columns: partyColumns,
  filters: [...partyFilters],
  searchFields: partySearchFields,
  defaultSort: 'name',
  titleField: 'name',
  importable: true,
});
