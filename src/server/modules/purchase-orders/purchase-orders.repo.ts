import { sql, type Insertable, type RawBuilder } from 'kysely';
import type {
  PurchaseOrderListQuery,
  PurchaseOrderStatus,
} from '../../../shared/resources/purchase-orders.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import type { DocumentLines } from '../../platform/document-lines.js';
import { escapeLike } from '../../platform/repository.js';
import { codeLiterals, eachRowBatch, pageRows, sortOrder } from '../../platform/sql-list.js';

/**
 * The purchase orders' queries: the header with the names it shows, its lines with the items',
 * its receipts; the list (filters on indexes of migration 0015), its export's cursor; the locks
 * and writes of the workflow.
 */

/** The order's lines as document-lines.ts replaces them. */
export const orderLines: DocumentLines = {
  key: 'items',
  table: 'purchaseOrderItems',
  parentColumn: 'purchaseOrderId',
  columns: ['itemId', 'quantity', 'unitPrice'],
};

export interface OrderDbRow {
  id: number;
  number: number;
  supplierId: number;
  supplierName: string;
  orderDate: string;
  expectedDate: string | null;
  locationId: number;
  locationName: string;
  paymentMethodId: number | null;
  paymentMethodName: string | null;
  categoryId: number;
  categoryName: string;
  installments: number;
  firstDueInDays: number;
  intervalDays: number;
  freight: string;
  discount: string;
  total: string;
  notes: string | null;
  status: PurchaseOrderStatus;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

const selectWithNames = sql`
  SELECT o.id, o.number, o.supplier_id, s.name AS supplier_name, o.order_date, o.expected_date,
    o.location_id, (SELECT l.name FROM stock_locations l WHERE l.id = o.location_id) AS location_name,
    o.payment_method_id,
    (SELECT pm.name FROM payment_methods pm WHERE pm.id = o.payment_method_id)
      AS payment_method_name,
    o.category_id,
    (SELECT fc.name FROM financial_categories fc WHERE fc.id = o.category_id) AS category_name,
    o.installments, o.first_due_in_days, o.interval_days, o.freight, o.discount, o.total, o.notes,
    o.status, o.created_at, o.updated_at, o.version
  FROM purchase_orders o
  JOIN suppliers s ON s.id = o.supplier_id`;

export async function findOrderWithNames(db: DbOrTrx, id: number): Promise<OrderDbRow | undefined> {
  const { rows } = await sql<OrderDbRow>`${selectWithNames} WHERE o.id = ${id}`.execute(db);
  return rows[0];
}

export interface LineDbRow {
  id: number;
  position: number;
  itemId: number;
  itemCode: string;
  itemName: string;
  itemKind: 'PRODUCT' | 'FEEDSTOCK';
  unitCode: string;
  unitDecimals: number;
  quantity: string;
  unitPrice: string;
  receivedQuantity: string;
}

/** The order's lines in their order, with the items' code, name and unit. */
export async function findLines(db: DbOrTrx, orderId: number): Promise<LineDbRow[]> {
  const { rows } = await sql<LineDbRow>`
    SELECT l.id, l.position, l.item_id, i.code AS item_code, i.name AS item_name,
      i.kind AS item_kind, u.code AS unit_code, u.decimals AS unit_decimals, l.quantity,
      l.unit_price, l.received_quantity
    FROM purchase_order_items l
    JOIN items i ON i.id = l.item_id
    JOIN units_of_measurement u ON u.id = i.unit_id
    WHERE l.purchase_order_id = ${orderId}
    ORDER BY l.position, l.id`.execute(db);
  return rows;
}

export interface ReceiptDbRow {
  id: number;
  date: string;
  invoiceNumber: string | null;
  locationId: number;
  locationName: string;
  value: string;
  createdAt: Date;
  createdByName: string | null;
}

export interface ReceiptLineDbRow {
  receiptId: number;
  lineId: number;
  itemId: number;
  itemCode: string;
  itemName: string;
  unitCode: string;
  unitDecimals: number;
  quantity: string;
  unitCost: string;
  value: string;
  movementId: number;
}

/** The order's receipts, oldest first, and their lines. */
export async function findReceipts(db: DbOrTrx, orderId: number) {
  const [receipts, lines] = await Promise.all([
    sql<ReceiptDbRow>`
      SELECT r.id, r.date, r.invoice_number, r.location_id, l.name AS location_name, r.value,
        r.created_at, u.name AS created_by_name
      FROM purchase_receipts r
      JOIN stock_locations l ON l.id = r.location_id
      LEFT JOIN users u ON u.id = r.created_by
      WHERE r.purchase_order_id = ${orderId}
      ORDER BY r.id`.execute(db),
    sql<ReceiptLineDbRow>`
      SELECT ri.purchase_receipt_id AS receipt_id, ri.purchase_order_item_id AS line_id,
        ol.item_id, i.code AS item_code, i.name AS item_name, u.code AS unit_code,
        u.decimals AS unit_decimals, ri.quantity, ri.unit_cost, ri.value, ri.movement_id
      FROM purchase_receipt_items ri
      JOIN purchase_receipts r ON r.id = ri.purchase_receipt_id
      JOIN purchase_order_items ol ON ol.id = ri.purchase_order_item_id
      JOIN items i ON i.id = ol.item_id
      JOIN units_of_measurement u ON u.id = i.unit_id
      WHERE r.purchase_order_id = ${orderId}
      ORDER BY ri.purchase_receipt_id, ol.position, ri.id`.execute(db),
  ]);
  return { receipts: receipts.rows, lines: lines.rows };
}

/** What each line of the order has taken in value from earlier receipts. */
export async function receivedValues(db: DbOrTrx, orderId: number): Promise<Map<number, string>> {
  const { rows } = await sql<{ lineId: number; value: string }>`
    SELECT ri.purchase_order_item_id AS line_id, sum(ri.value)::numeric(15,2)::text AS value
    FROM purchase_receipt_items ri
    JOIN purchase_order_items ol ON ol.id = ri.purchase_order_item_id
    WHERE ol.purchase_order_id = ${orderId}
    GROUP BY ri.purchase_order_item_id`.execute(db);
  return new Map(rows.map((row) => [row.lineId, row.value]));
}

// ---- Bought for a sales order ---------------------------------------------------------------

/**
 * Per item, what the purchase orders bought for the sales order still have to bring: ordered −
 * received of each line, on the orders that still wait for goods (a DRAFT, APPROVED or
 * PARTIALLY_RECEIVED one). A CANCELLED order brings nothing, and a RECEIVED one brings nothing
 * more: either everything came or "Encerrar" stopped waiting for the rest.
 */
export async function stillToArriveForSalesOrder(
  db: DbOrTrx,
  requestedOrderId: number,
): Promise<Map<number, string>> {
  const { rows } = await sql<{ itemId: number; quantity: string }>`
    SELECT l.item_id, sum(greatest(l.quantity - l.received_quantity, 0))::numeric(15,3)::text
      AS quantity
    FROM purchase_order_items l
    JOIN purchase_orders o ON o.id = l.purchase_order_id
    WHERE o.requested_order_id = ${requestedOrderId}
      AND o.status IN ('DRAFT', 'APPROVED', 'PARTIALLY_RECEIVED')
    GROUP BY l.item_id`.execute(db);
  return new Map(rows.map((row) => [row.itemId, row.quantity]));
}

/** The purchase orders bought for the sales order (cancelled ones too), oldest first. */
export function ordersForSalesOrder(db: DbOrTrx, requestedOrderId: number) {
  return db
    .selectFrom('purchaseOrders as o')
    .innerJoin('suppliers as s', 's.id', 'o.supplierId')
    .select(['o.id', 'o.number', 'o.status', 'o.expectedDate', 's.name as supplierName'])
    .where('o.requestedOrderId', '=', requestedOrderId)
    .orderBy('o.id')
    .execute();
}

// ---- The list ------------------------------------------------------------------------------

const SORTS: Record<string, string> = {
  orderDate: 'o.order_date',
  number: 'o.number',
  expectedDate: 'o.expected_date',
  supplierName: 's.name',
  total: 'o.total',
  status:
    "array_position(ARRAY['DRAFT', 'APPROVED', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED']::text[], o.status::text)",
};

export type OrderFilters = Omit<PurchaseOrderListQuery, 'page' | 'pageSize' | 'sort' | 'totals'>;

/** `q` as a number: "OC-000042", "oc42", "42" → 42. */
function numberOf(q: string): number | null {
  const match = /^(?:oc)?[-\s]?0*(\d{1,9})$/i.exec(q.trim());
  return match ? Number(match[1]) : null;
}

function whereOf(filters: OrderFilters): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`true`];
  if (filters.status) conditions.push(sql`o.status IN (${codeLiterals(filters.status)})`);
  if (filters.orderDateFrom) conditions.push(sql`o.order_date >= ${filters.orderDateFrom}::date`);
  if (filters.orderDateTo) conditions.push(sql`o.order_date <= ${filters.orderDateTo}::date`);
  if (filters.supplierId) conditions.push(sql`o.supplier_id = ${filters.supplierId}`);
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    const number = numberOf(filters.q);
    conditions.push(sql`(
      ${number === null ? sql`false` : sql`o.number = ${number}`}
      OR o.supplier_id = ANY(ARRAY(
        SELECT id FROM suppliers WHERE search_text LIKE f_unaccent(lower(${like})))))`);
  }
  return sql.join(conditions, sql` AND `);
}

/** One page of the list, its count and (asked for) the sum of the filtered orders' totals. */
export async function listOrders(db: DbOrTrx, query: PurchaseOrderListQuery) {
  const { page, pageSize, sort, totals, ...filters } = query;
  const where = whereOf(filters);
  const [rows, counted] = await Promise.all([
    pageRows<OrderDbRow>(
      db,
      sql`${selectWithNames} WHERE ${where} ORDER BY ${sortOrder(SORTS, sort ?? '-orderDate', 'o.id')}`,
      {
        page,
        pageSize,
      },
    ),
    sql<{ count: number; total: string | null }>`
      SELECT count(*)::integer AS count,
        ${totals ? sql`coalesce(sum(o.total), 0)::numeric(15,2)::text` : sql`NULL`} AS total
      FROM purchase_orders o
      WHERE ${where}`.execute(db),
  ]);
  const summary = counted.rows[0]!;
  return { rows, count: summary.count, total: summary.total };
}

/** Every row of the filtered list in its order, in batches, through a read-only cursor. */
export async function eachOrderBatch(
  db: DbOrTrx,
  query: OrderFilters & { sort?: string },
  onBatch: (rows: OrderDbRow[]) => Promise<void> | void,
  batchSize = 1000,
): Promise<void> {
  const { sort, ...filters } = query;
  await eachRowBatch(
    db,
    sql`${selectWithNames} WHERE ${whereOf(filters)} ORDER BY ${sortOrder(SORTS, sort ?? '-orderDate', 'o.id')}`,
    onBatch,
    batchSize,
  );
}

// ---- References ----------------------------------------------------------------------------

export interface PurchasableItem {
  id: number;
  kind: 'PRODUCT' | 'FEEDSTOCK';
  origin: 'MANUFACTURED' | 'RESALE' | null;
  code: string;
  name: string;
  active: boolean;
  lastPurchasePrice: string | null;
  averageCost: string;
  defaultSupplierId: number | null;
  unitDecimals: number;
}

export async function findItems(db: DbOrTrx, ids: number[]): Promise<Map<number, PurchasableItem>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<PurchasableItem>`
    SELECT i.id, i.kind, i.origin, i.code, i.name, i.active, i.last_purchase_price,
      i.average_cost, i.default_supplier_id, u.decimals AS unit_decimals
    FROM items i JOIN units_of_measurement u ON u.id = i.unit_id
    WHERE i.id = ANY(${[...new Set(ids)]}::integer[])`.execute(db);
  return new Map(rows.map((row) => [row.id, row]));
}

export function findSupplier(db: DbOrTrx, id: number) {
  return db
    .selectFrom('suppliers')
    .select(['id', 'name', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The default stock location, when there is an active one. */
export function findDefaultLocation(db: DbOrTrx) {
  return db
    .selectFrom('stockLocations')
    .select('id')
    .where('isDefault', '=', true)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** The active EXPENSE category named `name` (accents and case aside), else the first active one. */
export async function findExpenseCategory(db: DbOrTrx, name: string) {
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM financial_categories
    WHERE kind = 'EXPENSE' AND active
    ORDER BY (f_unaccent(lower(name)) = f_unaccent(lower(${name}))) DESC, id
    LIMIT 1`.execute(db);
  return rows[0];
}

// ---- Writes --------------------------------------------------------------------------------

/** The order's stored row, locked for the rest of the transaction. */
export function lockOrder(trx: Trx, id: number) {
  return trx
    .selectFrom('purchaseOrders')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Adds what a receipt took to its lines' received quantities, in one statement. */
export async function addReceived(
  trx: Trx,
  lines: readonly { lineId: number; quantity: string }[],
): Promise<void> {
  await sql`
    UPDATE purchase_order_items l
    SET received_quantity = l.received_quantity + v.quantity
    FROM unnest(${lines.map((line) => line.lineId)}::integer[],
      ${lines.map((line) => line.quantity)}::numeric[]) AS v(id, quantity)
    WHERE l.id = v.id`.execute(trx);
}

/** A new order's row (a DRAFT) and its lines in their order; answers its id. */
export async function insertOrder(
  trx: Trx,
  values: Insertable<Database['purchaseOrders']>,
  lines: readonly { itemId: number; quantity: string; unitPrice: string }[],
): Promise<number> {
  const { id } = await trx
    .insertInto('purchaseOrders')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (lines.length) {
    await trx
      .insertInto('purchaseOrderItems')
      .values(
        lines.map((line, index) => ({
          purchaseOrderId: id,
          itemId: line.itemId,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          position: index + 1,
        })),
      )
      .execute();
  }
  return id;
}

/** A receipt and its lines (each pointing at the order line and the movement it posted). */
export async function insertReceipt(
  trx: Trx,
  values: Insertable<Database['purchaseReceipts']>,
  lines: readonly Omit<Insertable<Database['purchaseReceiptItems']>, 'purchaseReceiptId'>[],
): Promise<number> {
  const { id } = await trx
    .insertInto('purchaseReceipts')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('purchaseReceiptItems')
    .values(lines.map((line) => ({ ...line, purchaseReceiptId: id })))
    .execute();
  return id;
}

/** The supplier as the PDF prints it. */
export function findPrintSupplier(db: DbOrTrx, supplierId: number) {
  return db
    .selectFrom('suppliers')
    .select(['name', 'tradeName', 'personType', 'document', 'address', 'phone', 'email'])
    .where('id', '=', supplierId)
    .executeTakeFirstOrThrow();
}
