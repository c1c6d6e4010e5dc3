import { optionalText } from '../fields.js';
import { defineResource } from '../resource.js';
import { resourceOutputSchema, resourceSummarySchema } from '../resource-output.js';
import { z } from '../zod-messages.js';
import {
  partyColumns,
  partyFields,
  partyFieldSpecs,
  partyFilters,
  partyListFields,
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
  listFields: partyListFields,
  filters: [...partyFilters],
  searchFields: partySearchFields,
  defaultSort: 'name',
  titleField: 'name',
  createFromPicker: true,
  importable: true,
});

/** One supplier as GET /suppliers/:id answers it: every field, the form's. */
export const supplierDetailSchema = resourceOutputSchema(suppliers);
export type SupplierDetail = z.output<typeof supplierDetailSchema>;
/** A row of the suppliers' list: what its columns show. */
export const supplierSummarySchema = resourceSummarySchema(suppliers);
export type SupplierSummary = z.output<typeof supplierSummarySchema>;
