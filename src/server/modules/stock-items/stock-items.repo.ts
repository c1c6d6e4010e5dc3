import { sql, type RawBuilder } from 'kysely';
import type { StockItemListQuery, StockItemSort } from '../../../shared/resources/stock-items.js';
import type { StockMovementType, StockOriginType } from '../../db/types.js';
import type { DbOrTrx } from '../../db/connection.js';
import { escapeLike } from '../../platform/repository.js';

/**
 * Consulta de Estoque's SQL: balances per item and location, now (`stock_balances`) or at the end
 * of a past day, and an item's kardex. Reads only; the stock-movements module writes these tables.
 */

export interface StockItemDbRow {
  itemId: number;
  itemCode: string;
  itemName: string;
  kind: 'PRODUCT' | 'FEEDSTOCK';
  unitCode: string;
  unitDecimals: number;
  categoryId: number | null;
  categoryName: string | null;
  locationId: number;
  locationName: string;
  quantity: string;
  itemQuantity: string;
  averageCost: string;
  value: string;
  minimumStock: string | null;
  belowMinimum: boolean;
}

/** `at`: a past day; null: now. */
export type StockItemFilters = Omit<StockItemListQuery, 'page' | 'pageSize' | 'sort' | 'at'> & {
  at: string | null;
};

/**
 * What movements dated after `at` changed, per item and location: each movement counts at its
 * destination (+ its quantity and value) and at its origin (−), so a transfer moves quantity and
 * value between two locations and nets to nothing for the item; the same per item; and each
 * item's quantity and average at the end of that day.
 */
const laterChanges = (at: string) => sql`
  later AS (
    SELECT item_id, location_id, sum(quantity) AS quantity, sum(value) AS value FROM (
      SELECT item_id, to_location_id AS location_id, quantity, value
      FROM stock_movements WHERE date > ${at}::date AND to_location_id IS NOT NULL
      UNION ALL
      SELECT item_id, from_location_id, -quantity, -value
      FROM stock_movements WHERE date > ${at}::date AND from_location_id IS NOT NULL
    ) changes
    GROUP BY item_id, location_id
  ),
  later_item AS (
    SELECT item_id, sum(quantity) AS quantity, sum(value) AS value FROM later GROUP BY item_id
  ),
  -- Materialized: the average is worked out once per item, not once per location.
  item_at AS MATERIALIZED (
    SELECT on_hand.item_id, on_hand.quantity - coalesce(li.quantity, 0) AS quantity,
      round(CASE WHEN on_hand.quantity - coalesce(li.quantity, 0) > 0
        THEN greatest(i.stock_value - coalesce(li.value, 0), 0)
          / (on_hand.quantity - coalesce(li.quantity, 0))
        ELSE 0 END, 4) AS average_cost
    FROM (SELECT item_id, sum(quantity) AS quantity FROM stock_balances GROUP BY item_id) on_hand
    JOIN items i ON i.id = on_hand.item_id
    LEFT JOIN later_item li ON li.item_id = on_hand.item_id
  ),`;

/**
 * The `stock_rows` CTE: every row the filters select, with its computed columns (quantity, the item's
 * quantity, average cost, value, below minimum), to page, total or export.
 *
 * Now: the balance rows, valued at the item's average cost. At the end of a past day: each
 * balance less what later movements changed (a balance always equals the sum of its movements,
 * so this is the ledger's sum up to that day, and the work is proportional to the movements
 * since then, which for the dates people ask about, yesterday or the end of last month, are
 * few); the item's value then is its stock value less what later movements added, and its
 * average that value over its quantity. A row whose location had no movement of the item by
 * then is left out; one emptied by then stays, at zero, as it does now.
 */
function stockRows(filters: StockItemFilters): RawBuilder<unknown> {
  const { at } = filters;
  const conditions: RawBuilder<unknown>[] = [];
  if (filters.kind) conditions.push(sql`i.kind = ${filters.kind}`);
  if (filters.itemId) conditions.push(sql`b.item_id = ${filters.itemId}`);
  if (filters.locationId) conditions.push(sql`b.location_id = ${filters.locationId}`);
  if (filters.categoryId) conditions.push(sql`i.category_id = ${filters.categoryId}`);
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    conditions.push(sql`i.search_text LIKE f_unaccent(lower(${like}))`);
  }
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;

  // Per item: its quantity over all locations and, at a past day, its average then (`item_at`).
  const itemStock = at
    ? sql`SELECT * FROM item_at`
    : sql`SELECT item_id, sum(quantity) AS quantity FROM stock_balances GROUP BY item_id`;
  const quantity = at ? sql`b.quantity - coalesce(lp.quantity, 0)` : sql`b.quantity`;
  const averageCost = at ? sql`t.average_cost` : sql`i.average_cost`;
  const laterJoin = at
    ? sql`LEFT JOIN later lp ON lp.item_id = b.item_id AND lp.location_id = b.location_id`
    : sql``;

  // Only what filters, sorts and totals need; the page's rows get the other columns in
  // `detailed`. Left joins where a row always has its match (a location, the item's total), so
  // that the totals, which read neither, skip them.
  const base = sql`
    SELECT b.item_id, i.name AS item_name, b.location_id, l.name AS location_name,
      ${quantity} AS quantity, t.quantity AS item_quantity, ${averageCost} AS average_cost,
      i.minimum_stock
    FROM stock_balances b
    JOIN items i ON i.id = b.item_id
    LEFT JOIN stock_locations l ON l.id = b.location_id
    LEFT JOIN (${itemStock}) t ON t.item_id = b.item_id
    ${laterJoin}
    ${where}`;

  const outer: RawBuilder<unknown>[] = [];
  if (filters.belowMinimum !== undefined) {
    outer.push(filters.belowMinimum ? sql`below_minimum` : sql`NOT below_minimum`);
  }
  if (at) {
    outer.push(sql`(quantity <> 0 OR EXISTS (
      SELECT 1 FROM stock_movements m
      WHERE m.item_id = r.item_id AND m.date <= ${at}::date
        AND (m.from_location_id = r.location_id OR m.to_location_id = r.location_id)))`);
  }
  const outerWhere = outer.length > 0 ? sql`WHERE ${sql.join(outer, sql` AND `)}` : sql``;

  return sql`
    WITH ${at ? laterChanges(at) : sql``}
    stock_rows AS ${at ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`} (
      SELECT r.* FROM (
        SELECT base.*, round(base.quantity * base.average_cost, 2) AS value,
          coalesce(base.item_quantity < base.minimum_stock, false) AS below_minimum
        FROM (${base}) base
      ) r
      ${outerWhere}
    )`;
}

const orders: Record<StockItemSort, RawBuilder<unknown>> = {
  name: sql`item_name, location_name, item_id, location_id`,
  '-name': sql`item_name DESC, location_name DESC, item_id DESC, location_id DESC`,
  quantity: sql`quantity, item_name, location_name, item_id, location_id`,
  '-quantity': sql`quantity DESC, item_name, location_name, item_id, location_id`,
  value: sql`value, item_name, location_name, item_id, location_id`,
  '-value': sql`value DESC, item_name, location_name, item_id, location_id`,
};

/** Rows of `stock_rows` with the item's code, kind, unit and category: the API's row, as `page`. */
const detailed = (rows: RawBuilder<unknown>) => sql`(
  SELECT r.item_id, i.code AS item_code, r.item_name, i.kind,
    u.code AS unit_code, u.decimals AS unit_decimals, i.category_id, c.name AS category_name,
    r.location_id, r.location_name, r.quantity, r.item_quantity, r.average_cost, r.value,
    r.minimum_stock, r.below_minimum
  FROM (${rows}) r
  JOIN items i ON i.id = r.item_id
  JOIN units_of_measurement u ON u.id = i.unit_id
  LEFT JOIN categories c ON c.id = i.category_id
) page`;

export interface StockItemTotals {
  total: number;
  /** Null unless every row is of one item. */
  totalQuantity: string | null;
  totalValue: string;
}

/** The totals' columns of a page's rows, named apart from the rows' own. */
interface TotalsColumns {
  listTotal: string;
  listTotalQuantity: string | null;
  listTotalValue: string;
}

/**
 * A page of rows and the totals over all of them, in one statement. Now, each is planned on its
 * own (`stock_rows` not materialized): the first page by name is read in the items' name order
 * and stops after its rows, and the totals read only balances and items. At a past day the rows
 * are worked out once, as each costs more. The totals come even when the page is empty: they are
 * the outer row, the page is joined to it.
 */
export function stockPageQuery(
  filters: StockItemFilters,
  sort: StockItemSort,
  page: { limit: number; offset: number },
): RawBuilder<StockItemDbRow & TotalsColumns> {
  return sql`
    ${stockRows(filters)},
    totals AS (
      SELECT count(*) AS list_total,
        CASE WHEN min(item_id) = max(item_id) THEN round(sum(quantity), 3) END
          AS list_total_quantity,
        round(coalesce(sum(value), 0), 2) AS list_total_value
      FROM stock_rows
    )
    SELECT totals.*, page.* FROM totals
    LEFT JOIN LATERAL ${detailed(
      sql`SELECT * FROM stock_rows ORDER BY ${orders[sort]} LIMIT ${page.limit} OFFSET ${page.offset}`,
    )} ON true
    ORDER BY ${orders[sort]}`;
}

export async function stockPage(
  db: DbOrTrx,
  filters: StockItemFilters,
  sort: StockItemSort,
  page: { limit: number; offset: number },
): Promise<{ rows: StockItemDbRow[]; totals: StockItemTotals }> {
  const { rows } = await stockPageQuery(filters, sort, page).execute(db);
  const first = rows[0]!;
  return {
    // An empty page is the totals' row alone, with nulls for the page's columns.
    rows: rows
      .filter((row) => row.itemId !== null)
      .map((row) => {
        const copy: Partial<StockItemDbRow & TotalsColumns> = { ...row };
        delete copy.listTotal;
        delete copy.listTotalQuantity;
        delete copy.listTotalValue;
        return copy as StockItemDbRow;
      }),
    totals: {
      total: Number(first.listTotal),
      totalQuantity: first.listTotalQuantity,
      totalValue: first.listTotalValue,
    },
  };
}

/** Every row, in the list's order: what the export writes. */
export async function allStockRows(
  db: DbOrTrx,
  filters: StockItemFilters,
  sort: StockItemSort,
): Promise<StockItemDbRow[]> {
  const { rows } = await sql<StockItemDbRow>`
    ${stockRows(filters)}
    SELECT * FROM ${detailed(sql`SELECT * FROM stock_rows`)} ORDER BY ${orders[sort]}`.execute(db);
  return rows;
}

export interface KardexItem {
  id: number;
  code: string;
  name: string;
  kind: 'PRODUCT' | 'FEEDSTOCK';
  unitCode: string;
  unitDecimals: number;
}

export async function findKardexItem(db: DbOrTrx, itemId: number): Promise<KardexItem | undefined> {
  return db
    .selectFrom('items as i')
    .innerJoin('unitsOfMeasurement as u', 'u.id', 'i.unitId')
    .select([
      'i.id',
      'i.code',
      'i.name',
      'i.kind',
      'u.code as unitCode',
      'u.decimals as unitDecimals',
    ])
    .where('i.id', '=', itemId)
    .executeTakeFirst();
}

export interface KardexScope {
  itemId: number;
  locationId?: number;
  from?: string;
  to?: string;
}

/**
 * The item's movements in the scope (one location, or all), each with what it changed there:
 * at a location, + when it arrives and − when it leaves; over all locations a transfer changes
 * nothing. In the ledger's order, (date, id), read through (item_id, date, id).
 */
function scoped(scope: KardexScope) {
  const change =
    scope.locationId === undefined
      ? sql`round(CASE WHEN m.from_location_id IS NULL THEN m.quantity
          WHEN m.to_location_id IS NULL THEN -m.quantity ELSE 0 END, 3)`
      : sql`CASE WHEN m.to_location_id = ${scope.locationId} THEN m.quantity ELSE -m.quantity END`;
  const conditions: RawBuilder<unknown>[] = [sql`m.item_id = ${scope.itemId}`];
  if (scope.locationId !== undefined) {
    conditions.push(
      sql`(m.from_location_id = ${scope.locationId} OR m.to_location_id = ${scope.locationId})`,
    );
  }
  if (scope.to) conditions.push(sql`m.date <= ${scope.to}::date`);
  return sql`SELECT m.*, ${change} AS change FROM stock_movements m
    WHERE ${sql.join(conditions, sql` AND `)}`;
}

export interface KardexDbRow {
  id: number;
  date: string;
  type: StockMovementType;
  fromLocationId: number | null;
  fromLocationName: string | null;
  toLocationId: number | null;
  toLocationName: string | null;
  quantity: string;
  unitCost: string;
  value: string;
  originType: StockOriginType;
  originId: number | null;
  notes: string | null;
  userName: string | null;
  reversalOf: number | null;
  change: string;
  balance: string;
}

/**
 * A page of the kardex, oldest first, each movement with the balance after it: a running sum over
 * the scope's movements from the first one (so the balance does not depend on `from`), cut to
 * `from` and the page afterwards.
 */
export function kardexPageQuery(
  scope: KardexScope,
  page: { limit: number; offset: number },
): RawBuilder<KardexDbRow> {
  const from = scope.from ? sql`WHERE k.date >= ${scope.from}::date` : sql``;
  return sql<KardexDbRow>`
    SELECT k.id, k.date, k.type, k.from_location_id, f.name AS from_location_name,
      k.to_location_id, t.name AS to_location_name, k.quantity, k.unit_cost, k.value,
      k.origin_type, k.origin_id, k.notes, usr.name AS user_name, k.reversal_of,
      k.change, k.balance
    FROM (
      SELECT s.*, sum(s.change) OVER (ORDER BY s.date, s.id ROWS UNBOUNDED PRECEDING) AS balance
      FROM (${scoped(scope)}) s
    ) k
    LEFT JOIN stock_locations f ON f.id = k.from_location_id
    LEFT JOIN stock_locations t ON t.id = k.to_location_id
    LEFT JOIN users usr ON usr.id = k.user_id
    ${from}
    ORDER BY k.date, k.id
    LIMIT ${page.limit} OFFSET ${page.offset}`;
}

export async function kardexPage(
  db: DbOrTrx,
  scope: KardexScope,
  page: { limit: number; offset: number },
): Promise<KardexDbRow[]> {
  return (await kardexPageQuery(scope, page).execute(db)).rows;
}

/** How many movements the kardex has from `from`, the balance before it and at its end. */
export async function kardexTotals(
  db: DbOrTrx,
  scope: KardexScope,
): Promise<{ total: number; openingBalance: string; closingBalance: string }> {
  const before = scope.from ? sql`s.date < ${scope.from}::date` : sql`false`;
  const { rows } = await sql<{ total: string; openingBalance: string; closingBalance: string }>`
    SELECT count(*) FILTER (WHERE NOT (${before})) AS total,
      round(coalesce(sum(s.change) FILTER (WHERE ${before}), 0), 3) AS opening_balance,
      round(coalesce(sum(s.change), 0), 3) AS closing_balance
    FROM (${scoped(scope)}) s`.execute(db);
  const row = rows[0]!;
  return {
    total: Number(row.total),
    openingBalance: row.openingBalance,
    closingBalance: row.closingBalance,
  };
}
