import { optionalNonNegativeMoney } from '../fields.js';
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
  listFields: partyListFields,
  filters: [...partyFilters],
  searchFields: partySearchFields,
  defaultSort: 'name',
  titleField: 'name',
  importable: true,
});

/** One client as GET /clients/:id answers it: every field, the form's. */
export const clientDetailSchema = resourceOutputSchema(clients);
export type ClientDetail = z.output<typeof clientDetailSchema>;
/** A row of the clients' list: what its columns show. */
export const clientSummarySchema = resourceSummarySchema(clients);
export type ClientSummary = z.output<typeof clientSummarySchema>;
