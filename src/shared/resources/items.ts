import { id, optionalQuantity, requiredText } from '../fields.js';
import type { ColumnSpec, FieldSpec } from '../resource.js';
import { z } from '../zod-messages.js';

/**
 * What products and feedstocks share (DOMAIN §3): both are rows of one `items` table, so that
 * stock, movements and order lines reference one thing, shown by the API as two resources.
 */
export type ItemKind = 'PRODUCT' | 'FEEDSTOCK';

/**
 * The code (SKU): unique among all items whatever its case, so it is stored uppercase, as units'
 * codes are: "cam-01" and "CAM-01" could never both exist, and one spelling avoids the doubt.
 */
export const itemCode = () => requiredText(30).transform((code) => code.toUpperCase());

/** A reference that may be left empty (a category, a color): empty → null. */
export const optionalReference = () =>
  z.preprocess((v) => (v === '' ? null : v), id().nullish()).transform((v) => v ?? null);

/** Minimum stock, in the item's unit: zero allowed, its unit's decimals checked by the server. */
export const minimumStock = () => optionalQuantity({ allowZero: true });

export const itemCodeField: FieldSpec = {
  key: 'code',
  label: 'Código',
  kind: 'text',
  required: true,
  maxLength: 30,
  help: 'Único entre produtos e insumos',
};

export const unitField: FieldSpec = {
  key: 'unitId',
  label: 'Unidade de medida',
  kind: 'reference',
  references: 'units-of-measurement',
  required: true,
};

export const minimumStockField: FieldSpec = {
  key: 'minimumStock',
  label: 'Estoque mínimo',
  kind: 'quantity',
  help: 'Na unidade de medida do item',
};

/** Computed by stock postings and the ledger: shown, never sent. */
export const averageCostField: FieldSpec = {
  key: 'averageCost',
  label: 'Custo médio',
  kind: 'unitCost',
  readOnly: true,
};
export const stockField: FieldSpec = {
  key: 'stock',
  label: 'Estoque atual',
  kind: 'quantity',
  readOnly: true,
};

export const itemCodeColumn: ColumnSpec = {
  key: 'code',
  label: 'Código',
  sortable: true,
  mobile: true,
};
export const itemNameColumn: ColumnSpec = { key: 'name', label: 'Nome', sortable: true };
export const unitColumn: ColumnSpec = { key: 'unitCode', label: 'Unidade' };
export const stockColumn: ColumnSpec = { key: 'stock', label: 'Estoque', kind: 'quantity' };
export const activeColumn: ColumnSpec = {
  key: 'active',
  label: 'Ativo',
  kind: 'boolean',
  sortable: true,
  mobile: true,
};

/** Fields every item answers besides its definition's: the unit's code, for lists and lines. */
export const itemOutputExtras = { unitCode: z.string() };
