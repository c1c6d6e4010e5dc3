import { sql, type Insertable, type RawBuilder } from 'kysely';
import { messages } from '../../../shared/messages.js';
import type {
  ProductionOrderListQuery,
  ProductionOrderStatus,
} from '../../../shared/resources/production-orders.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import type {
  ProductionOrderCostsTable,
  ProductionOrderMaterialsTable,
  ProductionOrdersTable,
} from '../../db/types.js';
import type { DocumentLines } from '../../platform/document-lines.js';
import { ValidationError } from '../../platform/errors.js';
import { escapeLike } from '../../platform/repository.js';
import { eachRowBatch, pageRows } from '../../platform/sql-list.js';

/**
 * The production orders' SQL. The product's bill of materials and costs, the feedstocks' units,
 * the outlays and the locations are read here in joins (items' and master data's tables, read
 * only); stock is written only through stock-movements/index.ts.
 */

export const materialLines: DocumentLines = {
  key: 'materials',
  table: 'productionOrderMaterials',
  parentColumn: 'productionOrderId',
  columns: ['feedstockId', 'requiredQuantity'],
};

export const costLines: DocumentLines = {
  key: 'costs',
  table: 'productionOrderCosts',
  parentColumn: 'productionOrderId',
  columns: ['outlayId', 'value'],
};

/** An order's row with the names it shows. */
export interface OrderDbRow {
  id: number;
  number: number;
  productId: number;
  productCode: string;
  productName: string;
  unit: string;
  unitDecimals: number;
  quantity: string;
  plannedStart: string | null;
  plannedEnd: string | null;
  sourceLocationId: number;
  sourceLocationName: string;
  targetLocationId: number;
  targetLocationName: string;
  requestedOrderId: number | null;
  notes: string | null;
  status: ProductionOrderStatus;
  producedQuantity: string | null;
  completionDate: string | null;
  materialsCost: string | null;
  outlaysCost: string | null;
  totalCost: string | null;
  unitCost: string | null;
  startedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  createdBy: number | null;
  updatedBy: number | null;
  version: number;
}

const selectWithNames = sql`
  SELECT o.id, o.number, o.product_id, p.code AS product_code, p.name AS product_name,
    u.code AS unit, u.decimals AS unit_decimals, o.quantity, o.planned_start, o.planned_end,
    o.source_location_id, sl.name AS source_location_name,
    o.target_location_id, tl.name AS target_location_name,
    o.requested_order_id, o.notes, o.status, o.produced_quantity, o.completion_date,
    o.materials_cost, o.outlays_cost, o.total_cost, o.unit_cost, o.started_at, o.completed_at,
    o.cancelled_at, o.created_at, o.updated_at, o.created_by, o.updated_by, o.version
  FROM production_orders o
  JOIN items p ON p.id = o.product_id
  JOIN units_of_measurement u ON u.id = p.unit_id
  JOIN stock_locations sl ON sl.id = o.source_location_id
  JOIN stock_locations tl ON tl.id = o.target_location_id`;

export async function findOrderWithNames(db: DbOrTrx, id: number): Promise<OrderDbRow | undefined> {
  const { rows } = await sql<OrderDbRow>`${selectWithNames} WHERE o.id = ${id}`.execute(db);
  return rows[0];
}

export interface MaterialDbRow {
  id: number;
  feedstockId: number;
  feedstockCode: string;
  feedstockName: string;
  unit: string;
  unitDecimals: number;
  quantityPerUnit: string | null;
  lossPercent: string | null;
  requiredQuantity: string;
  consumedQuantity: string;
  unitCost: string | null;
  consumedValue: string | null;
}

/** An order's materials in their order, with the feedstocks' codes, names and units. */
export async function findMaterials(db: DbOrTrx, orderId: number): Promise<MaterialDbRow[]> {
  const { rows } = await sql<MaterialDbRow>`
    SELECT m.id, m.feedstock_id, f.code AS feedstock_code, f.name AS feedstock_name,
      u.code AS unit, u.decimals AS unit_decimals, m.quantity_per_unit, m.loss_percent,
      m.required_quantity, m.consumed_quantity, m.unit_cost, m.consumed_value
    FROM production_order_materials m
    JOIN items f ON f.id = m.feedstock_id
    JOIN units_of_measurement u ON u.id = f.unit_id
    WHERE m.production_order_id = ${orderId}
    ORDER BY m.position, m.id`.execute(db);
  return rows;
}

export interface CostDbRow {
  id: number;
  outlayId: number;
  outlayName: string;
  outlayKind: 'PER_UNIT' | 'PER_ORDER';
  value: string;
}

export async function findCosts(db: DbOrTrx, orderId: number): Promise<CostDbRow[]> {
  const { rows } = await sql<CostDbRow>`
    SELECT c.id, c.outlay_id, o.name AS outlay_name, o.kind AS outlay_kind, c.value
    FROM production_order_costs c
    JOIN outlays o ON o.id = c.outlay_id
    WHERE c.production_order_id = ${orderId}
    ORDER BY c.position, c.id`.execute(db);
  return rows;
}

/** The available quantity of these items at a location (absent: nothing there). */
export async function balancesAt(
  db: DbOrTrx,
  locationId: number,
  itemIds: number[],
): Promise<Map<number, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stockBalances')
    .select(['itemId', 'quantity'])
    .where('locationId', '=', locationId)
    .where('itemId', 'in', itemIds)
    .execute();
  return new Map(rows.map((row) => [row.itemId, row.quantity]));
}

// ---- The product, its bill of materials and the references -----------------------------------

export interface ProductDbRow {
  id: number;
  kind: 'PRODUCT' | 'FEEDSTOCK';
  origin: 'MANUFACTURED' | 'RESALE' | null;
  active: boolean;
  unitDecimals: number;
  /** The unit's code ("UN"), for the messages that name a quantity. */
  unitCode: string;
}

export function findProduct(db: DbOrTrx, id: number): Promise<ProductDbRow | undefined> {
  return db
    .selectFrom('items as i')
    .innerJoin('unitsOfMeasurement as u', 'u.id', 'i.unitId')
    .select([
      'i.id',
      'i.kind',
      'i.origin',
      'i.active',
      'u.decimals as unitDecimals',
      'u.code as unitCode',
    ])
    .where('i.id', '=', id)
    .executeTakeFirst();
}

export interface BomLine {
  feedstockId: number;
  quantity: string;
  lossPercent: string;
  unitDecimals: number;
}

/** The product's bill of materials, with each feedstock's unit decimals, in its order. */
export function billOfMaterials(db: DbOrTrx, productId: number): Promise<BomLine[]> {
  return billsOfMaterials(db, [productId]);
}

/** The bills of materials of these products in one read, each product's lines in their order. */
export function billsOfMaterials(
  db: DbOrTrx,
  productIds: readonly number[],
): Promise<(BomLine & { productId: number })[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('itemComponents as c')
    .innerJoin('items as f', 'f.id', 'c.feedstockId')
    .innerJoin('unitsOfMeasurement as u', 'u.id', 'f.unitId')
    .select([
      'c.productId',
      'c.feedstockId',
      'c.quantity',
      'c.lossPercent',
      'u.decimals as unitDecimals',
    ])
    .where('c.productId', 'in', [...productIds])
    .orderBy('c.productId')
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
}

export interface ProductOutlayLine {
  outlayId: number;
  value: string;
  kind: 'PER_UNIT' | 'PER_ORDER';
}

/** The product's production costs with each outlay's kind, in their order. */
export function productOutlays(db: DbOrTrx, productId: number): Promise<ProductOutlayLine[]> {
  return db
    .selectFrom('itemOutlays as l')
    .innerJoin('outlays as o', 'o.id', 'l.outlayId')
    .select(['l.outlayId', 'l.value', 'o.kind'])
    .where('l.productId', '=', productId)
    .orderBy('l.position')
    .orderBy('l.id')
    .execute();
}

/** Kind and unit decimals of the items of these ids (the feedstocks an edit names). */
export async function itemsOf(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return new Map<number, { kind: string; unitDecimals: number }>();
  const rows = await db
    .selectFrom('items as i')
    .innerJoin('unitsOfMeasurement as u', 'u.id', 'i.unitId')
    .select(['i.id', 'i.kind', 'u.decimals as unitDecimals'])
    .where('i.id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, { kind: row.kind, unitDecimals: row.unitDecimals }]));
}

export async function existingOutlays(db: DbOrTrx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('outlays').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

// ---- Writes -----------------------------------------------------------------------------------

export async function insertOrder(
  trx: Trx,
  values: Insertable<ProductionOrdersTable>,
): Promise<number> {
  const row = await trx
    .insertInto('productionOrders')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMaterials(
  trx: Trx,
  values: Insertable<ProductionOrderMaterialsTable>[],
): Promise<void> {
  if (values.length) await trx.insertInto('productionOrderMaterials').values(values).execute();
}

export async function insertCosts(
  trx: Trx,
  values: Insertable<ProductionOrderCostsTable>[],
): Promise<void> {
  if (values.length) await trx.insertInto('productionOrderCosts').values(values).execute();
}

/** The order's stored row, locked for the rest of the transaction. */
export function lockOrder(trx: Trx, id: number) {
  return trx
    .selectFrom('productionOrders')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Consumption recorded on start: the quantity and what the OUT movement valued it at. */
export async function recordConsumption(
  trx: Trx,
  lineId: number,
  values: { consumedQuantity: string; unitCost: string; consumedValue: string },
): Promise<void> {
  await trx.updateTable('productionOrderMaterials').set(values).where('id', '=', lineId).execute();
}

/** The consumption undone (a started order cancelled): the materials went back to stock. */
export async function clearConsumption(trx: Trx, orderId: number): Promise<void> {
  await trx
    .updateTable('productionOrderMaterials')
    .set({ consumedQuantity: '0' })
    .where('productionOrderId', '=', orderId)
    .execute();
}

/**
 * The order's OUT movements not reversed yet (a person may have reversed one in Movimentação de
 * Estoque), in item order: the order in which the ledger locks items.
 */
export async function unreversedOutflows(trx: Trx, orderId: number) {
  return trx
    .selectFrom('stockMovements as m')
    .select(['m.id', 'm.itemId'])
    .where('m.originType', '=', 'PRODUCTION_ORDER')
    .where('m.originId', '=', orderId)
    .where('m.type', '=', 'OUT')
    .where('m.reversalOf', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('stockMovements as r').select('r.id').whereRef('r.reversalOf', '=', 'm.id'),
        ),
      ),
    )
    .orderBy('m.itemId')
    .orderBy('m.id')
    .execute();
}

// ---- The list ---------------------------------------------------------------------------------

const SORTS: Record<string, string> = {
  number: 'o.number',
  plannedStart: 'o.planned_start',
  plannedEnd: 'o.planned_end',
  productName: 'p.name',
  quantity: 'o.quantity',
  createdAt: 'o.number',
  // The lifecycle's order, not the codes'.
  status:
    "array_position(ARRAY['PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED']::text[], o.status::text)",
};

export type OrderFilters = Omit<ProductionOrderListQuery, 'page' | 'pageSize' | 'sort'>;

function literal(status: string): string {
  if (!/^[A-Z_]+$/.test(status)) throw new ValidationError({ status: messages.invalid });
  return status;
}

function whereOf(filters: OrderFilters): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`true`];
  if (filters.status) {
    conditions.push(
      sql`o.status IN (${sql.raw(filters.status.map((status) => `'${literal(status)}'`).join(', '))})`,
    );
  }
  if (filters.productId) conditions.push(sql`o.product_id = ${filters.productId}`);
  if (filters.plannedStartFrom) {
    conditions.push(sql`o.planned_start >= ${filters.plannedStartFrom}::date`);
  }
  if (filters.plannedStartTo) {
    conditions.push(sql`o.planned_start <= ${filters.plannedStartTo}::date`);
  }
  if (filters.plannedEndFrom) {
    conditions.push(sql`o.planned_end >= ${filters.plannedEndFrom}::date`);
  }
  if (filters.plannedEndTo) conditions.push(sql`o.planned_end <= ${filters.plannedEndTo}::date`);
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    const number = /^\s*(?:op)?[\s-]*0*(\d{1,9})\s*$/i.exec(filters.q)?.[1];
    conditions.push(sql`(
      ${number ? sql`o.number = ${Number(number)} OR` : sql``}
      o.product_id = ANY(ARRAY(
        SELECT id FROM items WHERE kind = 'PRODUCT' AND search_text LIKE f_unaccent(lower(${like})))))`);
  }
  return sql.join(conditions, sql` AND `);
}

function orderOf(sort: string | undefined): RawBuilder<unknown> {
  const key = (sort ?? '-number').replace(/^-/, '');
  const column = SORTS[key];
  if (!column) throw new ValidationError({ sort: messages.invalid });
  const direction = (sort ?? '-number').startsWith('-') ? sql.raw('DESC') : sql.raw('ASC');
  const nulls = key === 'plannedStart' || key === 'plannedEnd' ? sql.raw(' NULLS LAST') : sql``;
  return sql`${sql.raw(column)} ${direction}${nulls}, o.number ${direction}`;
}

export async function listOrders(
  db: DbOrTrx,
  query: ProductionOrderListQuery,
): Promise<{ rows: OrderDbRow[]; total: number }> {
  const { page, pageSize, sort, ...filters } = query;
  const where = whereOf(filters);
  const [rows, count] = await Promise.all([
    pageRows<OrderDbRow>(db, sql`${selectWithNames} WHERE ${where} ORDER BY ${orderOf(sort)}`, {
      page,
      pageSize,
    }),
    sql<{ total: number }>`
      SELECT count(*)::integer AS total FROM production_orders o WHERE ${where}`.execute(db),
  ]);
  return { rows, total: count.rows[0]!.total };
}

/** Every row of the filtered list in its order, in batches, through one cursor (the export). */
export async function eachOrderBatch(
  db: DbOrTrx,
  query: OrderFilters & { sort?: string },
  onBatch: (rows: OrderDbRow[]) => Promise<void> | void,
  batchSize = 1000,
): Promise<void> {
  const { sort, ...filters } = query;
  await eachRowBatch(
    db,
    sql`${selectWithNames} WHERE ${whereOf(filters)} ORDER BY ${orderOf(sort)}`,
    onBatch,
    batchSize,
  );
}

/** What the open (planned or started) production orders made for a sales order will make, by product. */
export async function openProductionForOrder(
  db: DbOrTrx,
  requestedOrderId: number,
): Promise<Map<number, string>> {
  const { rows } = await sql<{ productId: number; quantity: string }>`
    SELECT product_id, sum(quantity)::numeric(15,3)::text AS quantity
    FROM production_orders
    WHERE requested_order_id = ${requestedOrderId} AND status IN ('PLANNED', 'IN_PROGRESS')
    GROUP BY product_id`.execute(db);
  return new Map(rows.map((row) => [row.productId, row.quantity]));
}
