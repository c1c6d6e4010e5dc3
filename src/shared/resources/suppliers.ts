import { optionalText } from '../fields.js';
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

export const suppliers = defineResource({
  path: 'suppliers',
  area: 'suppliers',
  label: 'Fornecedores',
  singular: 'Fornecedor',
  gender: 'm',
  uniqueFields: { document: 'este CPF/CNPJ' },
  schema: withDocumentRule(z.object({ ...partyFields, contactName: optionalText(120) })),
  filtersSchema: partyFiltersSchema,
  fields: [
    ...partyFieldSpecs,
    { key: 'contactName', label: 'Contato', kind: 'text', maxLength: 120, section: 'Contato' },
    ...partyTailFieldSpecs,
  ],
  columns: partyColumns,
  filters: [...partyFilters],
  searchFields: partySearchFields,
  defaultSort: 'name',
  titleField: 'name',
  createFromPicker: true,
  importable: true,
});
