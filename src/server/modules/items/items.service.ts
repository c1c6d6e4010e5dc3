import type { z } from 'zod';
import { quantityFitsUnit } from '../../../shared/fields.js';
import type { ListQuery } from '../../../shared/list-query.js';
import { messages } from '../../../shared/messages.js';
import type { ResourceDefinition } from '../../../shared/resource.js';
import {
  feedstocks,
  type Feedstock,
  type FeedstockSummary,
  type feedstockFiltersSchema,
  type feedstockSchema,
  type feedstockUpdateSchema,
} from '../../../shared/resources/feedstocks.js';
import type { ItemKind } from '../../../shared/resources/items.js';
import {
  products,
  type CanProduce,
  type ComponentLineInput,
  type OutlayLineInput,
  type Product,
  type ProductSummary,
  type productCreateSchema,
  type productFiltersSchema,
  type productUpdateSchema,
} from '../../../shared/resources/products.js';
import type { Db, DbOrTrx, Trx } from '../../db/connection.js';
import { recordAudit, recordAuditMany, type AuditContext } from '../../platform/audit.js';
import {
  readLines,
  replaceLines,
  updateWithLines,
  type DocumentLines,
} from '../../platform/document-lines.js';
import type { LineChanges, LineValues } from '../../platform/record-changes.js';
import {
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  StaleVersionError,
  ValidationError,
} from '../../platform/errors.js';
import { ImportInvalidError } from '../../platform/import.js';
import { filterOf, type Filter } from '../../platform/list-filters.js';
import { inTransaction } from '../../platform/transaction.js';
import { onHand } from '../stock-movements/index.js';
import {
  activeLocations,
  anyItemOf,
  balancesOf,
  componentLines,
  componentsOf,
  existingCodes,
  existingIds,
  hasMovements,
  itemsWithUnits,
  outlayLines,
  outlaysOf,
  repos,
  unitDecimals,
  type ItemRow,
  type ReferencedTable,
  type StoredItem,
} from './items.repo.js';
import { lineCost, producibleAt, standardCost } from './items.rules.js';

/**
 * Products and feedstocks (DOMAIN §3): one use case per function, each in one transaction
 * (inTransaction) with its audit entry. Both are rows of `items`; a request for one kind never
 * sees a row of the other (404). The checks that need the database (units' decimals, references,
 * the kind of each material) are here; the rest is the shared schemas'.
 */
const definitions: Record<ItemKind, ResourceDefinition> = {
  PRODUCT: products,
  FEEDSTOCK: feedstocks,
};
const entity = (kind: ItemKind) => definitions[kind].path;

type ProductInput = z.output<typeof productCreateSchema>;
type ProductUpdate = z.output<typeof productUpdateSchema>;
type FeedstockInput = z.output<typeof feedstockSchema>;
type FeedstockUpdate = z.output<typeof feedstockUpdateSchema>;
/** The stored fields of an item as either form sends them. */
type ItemInput = Omit<ProductInput, 'components' | 'outlays'> | FeedstockInput;

// ---- What the API answers ----------------------------------------------------------------------

const byProduct = <T extends { productId: number }>(rows: T[]) => {
  const grouped = new Map<number, T[]>();
  for (const row of rows) grouped.set(row.productId, [...(grouped.get(row.productId) ?? []), row]);
  return grouped;
};

/**
 * Products as the API shows them: stock on hand, the bill of materials with each material's
 * current average cost, and the standard cost they roll up to (a product for resale has none).
 */
async function productDetails(db: DbOrTrx, rows: ItemRow[]): Promise<Product[]> {
  const ids = rows.map((row) => row.id);
  const [stock, components, outlays] = await Promise.all([
    onHand(db, ids),
    componentsOf(db, ids).then(byProduct),
    outlaysOf(db, ids).then(byProduct),
  ]);
  return rows.map((row) => {
    const lines = components.get(row.id) ?? [];
    const costs = outlays.get(row.id) ?? [];
    return {
      ...row,
      stock: stock.get(row.id) ?? '0.000',
      standardCost: row.origin === 'MANUFACTURED' ? standardCost(lines, costs) : null,
      components: lines.map((line) => ({
        id: line.id,
        feedstockId: line.feedstockId,
        quantity: line.quantity,
        lossPercent: line.lossPercent,
        feedstockCode: line.feedstockCode,
        feedstockName: line.feedstockName,
        unitCode: line.unitCode,
        averageCost: line.averageCost,
        cost: lineCost(line),
      })),
      outlays: costs.map((line) => ({
        id: line.id,
        outlayId: line.outlayId,
        value: line.value,
        outlayName: line.outlayName,
        kind: line.kind,
      })),
    };
  });
}

async function feedstockDetails(db: DbOrTrx, rows: ItemRow[]): Promise<Feedstock[]> {
  const stock = await onHand(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, stock: stock.get(row.id) ?? '0.000' }));
}

const details = {
  PRODUCT: productDetails,
  FEEDSTOCK: feedstockDetails,
} satisfies Record<ItemKind, (db: DbOrTrx, rows: ItemRow[]) => Promise<unknown[]>>;

// ---- Rows of one kind --------------------------------------------------------------------------

/** The stored row, when it is of this kind (404 otherwise), optionally locked. */
async function findOfKind(db: DbOrTrx, kind: ItemKind, id: number, forUpdate = false) {
  const row = await repos[kind].findRow(db, id, forUpdate);
  if (row.kind !== kind) throw new NotFoundError();
  return row;
}

/**
 * A row as the history keeps it: its columns, without the unit's code that reads add (a write's
 * RETURNING has none, so the history would show it "removed").
 */
function columnsOf<T extends object>(row: T): Omit<T, 'unitCode'> {
  const columns: T & { unitCode?: unknown } = { ...row };
  delete columns.unitCode;
  return columns;
}

async function readOne<K extends ItemKind>(db: DbOrTrx, kind: K, id: number) {
  const row = repos[kind].toApi(await findOfKind(db, kind, id));
  const [shown] = await details[kind](db, [row]);
  return shown as K extends 'PRODUCT' ? Product : Feedstock;
}

/** The list's filters: the kind always, then the equality filters the query gives. */
const filterRules = {
  PRODUCT: {
    active: { equals: 'active' },
    origin: { equals: 'origin' },
    categoryId: { equals: 'category_id' },
    brandId: { equals: 'brand_id' },
  },
  FEEDSTOCK: {
    active: { equals: 'active' },
    materialTypeId: { equals: 'material_type_id' },
    defaultSupplierId: { equals: 'default_supplier_id' },
  },
} as const;

function listFilter(kind: ItemKind, filters: Record<string, unknown>): Filter {
  const given = filterOf(filterRules[kind], filters);
  return (qb) => {
    const ofKind = qb.where('kind', '=', kind);
    return given ? given(ofKind) : ofKind;
  };
}

function splitQuery(query: Record<string, unknown>) {
  const { page, pageSize, sort, q, ...filters } = query as ListQuery & Record<string, unknown>;
  return { list: { page, pageSize, sort, q }, filters };
}

async function listOfKind<K extends ItemKind>(
  db: DbOrTrx,
  kind: K,
  query: Record<string, unknown>,
) {
  const { list, filters } = splitQuery(query);
  // A page's rows carry their summary's columns (items.repo); the stock is the one computed field.
  const page = await repos[kind].list(db, list, listFilter(kind, filters));
  const stock = await onHand(
    db,
    page.items.map((row) => row.id),
  );
  const items = page.items.map((row) => ({ ...row, stock: stock.get(row.id) ?? '0.000' }));
  return {
    ...page,
    items: items as unknown as (K extends 'PRODUCT' ? ProductSummary : FeedstockSummary)[],
  };
}

// ---- Checks that need the database ------------------------------------------------------------

/** The problems of many items' own fields, by field, in input order (one entry per input). */
async function fieldProblems(db: DbOrTrx, inputs: ItemInput[]): Promise<Record<string, string>[]> {
  const references: [field: string, table: ReferencedTable][] = [
    ['categoryId', 'categories'],
    ['brandId', 'brands'],
    ['colorId', 'colors'],
    ['sizeId', 'sizes'],
    ['materialTypeId', 'materialTypes'],
    ['defaultSupplierId', 'suppliers'],
  ];
  const idsOf = (field: string) => [
    ...new Set(
      inputs
        .map((input) => (input as Record<string, unknown>)[field])
        .filter((value): value is number => typeof value === 'number'),
    ),
  ];
  const [units, ...existing] = await Promise.all([
    unitDecimals(db, idsOf('unitId')),
    ...references.map(([field, table]) => existingIds(db, table, idsOf(field))),
  ]);
  return inputs.map((input) => {
    const fields: Record<string, string> = {};
    references.forEach(([field], index) => {
      const value = (input as Record<string, unknown>)[field];
      if (typeof value === 'number' && !existing[index]!.has(value)) {
        fields[field] = messages.errors.missingReference;
      }
    });
    const decimals = units.get(input.unitId);
    if (decimals === undefined) fields.unitId = messages.errors.missingReference;
    else if (input.minimumStock !== null && !quantityFitsUnit(input.minimumStock, decimals)) {
      fields.minimumStock = messages.tooManyUnitDecimals(decimals);
    }
    return fields;
  });
}

/** Each material is a feedstock and its quantity fits the feedstock's unit; each outlay exists. */
async function lineProblems(
  db: DbOrTrx,
  components: ComponentLineInput[] | undefined,
  outlays: OutlayLineInput[] | undefined,
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  const [materials, costs] = await Promise.all([
    itemsWithUnits(db, [...new Set((components ?? []).map((line) => line.feedstockId))]),
    existingIds(db, 'outlays', [...new Set((outlays ?? []).map((line) => line.outlayId))]),
  ]);
  components?.forEach((line, index) => {
    const material = materials.get(line.feedstockId);
    if (!material) {
      fields[`components.${index}.feedstockId`] = messages.errors.missingReference;
    } else if (material.kind !== 'FEEDSTOCK') {
      fields[`components.${index}.feedstockId`] = messages.items.notAFeedstock;
    } else if (!quantityFitsUnit(line.quantity, material.decimals)) {
      fields[`components.${index}.quantity`] = messages.tooManyUnitDecimals(material.decimals);
    }
  });
  outlays?.forEach((line, index) => {
    if (!costs.has(line.outlayId)) {
      fields[`outlays.${index}.outlayId`] = messages.errors.missingReference;
    }
  });
  return fields;
}

/** 400 with every problem of one item at once. */
async function checkItem(
  trx: Trx,
  input: ItemInput,
  lines?: { components?: ComponentLineInput[]; outlays?: OutlayLineInput[] },
) {
  const [[fields], ofLines] = await Promise.all([
    fieldProblems(trx, [input]),
    lines ? lineProblems(trx, lines.components, lines.outlays) : Promise.resolve({}),
  ]);
  const all = { ...fields, ...ofLines };
  if (Object.keys(all).length) throw new ValidationError(all);
}

/**
 * An item's unit cannot change once stock has moved in it: its ledger, balances and average
 * cost are counted in that unit (as Odoo refuses too). The item's row is locked by the caller,
 * and postings lock it first, so no movement can slip in between this check and the write.
 */
async function checkUnitChange(trx: Trx, before: StoredItem, unitId: number) {
  if (before.unitId !== unitId && (await hasMovements(trx, before.id))) {
    throw new BusinessRuleError(messages.items.unitLocked, { unitId: messages.items.unitLocked });
  }
}

/** A duplicate code answers 409 on `code`, whichever kind already has it (one unique index). */
async function translateDuplicateCode<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'items_code_key') {
      throw new ConflictError(messages.items.duplicateCode, 'DUPLICATE', {
        code: messages.items.duplicateCode,
      });
    }
    throw error;
  }
}

// ---- Products ----------------------------------------------------------------------------------

/** Whether the company has registered any product (the dashboard's first steps). */
export function hasProducts(db: DbOrTrx): Promise<boolean> {
  return anyItemOf(db, 'PRODUCT');
}

export function listProducts(db: Db, query: ListQuery & z.output<typeof productFiltersSchema>) {
  return listOfKind(db, 'PRODUCT', query);
}

export function getProduct(db: DbOrTrx, id: number): Promise<Product> {
  return readOne(db, 'PRODUCT', id);
}

export function createProduct(db: DbOrTrx, ctx: AuditContext, input: ProductInput) {
  const { components, outlays, ...values } = input;
  return translateDuplicateCode(
    inTransaction(db, async (trx) => {
      await checkItem(trx, values, { components, outlays });
      const row = await repos.PRODUCT.insert(trx, { ...values, kind: 'PRODUCT' }, ctx.userId);
      const lines = {
        components: await replaceLines(trx, componentLines, row.id, components),
        outlays: await replaceLines(trx, outlayLines, row.id, outlays),
      };
      await recordAudit(trx, ctx, {
        entity: entity('PRODUCT'),
        entityId: row.id,
        action: 'create',
        after: row,
        lines,
      });
      return getProduct(trx, row.id);
    }),
  );
}

/**
 * Saves the product and, when sent, its lines by id: the version is checked first (409 before
 * anything else), so a stale save changes neither the product nor a line. Lines left out of
 * the body stay as they are, but a product for resale may keep none.
 */
export function updateProduct(db: DbOrTrx, ctx: AuditContext, id: number, input: ProductUpdate) {
  const { version, components, outlays, ...values } = input;
  return translateDuplicateCode(
    inTransaction(db, async (trx) => {
      const before = await findOfKind(trx, 'PRODUCT', id, true);
      if (before.version !== version) throw new StaleVersionError();
      await checkItem(trx, values, { components, outlays });
      await checkUnitChange(trx, before, values.unitId);
      if (values.origin === 'RESALE') await checkNoStoredLines(trx, id, { components, outlays });
      const lines = [
        ...(components ? [{ lines: componentLines, inputs: components }] : []),
        ...(outlays ? [{ lines: outlayLines, inputs: outlays }] : []),
      ];
      const saved = await updateWithLines(trx, {
        repo: repos.PRODUCT,
        id,
        version,
        values,
        userId: ctx.userId,
        lines,
      });
      await recordAudit(trx, ctx, {
        entity: entity('PRODUCT'),
        entityId: id,
        action: 'update',
        before: columnsOf(saved.before),
        after: saved.after,
        lines: saved.lines,
      });
      return getProduct(trx, id);
    }),
  );
}

/** A product turned to resale without sending its lines must not keep the stored ones. */
async function checkNoStoredLines(
  trx: Trx,
  id: number,
  sent: { components?: unknown[]; outlays?: unknown[] },
) {
  const fields: Record<string, string> = {};
  for (const lines of [componentLines, outlayLines]) {
    const key = lines.key as 'components' | 'outlays';
    if (sent[key] === undefined && (await readLines(trx, lines, id)).length > 0) {
      fields[key] = messages.items.billOfMaterialsOnlyManufactured;
    }
  }
  if (Object.keys(fields).length) throw new ValidationError(fields);
}

/** The lines a deleted product takes with it, for its history. */
async function removedLines(trx: Trx, lines: DocumentLines, id: number): Promise<LineChanges> {
  const removed = (await readLines(trx, lines, id)).map((row) => {
    const values: LineValues = { id: row.id as number, position: row.position as number };
    for (const column of lines.columns) values[column] = row[column];
    return values;
  });
  return { added: [], removed, changed: [] };
}

async function removeItem(db: DbOrTrx, ctx: AuditContext, kind: ItemKind, id: number) {
  await inTransaction(db, async (trx) => {
    const before = await findOfKind(trx, kind, id, true);
    const lines =
      kind === 'PRODUCT'
        ? {
            components: await removedLines(trx, componentLines, id),
            outlays: await removedLines(trx, outlayLines, id),
          }
        : undefined;
    // The lines go with the product (ON DELETE CASCADE); stock or an order that points at the
    // item, or a bill of materials that uses a feedstock, answers 409 IN_USE.
    await repos[kind].delete(trx, id);
    await recordAudit(trx, ctx, {
      entity: entity(kind),
      entityId: id,
      action: 'delete',
      before,
      lines,
    });
  });
}

export function deleteProduct(db: DbOrTrx, ctx: AuditContext, id: number) {
  return removeItem(db, ctx, 'PRODUCT', id);
}

/**
 * "Pode produzir agora": for each active location, the whole units its balances allow and the
 * materials that limit them, from one read of the balances. 422 for a product without materials.
 */
export async function canProduce(db: DbOrTrx, id: number): Promise<CanProduce> {
  await findOfKind(db, 'PRODUCT', id);
  const components = await componentsOf(db, [id]);
  if (components.length === 0) throw new BusinessRuleError(messages.items.noBillOfMaterials);
  const [locations, balances] = await Promise.all([
    activeLocations(db),
    balancesOf(
      db,
      components.map((line) => line.feedstockId),
    ),
  ]);
  const material = new Map(components.map((line) => [line.feedstockId, line]));
  return {
    items: locations.map((location) => {
      const result = producibleAt(components, balances.get(location.id) ?? new Map())!;
      return {
        locationId: location.id,
        locationName: location.name,
        quantity: result.quantity,
        limitedBy: result.limitedBy.map((limit) => {
          const line = material.get(limit.feedstockId)!;
          return {
            ...limit,
            feedstockCode: line.feedstockCode,
            feedstockName: line.feedstockName,
            unitCode: line.unitCode,
          };
        }),
      };
    }),
  };
}

// ---- Feedstocks --------------------------------------------------------------------------------

export function listFeedstocks(db: Db, query: ListQuery & z.output<typeof feedstockFiltersSchema>) {
  return listOfKind(db, 'FEEDSTOCK', query);
}

export function getFeedstock(db: DbOrTrx, id: number): Promise<Feedstock> {
  return readOne(db, 'FEEDSTOCK', id);
}

export function createFeedstock(db: DbOrTrx, ctx: AuditContext, input: FeedstockInput) {
  return translateDuplicateCode(
    inTransaction(db, async (trx) => {
      await checkItem(trx, input);
      const row = await repos.FEEDSTOCK.insert(trx, { ...input, kind: 'FEEDSTOCK' }, ctx.userId);
      await recordAudit(trx, ctx, {
        entity: entity('FEEDSTOCK'),
        entityId: row.id,
        action: 'create',
        after: row,
      });
      return getFeedstock(trx, row.id);
    }),
  );
}

export function updateFeedstock(
  db: DbOrTrx,
  ctx: AuditContext,
  id: number,
  input: FeedstockUpdate,
) {
  const { version, ...values } = input;
  return translateDuplicateCode(
    inTransaction(db, async (trx) => {
      const before = await findOfKind(trx, 'FEEDSTOCK', id, true);
      if (before.version !== version) throw new StaleVersionError();
      await checkItem(trx, values);
      await checkUnitChange(trx, before, values.unitId);
      const after = await repos.FEEDSTOCK.update(trx, id, version, values, ctx.userId);
      await recordAudit(trx, ctx, {
        entity: entity('FEEDSTOCK'),
        entityId: id,
        action: 'update',
        before: columnsOf(before),
        after,
      });
      return getFeedstock(trx, id);
    }),
  );
}

export function deleteFeedstock(db: DbOrTrx, ctx: AuditContext, id: number) {
  return removeItem(db, ctx, 'FEEDSTOCK', id);
}

// ---- Export and import (platform/spreadsheet-routes) -------------------------------------------

/** Every row of the list for the same query, batch by batch, as the API shows it. */
export function eachBatch(
  kind: ItemKind,
  db: Db,
  query: Record<string, unknown>,
  onBatch: (rows: (Product | Feedstock)[]) => Promise<void> | void,
) {
  const { list, filters } = splitQuery(query);
  return repos[kind].eachBatch(db, list, async (rows) => onBatch(await details[kind](db, rows)), {
    applyFilters: listFilter(kind, filters),
  });
}

/** The codes among `values` that an item of either kind already has (the import's check). */
export function existingItemCodes(db: DbOrTrx, values: string[]) {
  return existingCodes(db, values);
}

/**
 * Imported rows, all or none, each audited ('import'). The spreadsheet has the item's own fields
 * only: an imported product has no bill of materials yet. What needs the database (units'
 * decimals, references) is checked for every row before anything is written; the message names
 * the rows by code, as the platform hands the rows over without their line numbers.
 */
export function importItems(
  kind: ItemKind,
  db: DbOrTrx,
  ctx: AuditContext,
  inputs: Record<string, unknown>[],
) {
  const rows = inputs.map(
    // An imported product has no lines: the schema's empty defaults are dropped.
    ({ components: _components, outlays: _outlays, ...values }) => values as ItemInput,
  );
  return translateDuplicateCode(
    inTransaction(db, async (trx) => {
      const problems = (await fieldProblems(trx, rows)).flatMap((fields, index) =>
        Object.entries(fields).map(([field, message]) => {
          const label = definitions[kind].fields.find((f) => f.key === field)?.label ?? field;
          return `${rows[index]!.code}, ${label}: ${message}`;
        }),
      );
      if (problems.length) {
        const shown = problems.slice(0, 10).join('; ');
        const more = problems.length > 10 ? `; e mais ${problems.length - 10}` : '';
        throw new ImportInvalidError(`Nenhum registro importado: ${shown}${more}.`);
      }
      const stored = await repos[kind].insertMany(
        trx,
        rows.map((values) => ({ ...values, kind })),
        ctx.userId,
      );
      await recordAuditMany(
        trx,
        ctx,
        stored.map((row) => ({
          entity: entity(kind),
          entityId: row.id,
          action: 'import',
          after: row,
        })),
      );
      return stored.length;
    }),
  );
}
