import { id, requiredText, version } from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { activeLabels, defineResource } from '../resource.js';
import {
  resourceOutputSchema,
  resourceSummarySchema,
  type ResourceRow,
} from '../resource-output.js';
import { z } from '../zod-messages.js';
import {
  activeColumn,
  averageCostField,
  itemCode,
  itemCodeColumn,
  itemCodeField,
  itemNameColumn,
  itemOutputExtras,
  minimumStock,
  minimumStockField,
  optionalReference,
  stockColumn,
  stockField,
  unitColumn,
  unitField,
} from './items.js';

/**
 * Insumos (DOMAIN §3): items of kind FEEDSTOCK, the raw materials that bills of materials use.
 * Their average cost and last purchase price are written by stock postings, never by this form.
 */
const feedstockFields = {
  code: itemCode(),
  name: requiredText(120),
  materialTypeId: optionalReference(),
  unitId: id(),
  colorId: optionalReference(),
  defaultSupplierId: optionalReference(),
  minimumStock: minimumStock(),
  active: z.boolean().default(true),
};
export const feedstockSchema = z.object(feedstockFields);
export const feedstockUpdateSchema = z.object({ ...feedstockFields, version: version() });

export const feedstockFiltersSchema = z.object({
  active: booleanFilter(),
  materialTypeId: id().optional(),
  defaultSupplierId: id().optional(),
});

export const feedstocks = defineResource({
  path: 'feedstocks',
  area: 'feedstocks',
  label: 'Insumos',
  singular: 'Insumo',
  gender: 'm',
  schema: feedstockSchema,
  filtersSchema: feedstockFiltersSchema,
  fields: [
    itemCodeField,
    { key: 'name', label: 'Nome', kind: 'text', required: true, maxLength: 120 },
    {
      key: 'materialTypeId',
      label: 'Tipo de material',
      kind: 'reference',
      references: 'material-types',
    },
    unitField,
    { key: 'colorId', label: 'Cor', kind: 'reference', references: 'colors' },
    {
      key: 'defaultSupplierId',
      label: 'Fornecedor padrão',
      kind: 'reference',
      references: 'suppliers',
    },
    minimumStockField,
    averageCostField,
    {
      key: 'lastPurchasePrice',
      label: 'Último preço de compra',
      kind: 'unitCost',
      readOnly: true,
    },
    stockField,
    { key: 'active', label: 'Ativo', kind: 'boolean' },
  ],
  columns: [
    itemCodeColumn,
    itemNameColumn,
    unitColumn,
    { key: 'averageCost', label: 'Custo médio', kind: 'unitCost' },
    stockColumn,
    activeColumn,
  ],
  // Besides the columns, what the documents' item pickers read of a row: the unit (its
  // decimals), the last price a purchase starts with and whom it is bought from.
  listFields: [
    'code',
    'name',
    'unitId',
    'unitCode',
    'averageCost',
    'lastPurchasePrice',
    'defaultSupplierId',
    'stock',
    'active',
  ],
  filters: [
    { key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels },
    {
      key: 'materialTypeId',
      label: 'Tipo de material',
      kind: 'reference',
      references: 'material-types',
    },
    {
      key: 'defaultSupplierId',
      label: 'Fornecedor padrão',
      kind: 'reference',
      references: 'suppliers',
    },
  ],
  searchFields: ['code', 'name'],
  defaultSort: 'name',
  titleField: 'name',
  importable: true,
});

export const feedstockOutputSchema = resourceOutputSchema(feedstocks).extend(itemOutputExtras);
/** Bookkeeping typed as every row's (the definition's fields are typed loosely). */
export type Feedstock = ResourceRow & z.output<typeof feedstockOutputSchema>;
/** One feedstock as GET /feedstocks/:id answers it. */
export type FeedstockDetail = Feedstock;

/** A row of the feedstocks' list. */
export const feedstockSummarySchema = resourceSummarySchema(feedstocks, itemOutputExtras);
export type FeedstockSummary = z.output<typeof feedstockSummarySchema> & {
  id: number;
  unitCode: string;
};
