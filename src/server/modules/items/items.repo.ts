import { sql } from 'kysely';
import { feedstocks } from '../../../shared/resources/feedstocks.js';
import type { ItemKind } from '../../../shared/resources/items.js';
import { products } from '../../../shared/resources/products.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { DocumentLines } from '../../platform/document-lines.js';
import { createRepository, type StoredRow } from '../../platform/repository.js';
import { isoDates, type IsoDates } from '../../platform/request-context.js';

/**
 * All of the items module's SQL. Products and feedstocks are rows of `items` told apart by
 * `kind`; each has its own repository (its own sortable columns) over the same table. Stock
 * balances, locations, units and the other lookups are read in joins; only stock postings
 * (modules/stock-movements) write an item's average cost, stock value and last purchase price.
 */
export type StoredItem = StoredRow<'items'>;
/** An item as the repository answers it: dates as ISO strings, with its unit's code. */
export type ItemRow = IsoDates<StoredItem> & { unitCode: string };

const itemRepository = (sortable: Record<string, string>, listFields: string[]) =>
  createRepository({
    table: 'items',
    searchColumns: ['code', 'name', 'barcode'],
    // Migration 0008: code, name and barcode, unaccented, under one trigram index.
    searchColumn: 'search_text',
    sortable,
    defaultSort: 'name',
    lookups: { unitCode: { table: 'units_of_measurement', key: 'unit_id', column: 'code' } },
    toApi: (row) => isoDates(row) as ItemRow,
    // A list page reads its summary's columns (the stock is summed after, by the service).
    listFields,
    listExpressions: {
      hasBillOfMaterials: 'EXISTS (SELECT 1 FROM item_components c WHERE c.product_id = items.id)',
    },
  });

/** The stored fields of a summary (products.ts, feedstocks.ts): its list fields but the stock. */
const stored = (listFields: string[]) => listFields.filter((field) => field !== 'stock');

export const repos: Record<ItemKind, ReturnType<typeof itemRepository>> = {
  PRODUCT: itemRepository(
    {
      code: 'code',
      name: 'name',
      origin: 'origin',
      salePrice: 'sale_price',
      active: 'active',
    },
    stored(products.listFields),
  ),
  FEEDSTOCK: itemRepository(
    { code: 'code', name: 'name', active: 'active' },
    stored(feedstocks.listFields),
  ),
};

/** A product's bill of materials and production costs: lines replaced by id (document-lines). */
export const componentLines: DocumentLines = {
  key: 'components',
  table: 'itemComponents',
  parentColumn: 'productId',
  columns: ['feedstockId', 'quantity', 'lossPercent'],
};
export const outlayLines: DocumentLines = {
  key: 'outlays',
  table: 'itemOutlays',
  parentColumn: 'productId',
  columns: ['outlayId', 'value'],
};

export interface ComponentRow {
  id: number;
  productId: number;
  feedstockId: number;
  quantity: string;
  lossPercent: string;
  position: number;
  feedstockCode: string;
  feedstockName: string;
  unitCode: string;
  averageCost: string;
}

/** The bills of materials of these products, each feedstock with its unit and average cost now. */
export function componentsOf(db: DbOrTrx, productIds: number[]): Promise<ComponentRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('itemComponents as c')
    .innerJoin('items as f', 'f.id', 'c.feedstockId')
    .innerJoin('unitsOfMeasurement as u', 'u.id', 'f.unitId')
    .select([
      'c.id',
      'c.productId',
      'c.feedstockId',
      'c.quantity',
      'c.lossPercent',
      'c.position',
      'f.code as feedstockCode',
      'f.name as feedstockName',
      'u.code as unitCode',
      'f.averageCost',
    ])
    .where('c.productId', 'in', productIds)
    .orderBy('c.productId')
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
}

export interface OutlayRow {
  id: number;
  productId: number;
  outlayId: number;
  value: string;
  position: number;
  outlayName: string;
  kind: 'PER_UNIT' | 'PER_ORDER';
}

/** The production costs of these products, with each outlay's name and kind. */
export function outlaysOf(db: DbOrTrx, productIds: number[]): Promise<OutlayRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('itemOutlays as l')
    .innerJoin('outlays as o', 'o.id', 'l.outlayId')
    .select([
      'l.id',
      'l.productId',
      'l.outlayId',
      'l.value',
      'l.position',
      'o.name as outlayName',
      'o.kind',
    ])
    .where('l.productId', 'in', productIds)
    .orderBy('l.productId')
    .orderBy('l.position')
    .orderBy('l.id')
    .execute();
}

/** Kind and unit decimals of the items with these ids (the feedstocks a bill of materials names). */
export async function itemsWithUnits(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { kind: ItemKind; decimals: number }>();
  const rows = await db
    .selectFrom('items as i')
    .innerJoin('unitsOfMeasurement as u', 'u.id', 'i.unitId')
    .select(['i.id', 'i.kind', 'u.decimals'])
    .where('i.id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, { kind: row.kind, decimals: row.decimals }]));
}

/** The decimals a quantity may have in each of these units (DOMAIN §2); absent: no such unit. */
export async function unitDecimals(db: DbOrTrx, unitIds: number[]): Promise<Map<number, number>> {
  if (unitIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('unitsOfMeasurement')
    .select(['id', 'decimals'])
    .where(sql<boolean>`id = ANY(${unitIds}::integer[])`)
    .execute();
  return new Map(rows.map((row) => [row.id, row.decimals]));
}

/** The tables an item's optional references and a product's outlay lines point at. */
export type ReferencedTable =
  'categories' | 'brands' | 'colors' | 'sizes' | 'materialTypes' | 'suppliers' | 'outlays';

/** Which of these ids the table has. */
export async function existingIds(
  db: DbOrTrx,
  table: ReferencedTable,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  // One array parameter, however many ids an import brings.
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where(sql<boolean>`id = ANY(${ids}::integer[])`)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Whether the item was ever moved in or out of stock (its unit is then fixed). */
export async function hasMovements(db: DbOrTrx, itemId: number): Promise<boolean> {
  const row = await db
    .selectFrom('stockMovements')
    .select('id')
    .where('itemId', '=', itemId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The stored codes among these (compared as the unique index does, ignoring case). */
export async function existingCodes(db: DbOrTrx, codes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < codes.length; start += 5000) {
    const lowered = codes.slice(start, start + 5000).map((code) => code.toLowerCase());
    const { rows } = await sql<{ code: string }>`
      SELECT lower(code) AS code FROM items WHERE lower(code) = ANY(${lowered}::text[])`.execute(
      db,
    );
    for (const row of rows) found.add(row.code);
  }
  return new Set(codes.filter((code) => found.has(code.toLowerCase())));
}

/** The active stock locations, the default first, then by name. */
export function activeLocations(db: DbOrTrx) {
  return db
    .selectFrom('stockLocations')
    .select(['id', 'name'])
    .where('active', '=', true)
    .orderBy('isDefault', 'desc')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The balances of these items, by location then item. */
export async function balancesOf(
  db: DbOrTrx,
  itemIds: number[],
): Promise<Map<number, Map<number, string>>> {
  const byLocation = new Map<number, Map<number, string>>();
  if (itemIds.length === 0) return byLocation;
  const rows = await db
    .selectFrom('stockBalances')
    .select(['itemId', 'locationId', 'quantity'])
    .where('itemId', 'in', itemIds)
    .execute();
  for (const row of rows) {
    const ofLocation = byLocation.get(row.locationId) ?? new Map<number, string>();
    ofLocation.set(row.itemId, row.quantity);
    byLocation.set(row.locationId, ofLocation);
  }
  return byLocation;
}

/** Whether any item of the kind exists, active or not (the dashboard's first steps). */
export async function anyItemOf(db: DbOrTrx, kind: ItemKind): Promise<boolean> {
  const row = await db
    .selectFrom('items')
    .select('id')
    .where('kind', '=', kind)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
