import { taxOrigins } from '../br/fiscal-codes.js';
import { cest, gtin, ncm } from '../br/product-codes.js';
import {
  id,
  nonNegativeMoney,
  optionalNonNegativeMoney,
  optionalPercent,
  optionalText,
  quantity,
  requiredEnum,
  requiredText,
  version,
} from '../fields.js';
import { booleanFilter } from '../list-query.js';
import { messages } from '../messages.js';
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
 * Produtos (DOMAIN §3): items of kind PRODUCT. A manufactured product has a bill of materials
 * (`components`: feedstock, quantity per unit of product in the feedstock's unit, loss %) and
 * production costs (`outlays`), both lines with their own ids; a product for resale has neither.
 */
const productOrigins = { MANUFACTURED: 'Fabricado', RESALE: 'Revenda' } as const;
const originValues = ['MANUFACTURED', 'RESALE'] as const;

/** More lines than any real bill of materials; keeps one request's work bounded. */
const MAX_PRODUCT_LINES = 200;

/** Digits typed with or without punctuation, stored bare; empty → null. */
function optionalCode(
  check: { isValid: (v: string) => boolean; normalize: (v: string) => string },
  message: string,
) {
  return z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.string().nullable().optional(),
    )
    .refine((v) => v == null || check.isValid(v), { message })
    .transform((v) => (v == null ? null : check.normalize(v)));
}

/** A line of the bill of materials: `id` of an existing line, none for a new one. */
export const componentLineSchema = z.object({
  id: id().nullish(),
  feedstockId: id(),
  /** Per one unit of the product, in the feedstock's unit (its decimals checked by the server). */
  quantity: quantity(),
  lossPercent: optionalPercent().transform((v) => v ?? '0.00'),
});
export const outlayLineSchema = z.object({
  id: id().nullish(),
  outlayId: id(),
  value: nonNegativeMoney(),
});
export type ComponentLineInput = z.output<typeof componentLineSchema>;
export type OutlayLineInput = z.output<typeof outlayLineSchema>;

const productFields = {
  code: itemCode(),
  name: requiredText(120),
  description: optionalText(1000),
  origin: requiredEnum(originValues),
  categoryId: optionalReference(),
  brandId: optionalReference(),
  colorId: optionalReference(),
  sizeId: optionalReference(),
  unitId: id(),
  ncm: optionalCode(ncm, messages.invalidNcm),
  /** orig of the NF-e, the digit as a string like every fiscal code; a number is taken too. */
  taxOrigin: z
    .preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      requiredEnum(Object.keys(taxOrigins) as [keyof typeof taxOrigins]),
    )
    .default('0'),
  cest: optionalCode(cest, messages.fiscal.invalidCest),
  barcode: optionalCode(gtin, messages.invalidGtin),
  salePrice: optionalNonNegativeMoney(),
  /** Whom to buy it from when a sales order misses it ("Planejar produção" of a resale line). */
  defaultSupplierId: optionalReference(),
  minimumStock: minimumStock(),
  active: z.boolean().default(true),
};
const componentLines = z.array(componentLineSchema).max(MAX_PRODUCT_LINES);
const outlayLines = z.array(outlayLineSchema).max(MAX_PRODUCT_LINES);

interface LinesValue {
  origin?: unknown;
  components?: unknown;
  outlays?: unknown;
}

/**
 * Only a manufactured product has lines, and a feedstock or an outlay appears on one line only
 * (the quantities of one material belong together). Runs even when other fields are wrong, so
 * that every message shows at once.
 */
function linesRule(value: LinesValue, ctx: z.core.$RefinementCtx) {
  if (value.origin !== 'MANUFACTURED') {
    for (const key of ['components', 'outlays'] as const) {
      const lines = value[key];
      if (Array.isArray(lines) && lines.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: messages.items.billOfMaterialsOnlyManufactured,
        });
      }
    }
    return;
  }
  const repeated = (key: 'components' | 'outlays', idKey: string, message: string) => {
    const lines = value[key];
    // Also when other fields are wrong: the lines may be anything a client sent.
    if (!Array.isArray(lines)) return;
    const seen = new Set<unknown>();
    lines.forEach((line, index) => {
      const ref = (line as Record<string, unknown> | undefined)?.[idKey];
      if (typeof ref !== 'number') return;
      if (seen.has(ref)) ctx.addIssue({ code: 'custom', path: [key, index, idKey], message });
      seen.add(ref);
    });
  };
  repeated('components', 'feedstockId', messages.items.repeatedFeedstock);
  repeated('outlays', 'outlayId', messages.items.repeatedOutlay);
}
const linesRuleOptions = {
  when: (payload: { value: unknown }) => {
    const origin = (payload.value as { origin?: unknown } | undefined)?.origin;
    return origin === 'MANUFACTURED' || origin === 'RESALE';
  },
};

/** POST: the lines default to none. */
export const productCreateSchema = z
  .object({
    ...productFields,
    components: componentLines.default([]),
    outlays: outlayLines.default([]),
  })
  .superRefine(linesRule, linesRuleOptions);

/**
 * PUT: the whole product with `version`. Lines left out are kept as they are (a screen that does
 * not show them cannot erase them); sent, they replace the stored ones by id.
 */
export const productUpdateSchema = z
  .object({
    ...productFields,
    components: componentLines.optional(),
    outlays: outlayLines.optional(),
    version: version(),
  })
  .superRefine(linesRule, linesRuleOptions);

export const productFiltersSchema = z.object({
  active: booleanFilter(),
  origin: z.enum(originValues).optional(),
  categoryId: id().optional(),
  brandId: id().optional(),
});

export const products = defineResource({
  path: 'products',
  area: 'products',
  label: 'Produtos',
  singular: 'Produto',
  gender: 'm',
  schema: productCreateSchema,
  filtersSchema: productFiltersSchema,
  fields: [
    { ...itemCodeField, section: 'Identificação' },
    {
      key: 'name',
      label: 'Nome',
      kind: 'text',
      required: true,
      maxLength: 120,
      section: 'Identificação',
    },
    {
      key: 'description',
      label: 'Descrição',
      kind: 'textarea',
      maxLength: 1000,
      section: 'Identificação',
    },
    {
      key: 'origin',
      label: 'Origem',
      kind: 'enum',
      options: productOrigins,
      required: true,
      section: 'Identificação',
    },
    {
      key: 'categoryId',
      label: 'Categoria',
      kind: 'reference',
      references: 'categories',
      section: 'Classificação',
    },
    {
      key: 'brandId',
      label: 'Marca',
      kind: 'reference',
      references: 'brands',
      section: 'Classificação',
    },
    {
      key: 'colorId',
      label: 'Cor',
      kind: 'reference',
      references: 'colors',
      section: 'Classificação',
    },
    {
      key: 'sizeId',
      label: 'Tamanho',
      kind: 'reference',
      references: 'sizes',
      section: 'Classificação',
    },
    { ...unitField, section: 'Classificação' },
    {
      key: 'ncm',
      label: 'NCM',
      kind: 'text',
      maxLength: 10,
      help: 'Nomenclatura Comum do Mercosul: 8 dígitos; obrigatório para emitir a nota',
      section: 'Fiscal',
    },
    {
      key: 'taxOrigin',
      label: 'Origem da mercadoria',
      kind: 'enum',
      options: taxOrigins,
      help: 'Código de origem (orig) da NF-e',
      section: 'Fiscal',
    },
    {
      key: 'cest',
      label: 'CEST',
      kind: 'text',
      maxLength: 9,
      help: 'Código Especificador da Substituição Tributária: 7 dígitos, quando houver',
      section: 'Fiscal',
    },
    {
      key: 'barcode',
      label: 'Código de barras (GTIN/EAN)',
      kind: 'text',
      maxLength: 14,
      help: '8, 12, 13 ou 14 dígitos',
      section: 'Fiscal',
    },
    { key: 'salePrice', label: 'Preço de venda', kind: 'money', section: 'Preço e estoque' },
    {
      key: 'defaultSupplierId',
      label: 'Fornecedor padrão',
      kind: 'reference',
      references: 'suppliers',
      help: 'De quem comprar o que faltar para um pedido (produtos de revenda)',
      section: 'Preço e estoque',
    },
    { ...minimumStockField, section: 'Preço e estoque' },
    { ...averageCostField, section: 'Preço e estoque' },
    {
      key: 'standardCost',
      label: 'Custo padrão',
      kind: 'unitCost',
      readOnly: true,
      help: 'Materiais pelo custo médio atual, com a perda, mais os custos de produção por unidade',
      section: 'Preço e estoque',
    },
    { ...stockField, section: 'Preço e estoque' },
    { key: 'active', label: 'Ativo', kind: 'boolean', section: 'Preço e estoque' },
  ],
  columns: [
    itemCodeColumn,
    itemNameColumn,
    { key: 'origin', label: 'Origem', kind: 'enum', options: productOrigins, sortable: true },
    unitColumn,
    { key: 'salePrice', label: 'Preço de venda', kind: 'money', sortable: true },
    stockColumn,
    activeColumn,
  ],
  // Besides the columns, what the documents' item pickers read of a row: the unit (its
  // decimals), the price a sale starts with, whom a purchase starts with, and whether it has a
  // bill of materials (a flag, not the lines).
  listFields: [
    'code',
    'name',
    'origin',
    'unitId',
    'unitCode',
    'salePrice',
    'defaultSupplierId',
    'stock',
    'active',
    'hasBillOfMaterials',
  ],
  filters: [
    { key: 'active', label: 'Situação', kind: 'boolean', ...activeLabels },
    { key: 'origin', label: 'Origem', kind: 'enum', options: productOrigins },
    { key: 'categoryId', label: 'Categoria', kind: 'reference', references: 'categories' },
    { key: 'brandId', label: 'Marca', kind: 'reference', references: 'brands' },
  ],
  searchFields: ['code', 'name', 'barcode'],
  defaultSort: 'name',
  titleField: 'name',
  importable: true,
});

/** A bill-of-materials line as the API answers it: the feedstock's names and cost beside it. */
export const componentOutputSchema = z.object({
  id: z.number(),
  feedstockId: z.number(),
  quantity: z.string(),
  lossPercent: z.string(),
  feedstockCode: z.string(),
  feedstockName: z.string(),
  unitCode: z.string(),
  /** The feedstock's current average cost. */
  averageCost: z.string(),
  /** quantity × (1 + loss %) × average cost: what the line adds to the standard cost. */
  cost: z.string(),
});
export const outlayOutputSchema = z.object({
  id: z.number(),
  outlayId: z.number(),
  value: z.string(),
  outlayName: z.string(),
  kind: z.enum(['PER_UNIT', 'PER_ORDER']),
});
export const productOutputSchema = resourceOutputSchema(products).extend({
  ...itemOutputExtras,
  components: z.array(componentOutputSchema),
  outlays: z.array(outlayOutputSchema),
});
/** Bookkeeping typed as every row's (the definition's fields are typed loosely). */
export type Product = ResourceRow & z.output<typeof productOutputSchema>;
/** One product: the record, its bill of materials and production costs (GET /products/:id). */
export type ProductDetail = Product;

/** A row of the products' list: its list fields, and whether it has a bill of materials. */
export const productSummarySchema = resourceSummarySchema(products, {
  ...itemOutputExtras,
  hasBillOfMaterials: z.boolean(),
});
export type ProductSummary = z.output<typeof productSummarySchema> & {
  id: number;
  unitCode: string;
  hasBillOfMaterials: boolean;
};

/**
 * "Pode produzir agora": per active stock location, how many whole units of the product its
 * balances allow, and the materials that stop it at that number.
 */
export const canProduceOutputSchema = z.object({
  items: z.array(
    z.object({
      locationId: z.number(),
      locationName: z.string(),
      quantity: z.number(),
      limitedBy: z.array(
        z.object({
          feedstockId: z.number(),
          feedstockCode: z.string(),
          feedstockName: z.string(),
          unitCode: z.string(),
          /** On hand at the location. */
          available: z.string(),
          /** Needed for one unit, loss included (up to 5 places: 3 of quantity, 2 of percent). */
          perUnit: z.string(),
        }),
      ),
    }),
  ),
});
export type CanProduce = z.output<typeof canProduceOutputSchema>;
