import { sql, type Insertable, type RawBuilder } from 'kysely';
import type {
  RequestedOrderListQuery,
  RequestedOrderStatus,
} from '../../../shared/resources/requested-orders.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import type { DocumentLines } from '../../platform/document-lines.js';
import { escapeLike } from '../../platform/repository.js';
import { codeLiterals, pageRows, sortOrder } from '../../platform/sql-list.js';
import { findOrdersAtRisk } from './orders-at-risk.repo.js';

/**
 * The sales orders' queries: the header with the names it shows, its lines with what is reserved
 * (stock_reservations) and invoiced (items of its issued invoices) of each, the list on migration
 * 0025's indexes, the products a line names, the lock and the writes.
 */

export const orderLines: DocumentLines = {
  key: 'items',
  table: 'requestedOrderItems',
  parentColumn: 'requestedOrderId',
  columns: ['productId', 'quantity', 'unitPrice', 'discountPercent'],
};

export interface OrderDbRow {
  id: number;
  number: number;
  clientId: number;
  clientName: string;
  orderDate: string;
  deliveryDate: string | null;
  locationId: number;
  locationName: string;
  fiscalOperationId: number | null;
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
  status: RequestedOrderStatus;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

const selectWithNames = sql`
  SELECT o.id, o.number, o.client_id, c.name AS client_name, o.order_date, o.delivery_date,
    o.location_id, (SELECT l.name FROM stock_locations l WHERE l.id = o.location_id) AS location_name,
    o.fiscal_operation_id, o.payment_method_id,
    (SELECT pm.name FROM payment_methods pm WHERE pm.id = o.payment_method_id)
      AS payment_method_name,
    o.category_id,
    (SELECT fc.name FROM financial_categories fc WHERE fc.id = o.category_id) AS category_name,
    o.installments, o.first_due_in_days, o.interval_days, o.freight, o.discount, o.total, o.notes,
    o.status, o.created_at, o.updated_at, o.version
  FROM requested_orders o
  JOIN clients c ON c.id = o.client_id`;

export async function findOrderWithNames(db: DbOrTrx, id: number): Promise<OrderDbRow | undefined> {
  const { rows } = await sql<OrderDbRow>`${selectWithNames} WHERE o.id = ${id}`.execute(db);
  return rows[0];
}

export interface LineDbRow {
  id: number;
  position: number;
  productId: number;
  productCode: string;
  productName: string;
  productOrigin: 'MANUFACTURED' | 'RESALE' | null;
  unitCode: string;
  unitDecimals: number;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  reservedQuantity: string;
  invoicedQuantity: string;
}

/**
 * The order's lines in their order, each with what it holds reserved and what its issued
 * invoices (not cancelled ones) have taken of it: both read, never kept.
 */
/** The products among these ids, with what their stock figures need: origin and unit decimals. */
export function findProductsForStock(db: DbOrTrx, ids: readonly number[]) {
  return db
    .selectFrom('items')
    .innerJoin('unitsOfMeasurement as u', 'u.id', 'items.unitId')
    .select(['items.id', 'items.origin', 'u.decimals as unitDecimals'])
    .where('items.kind', '=', 'PRODUCT')
    .where('items.id', 'in', ids)
    .execute();
}

export async function findLines(db: DbOrTrx, orderId: number): Promise<LineDbRow[]> {
  const { rows } = await sql<LineDbRow>`
    SELECT l.id, l.position, l.product_id, i.code AS product_code, i.name AS product_name,
      i.origin AS product_origin, u.code AS unit_code, u.decimals AS unit_decimals, l.quantity,
      l.unit_price, l.discount_percent,
      coalesce((SELECT r.quantity FROM stock_reservations r WHERE r.requested_order_item_id = l.id),
        0)::numeric(15,3)::text AS reserved_quantity,
      coalesce((SELECT sum(ii.quantity) FROM invoice_items ii JOIN invoices n ON n.id = ii.invoice_id
        WHERE ii.requested_order_item_id = l.id AND n.status = 'ISSUED'), 0)::numeric(15,3)::text
        AS invoiced_quantity
    FROM requested_order_items l
    JOIN items i ON i.id = l.product_id
    JOIN units_of_measurement u ON u.id = i.unit_id
    WHERE l.requested_order_id = ${orderId}
    ORDER BY l.position, l.id`.execute(db);
  return rows;
}

/** The client as the printed order shows it. */
export function findPrintClient(db: DbOrTrx, clientId: number) {
  return db
    .selectFrom('clients')
    .select(['name', 'tradeName', 'personType', 'document', 'address', 'phone', 'email'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
}

// ---- The list ------------------------------------------------------------------------------

const SORTS: Record<string, string> = {
  orderDate: 'o.order_date',
  number: 'o.number',
  deliveryDate: 'o.delivery_date',
  clientName: 'c.name',
  total: 'o.total',
  status:
    "array_position(ARRAY['OPEN', 'APPROVED', 'PARTIALLY_INVOICED', 'INVOICED', 'DELIVERED', 'CANCELLED']::text[], o.status::text)",
};

export type OrderFilters = Omit<RequestedOrderListQuery, 'page' | 'pageSize' | 'sort' | 'totals'>;

/** `q` as a number: "PV-000042", "pv42", "42" → 42. */
function numberOf(q: string): number | null {
  const match = /^(?:pv)?[-\s]?0*(\d{1,9})$/i.exec(q.trim());
  return match ? Number(match[1]) : null;
}

/** `atRisk`: the ids of the orders at risk today, read before the list (orders-at-risk.repo.ts). */
function whereOf(filters: OrderFilters, atRisk: readonly number[] | null): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`true`];
  if (filters.status) conditions.push(sql`o.status IN (${codeLiterals(filters.status)})`);
  if (filters.orderDateFrom) conditions.push(sql`o.order_date >= ${filters.orderDateFrom}::date`);
  if (filters.orderDateTo) conditions.push(sql`o.order_date <= ${filters.orderDateTo}::date`);
  if (filters.deliveryDateFrom) {
    conditions.push(sql`o.delivery_date >= ${filters.deliveryDateFrom}::date`);
  }
  if (filters.deliveryDateTo) {
    conditions.push(sql`o.delivery_date <= ${filters.deliveryDateTo}::date`);
  }
  if (atRisk) conditions.push(sql`o.id = ANY(${[...atRisk]}::integer[])`);
  if (filters.clientId) conditions.push(sql`o.client_id = ${filters.clientId}`);
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    const number = numberOf(filters.q);
    conditions.push(sql`(
      ${number === null ? sql`false` : sql`o.number = ${number}`}
      OR o.client_id = ANY(ARRAY(
        SELECT id FROM clients WHERE search_text LIKE f_unaccent(lower(${like})))))`);
  }
  return sql.join(conditions, sql` AND `);
}

/**
 * A page of the list and what its filter adds up to. `atRisk=true` keeps the orders the
 * dashboard's "Em risco" counts on São Paulo's `today`; `atRisk=false` filters nothing.
 */
export async function listOrders(
  db: DbOrTrx,
  query: RequestedOrderListQuery,
  today = todayInSaoPaulo(),
) {
  const { page, pageSize, sort, totals, atRisk, ...filters } = query;
  const where = whereOf(filters, atRisk ? await findOrdersAtRisk(db, today) : null);
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
      FROM requested_orders o
      WHERE ${where}`.execute(db),
  ]);
  const summary = counted.rows[0]!;
  return { rows, count: summary.count, total: summary.total };
}

// ---- References ----------------------------------------------------------------------------

export interface SellableProduct {
  id: number;
  kind: 'PRODUCT' | 'FEEDSTOCK';
  origin: 'MANUFACTURED' | 'RESALE' | null;
  active: boolean;
  salePrice: string | null;
  unitDecimals: number;
}

export async function findProducts(
  db: DbOrTrx,
  ids: number[],
): Promise<Map<number, SellableProduct>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<SellableProduct>`
    SELECT i.id, i.kind, i.origin, i.active, i.sale_price, u.decimals AS unit_decimals
    FROM items i JOIN units_of_measurement u ON u.id = i.unit_id
    WHERE i.id = ANY(${[...new Set(ids)]}::integer[])`.execute(db);
  return new Map(rows.map((row) => [row.id, row]));
}

/** An active OUT nature of operation of a normal sale with this in-state CFOP ("5101", "5102"). */
export async function findSaleOperation(db: DbOrTrx, cfopInState: string) {
  return db
    .selectFrom('fiscalOperations')
    .select(['id', 'direction', 'purpose', 'active'])
    .where('cfopInState', '=', cfopInState)
    .where('direction', '=', 'OUT')
    .where('active', '=', true)
    .orderBy('id')
    .executeTakeFirst();
}

export function findOperation(db: DbOrTrx, id: number) {
  return db
    .selectFrom('fiscalOperations')
    .select(['id', 'direction', 'purpose', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---- Writes --------------------------------------------------------------------------------

export function lockOrder(trx: Trx, id: number) {
  return trx
    .selectFrom('requestedOrders')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}
export type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

export async function insertOrder(
  trx: Trx,
  values: Insertable<Database['requestedOrders']>,
  lines: readonly {
    productId: number;
    quantity: string;
    unitPrice: string;
    discountPercent: string;
  }[],
): Promise<number> {
  const { id } = await trx
    .insertInto('requestedOrders')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (lines.length) {
    await trx
      .insertInto('requestedOrderItems')
      .values(
        lines.map((line, index) => ({
          requestedOrderId: id,
          productId: line.productId,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          discountPercent: line.discountPercent,
          position: index + 1,
        })),
      )
      .execute();
  }
  return id;
}

export interface InvoicedMoneyRow {
  lineId: number;
  quantity: string;
  /** Σ (vProd − vDesc + vFrete) of the line on issued invoices. */
  net: string;
  freight: string;
}

/** What each line has taken, in quantity and money, on the order's issued invoices. */
export async function invoicedMoney(
  db: DbOrTrx,
  orderId: number,
): Promise<Map<number, InvoicedMoneyRow>> {
  const { rows } = await sql<InvoicedMoneyRow>`
    SELECT ii.requested_order_item_id AS line_id, sum(ii.quantity)::numeric(15,3)::text AS quantity,
      sum(ii.gross_total - ii.discount + ii.freight)::numeric(15,2)::text AS net,
      sum(ii.freight)::numeric(15,2)::text AS freight
    FROM invoice_items ii
    JOIN invoices n ON n.id = ii.invoice_id
    JOIN requested_order_items l ON l.id = ii.requested_order_item_id
    WHERE l.requested_order_id = ${orderId} AND n.status = 'ISSUED'
    GROUP BY ii.requested_order_item_id`.execute(db);
  return new Map(rows.map((row) => [row.lineId, row]));
}

// ---- Credit --------------------------------------------------------------------------------

/**
 * A client's credit as the gate and the order form read it: its limit, what is open of its bills
 * to receive, its overdue ones (the oldest 50 listed; count and amount of them all), and what its
 * approved and partly invoiced orders have still to invoice, `otherThan` this one (the order at
 * the gate counts apart, once). `lock` takes the client's row FOR UPDATE, so two orders of one
 * client pass the gate one after the other; the form's read locks nothing. Null: no such client.
 */
export async function clientExposure(
  db: DbOrTrx,
  clientId: number,
  options: { today: string; otherThan: number | null; lock: boolean },
) {
  const client = await db
    .selectFrom('clients')
    .select(['creditLimit'])
    .where('id', '=', clientId)
    .$if(options.lock, (query) => query.forUpdate())
    .executeTakeFirst();
  if (!client) return null;
  const [open, overdueTotal, overdue, orders] = await Promise.all([
    sql<{ amount: string }>`
      SELECT coalesce(sum(amount - paid_amount), 0)::numeric(15,2)::text AS amount
      FROM bills
      WHERE kind = 'RECEIVE' AND client_id = ${clientId}
        AND status IN ('OPEN', 'PARTIALLY_PAID')`.execute(db),
    sql<{ count: number; amount: string }>`
      SELECT count(*)::integer AS count,
        coalesce(sum(amount - paid_amount), 0)::numeric(15,2)::text AS amount
      FROM bills
      WHERE kind = 'RECEIVE' AND client_id = ${clientId}
        AND status IN ('OPEN', 'PARTIALLY_PAID') AND due_date < ${options.today}::date`.execute(db),
    sql<{ id: number; dueDate: string; open: string; documentNumber: string | null }>`
      SELECT id, due_date, (amount - paid_amount)::numeric(15,2)::text AS open, document_number
      FROM bills
      WHERE kind = 'RECEIVE' AND client_id = ${clientId}
        AND status IN ('OPEN', 'PARTIALLY_PAID') AND due_date < ${options.today}::date
      ORDER BY due_date, id
      LIMIT 50`.execute(db),
    sql<{ amount: string }>`
      SELECT coalesce(sum(o.total - coalesce((
        SELECT sum(n.total) FROM invoices n WHERE n.requested_order_id = o.id AND n.status = 'ISSUED'
      ), 0)), 0)::numeric(15,2)::text AS amount
      FROM requested_orders o
      WHERE o.client_id = ${clientId}
        ${options.otherThan === null ? sql`` : sql`AND o.id <> ${options.otherThan}`}
        AND o.status IN ('APPROVED', 'PARTIALLY_INVOICED')`.execute(db),
  ]);
  return {
    limit: client.creditLimit,
    openReceivables: open.rows[0]!.amount,
    overdue: overdue.rows,
    overdueCount: overdueTotal.rows[0]!.count,
    overdueAmount: overdueTotal.rows[0]!.amount,
    openOrders: orders.rows[0]!.amount,
  };
}

/** What of the order is still to invoice: its total less its issued invoices'. */
export async function notYetInvoiced(db: DbOrTrx, orderId: number): Promise<string> {
  const { rows } = await sql<{ amount: string }>`
    SELECT greatest(o.total - coalesce((
      SELECT sum(n.total) FROM invoices n WHERE n.requested_order_id = o.id AND n.status = 'ISSUED'
    ), 0), 0)::numeric(15,2)::text AS amount
    FROM requested_orders o WHERE o.id = ${orderId}`.execute(db);
  return rows[0]!.amount;
}

/** What the order's history says of an invoice "Faturar" made. */
export function invoiceHeadline(db: DbOrTrx, invoiceId: number) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number', 'total'])
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
}

/** The documents made for the order: its invoices and its production orders, oldest first. */
export async function linkedDocuments(db: DbOrTrx, orderId: number) {
  const [invoices, productions] = await Promise.all([
    db
      .selectFrom('invoices')
      .select(['id', 'number', 'series', 'status', 'total', 'issueDate'])
      .where('requestedOrderId', '=', orderId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('productionOrders')
      .select(['id', 'number', 'status', 'quantity', 'plannedEnd'])
      .where('requestedOrderId', '=', orderId)
      .orderBy('id')
      .execute(),
  ]);
  return { invoices, productions };
}
