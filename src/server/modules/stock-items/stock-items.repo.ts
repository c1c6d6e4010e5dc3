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

/**
 * Where the stock at a past day is worked out from: today's balances, read back (null); or a
 * closing's snapshot (stock-closings), read forward from one on or before the day or back from
 * one after it.
 */
export type PastStart = { closing: string; forward: boolean } | null;

/** `at`: a past day; null: now. `start`: with `at`, where it is worked out from. */
export type StockItemFilters = Omit<StockItemListQuery, 'page' | 'pageSize' | 'sort' | 'at'> & {
  at: string | null;
  start?: PastStart;
};

/**
 * What the movements `dated` changed, per item and location: each movement counts at its
 * destination (+ its quantity and value) and at its origin (−), so a transfer moves quantity and
 * value between two locations and nets to nothing for the item.
 */
const changesByLocation = (dated: RawBuilder<unknown>) => sql`
    SELECT item_id, location_id, sum(quantity) AS quantity, sum(value) AS value FROM (
      SELECT item_id, to_location_id AS location_id, quantity, value
      FROM stock_movements WHERE ${dated} AND to_location_id IS NOT NULL
      UNION ALL
      SELECT item_id, from_location_id, -quantity, -value
      FROM stock_movements WHERE ${dated} AND from_location_id IS NOT NULL
    ) changes
    GROUP BY item_id, location_id`;

/**
 * An item's quantity, value and average at the end of a day, from its quantity and the ledger's
 * sum of its values by then: a value is never shown below zero, the average is value ÷ quantity.
 */
const itemAtColumns = (quantity: RawBuilder<unknown>, value: RawBuilder<unknown>) => sql`
  ${quantity} AS quantity, greatest(${value}, 0) AS value,
  round(CASE WHEN ${quantity} > 0 THEN greatest(${value}, 0) / (${quantity}) ELSE 0 END, 4)
    AS average_cost`;

/**
 * Back from today, or from the snapshot at the end of `closing` (a day after `at`): what
 * movements dated after `at` (through `closing`) changed, per item and location (`later`) and
 * per item; and each item's quantity, value and average at the end of that day (`item_at`):
 * today's, or the snapshot's, less those changes.
 */
const laterChanges = (at: string, closing: string | null) => {
  const dated = closing
    ? sql`date > ${at}::date AND date <= ${closing}::date`
    : sql`date > ${at}::date`;
  const onHand = closing
    ? sql`(SELECT item_id, quantity, value FROM stock_closing_items
        WHERE closed_through = ${closing}::date) on_hand`
    : sql`(SELECT item_id, sum(quantity) AS quantity FROM stock_balances GROUP BY item_id) on_hand
      JOIN items i ON i.id = on_hand.item_id`;
  return sql`
  later AS (${changesByLocation(dated)}),
  later_item AS (
    SELECT item_id, sum(quantity) AS quantity, sum(value) AS value FROM later GROUP BY item_id
  ),
  -- Materialized: the average is worked out once per item, not once per location.
  item_at AS MATERIALIZED (
    SELECT on_hand.item_id, ${itemAtColumns(
      sql`on_hand.quantity - coalesce(li.quantity, 0)`,
      sql`${closing ? sql`on_hand.value` : sql`i.stock_value`} - coalesce(li.value, 0)`,
    )}
    FROM ${onHand}
    LEFT JOIN later_item li ON li.item_id = on_hand.item_id
  ),`;
};

/**
 * Forward from the snapshot at the end of `closing`: each balance then plus what movements dated
 * in (`closing`, `at`] changed (`balance_at`: the snapshot's rows, zeros included, and the
 * locations whose first movement of the item came since); each item's quantity and value then
 * plus theirs (`item_at`).
 */
const changesSinceClosing = (closing: string, at: string) => sql`
  since AS (${changesByLocation(sql`date > ${closing}::date AND date <= ${at}::date`)}),
  balance_at AS (
    SELECT item_id, location_id, sum(quantity) AS quantity FROM (
      SELECT item_id, location_id, quantity FROM stock_closing_balances
      WHERE closed_through = ${closing}::date
      UNION ALL
      SELECT item_id, location_id, quantity FROM since
    ) balances
    GROUP BY item_id, location_id
  ),
  -- Materialized: the average is worked out once per item, not once per location.
  item_at AS MATERIALIZED (
    SELECT item_id, ${itemAtColumns(sql`sums.quantity`, sql`sums.value`)}
    FROM (
      SELECT item_id, sum(quantity) AS quantity, sum(value) AS value FROM (
        SELECT item_id, quantity, value FROM stock_closing_items
        WHERE closed_through = ${closing}::date
        UNION ALL
        SELECT item_id, quantity, value FROM since
      ) items_then
      GROUP BY item_id
    ) sums
  ),`;

/** Conditions on the balance (`b`) and its item (`i`): the list's filters but below minimum. */
function itemConditions(filters: StockItemFilters): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (filters.kind) conditions.push(sql`i.kind = ${filters.kind}`);
  if (filters.itemId) conditions.push(sql`b.item_id = ${filters.itemId}`);
  if (filters.locationId) conditions.push(sql`b.location_id = ${filters.locationId}`);
  if (filters.categoryId) conditions.push(sql`i.category_id = ${filters.categoryId}`);
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    conditions.push(sql`i.search_text LIKE f_unaccent(lower(${like}))`);
  }
  return conditions;
}

const whereOf = (conditions: RawBuilder<unknown>[]) =>
  conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;

/**
 * The `belowMinimum` filter, if asked, on balances `b` of items `i`: a join and a condition on the
 * item's quantity over all locations. `perItem`: that sum read for each item as it is reached,
 * for a query that stops after a few items (a page in name order); otherwise the items' sums in
 * one aggregate, joined, for a query that reads every balance (the totals, another order).
 */
function belowMinimumFilter(filters: StockItemFilters, perItem: boolean) {
  if (filters.belowMinimum === undefined) return { join: sql``, conditions: [] };
  const itemQuantity = perItem
    ? sql`(SELECT sum(s.quantity) FROM stock_balances s WHERE s.item_id = i.id)`
    : sql`t.quantity`;
  // Without a minimum the comparison is null: not below. Written plainly when true, the planner
  // estimates it closely enough to keep only those items before joining their balances.
  const below = filters.belowMinimum
    ? sql`${itemQuantity} < i.minimum_stock`
    : sql`NOT coalesce(${itemQuantity} < i.minimum_stock, false)`;
  return {
    join: perItem ? sql`` : sql`JOIN ${itemSums} ON t.item_id = b.item_id`,
    conditions: [below],
  };
}

/**
 * A row's value: the item's stock value shared by quantity over its locations (quantity × the
 * exact average, value ÷ quantity on hand), to the cent. Not quantity × the 4-place average:
 * 150 units bought for 1,000.00 would show 150 × 6.6667 = 1,000.01, a cent the stock never had.
 */
const rowValue = (
  quantity: RawBuilder<unknown>,
  itemValue: RawBuilder<unknown>,
  itemQuantity: RawBuilder<unknown>,
) =>
  sql`round(CASE WHEN (${itemQuantity}) > 0
    THEN (${itemValue}) * (${quantity}) / (${itemQuantity}) ELSE 0 END, 2)`;

/** The item's quantity over all locations, per item in one aggregate (as `t`). */
const itemSums = sql`(SELECT item_id, sum(quantity) AS quantity FROM stock_balances GROUP BY item_id) t`;

/** A row's value now, `itemQuantity` its item's quantity over all locations. */
const currentValue = (itemQuantity: RawBuilder<unknown>) =>
  rowValue(sql`b.quantity`, sql`i.stock_value`, itemQuantity);

/**
 * The current stock's rows the filters select, without the item's quantity over all locations
 * (`withItemQuantity` adds it once the rows are cut to a page). A page in name order is read in
 * the items' name order (items_name_idx), each item's few balances through the primary key, and
 * stops after its rows: `byName`, below minimum is then asked of each item as it is read.
 */
function currentRows(filters: StockItemFilters, byName: boolean): RawBuilder<unknown> {
  const belowMinimum = belowMinimumFilter(filters, byName);
  return sql`
    SELECT b.item_id, i.name AS item_name, b.location_id, l.name AS location_name, b.quantity,
      i.average_cost, i.minimum_stock,
      ${currentValue(sql`(SELECT sum(s.quantity) FROM stock_balances s WHERE s.item_id = b.item_id)`)}
        AS value
    FROM stock_balances b
    JOIN items i ON i.id = b.item_id
    JOIN stock_locations l ON l.id = b.location_id
    ${belowMinimum.join}
    ${whereOf([...itemConditions(filters), ...belowMinimum.conditions])}`;
}

/**
 * Rows of `currentRows` with the item's quantity over all locations and whether it is below
 * minimum.
 */
const withItemQuantity = (rows: RawBuilder<unknown>) => sql`
  SELECT r.*, t.quantity AS item_quantity,
    coalesce(t.quantity < r.minimum_stock, false) AS below_minimum
  FROM (${rows}) r
  CROSS JOIN LATERAL (
    SELECT sum(s.quantity) AS quantity FROM stock_balances s WHERE s.item_id = r.item_id
  ) t`;

/**
 * The totals of the current stock's rows: one pass over the balances and their items, joined to
 * the items' quantities over all locations (which the rows' values and below minimum need).
 */
function currentTotals(filters: StockItemFilters): RawBuilder<unknown> {
  const belowMinimum = belowMinimumFilter(filters, false);
  return sql`
    SELECT count(*) AS list_total,
      CASE WHEN min(b.item_id) = max(b.item_id) THEN round(sum(b.quantity), 3) END
        AS list_total_quantity,
      round(coalesce(sum(${currentValue(sql`t.quantity`)}), 0), 2) AS list_total_value
    FROM stock_balances b
    JOIN items i ON i.id = b.item_id
    JOIN ${itemSums} ON t.item_id = b.item_id
    ${whereOf([...itemConditions(filters), ...belowMinimum.conditions])}`;
}

/**
 * The `stock_rows` CTE at the end of a past day: every row the filters select, with its computed
 * columns (quantity, the item's quantity, average cost, value, below minimum), to page, total or
 * export. A row whose location had no movement of the item by then is left out; one emptied by
 * then stays, at zero, as it does now. Every way below gives the ledger's sum up to that day (a
 * balance, a snapshot and an item's stock value each equal the sum of their movements); the
 * item's rows share its value by quantity. Materialized: the rows are worked out once for the
 * page and the totals.
 *
 * The work is the movements between the day and where it starts (`filters.start`, the nearest
 * the service finds): forward from a snapshot on or before it (its rows plus the movements
 * since); back from a snapshot after it or from today's balances (each row less the movements
 * after the day). Without closings a year ago is half the ledger; with monthly ones, at most
 * half a month.
 */
function pastStockRows(filters: StockItemFilters, at: string): RawBuilder<unknown> {
  // Only what filters, sorts and totals need; the page's rows get the other columns in
  // `detailed`.
  const columns = (quantity: RawBuilder<unknown>) => sql`
    b.item_id, i.name AS item_name, b.location_id, l.name AS location_name,
    ${quantity} AS quantity, t.quantity AS item_quantity, t.average_cost AS average_cost,
    i.minimum_stock, ${rowValue(quantity, sql`t.value`, sql`t.quantity`)} AS value`;
  const joins = sql`
    JOIN items i ON i.id = b.item_id
    LEFT JOIN stock_locations l ON l.id = b.location_id
    LEFT JOIN item_at t ON t.item_id = b.item_id`;

  const outer: RawBuilder<unknown>[] = [];
  if (filters.belowMinimum !== undefined) {
    outer.push(filters.belowMinimum ? sql`below_minimum` : sql`NOT below_minimum`);
  }
  const start = filters.start ?? null;
  let changes: RawBuilder<unknown>;
  let base: RawBuilder<unknown>;
  if (start?.forward) {
    changes = changesSinceClosing(start.closing, at);
    // Every row of balance_at had a movement by then: nothing to leave out.
    base = sql`
      SELECT ${columns(sql`b.quantity`)}
      FROM balance_at b ${joins}
      ${whereOf(itemConditions(filters))}`;
  } else {
    changes = laterChanges(at, start?.closing ?? null);
    const balances = start
      ? sql`(SELECT item_id, location_id, quantity FROM stock_closing_balances
          WHERE closed_through = ${start.closing}::date)`
      : sql`stock_balances`;
    base = sql`
      SELECT ${columns(sql`b.quantity - coalesce(lp.quantity, 0)`)}
      FROM ${balances} b ${joins}
      LEFT JOIN later lp ON lp.item_id = b.item_id AND lp.location_id = b.location_id
      ${whereOf(itemConditions(filters))}`;
    outer.push(sql`(quantity <> 0 OR EXISTS (
      SELECT 1 FROM stock_movements m
      WHERE m.item_id = r.item_id AND m.date <= ${at}::date
        AND (m.from_location_id = r.location_id OR m.to_location_id = r.location_id)))`);
  }

  return sql`
    WITH ${changes}
    stock_rows AS MATERIALIZED (
      SELECT r.* FROM (
        SELECT base.*,
          coalesce(base.item_quantity < base.minimum_stock, false) AS below_minimum
        FROM (${base}) base
      ) r
      ${whereOf(outer)}
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

/** Rows with the item's code, kind, unit and category: the API's row, as `page`. */
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
 * A page of rows and the totals over all of them, in one statement. Now, the page and the totals
 * are each their own query (`currentRows`, `currentTotals`); at a past day both read the rows
 * worked out once. The totals come even when the page is empty: they are the outer row, the page
 * is joined to it.
 */
export function stockPageQuery(
  filters: StockItemFilters,
  sort: StockItemSort,
  page: { limit: number; offset: number },
): RawBuilder<StockItemDbRow & TotalsColumns> {
  const cut = (rows: RawBuilder<unknown>) =>
    sql`SELECT * FROM (${rows}) r ORDER BY ${orders[sort]} LIMIT ${page.limit} OFFSET ${page.offset}`;
  const pageOf = (rows: RawBuilder<unknown>) => sql`
    SELECT totals.*, page.* FROM totals
    LEFT JOIN LATERAL ${detailed(rows)} ON true
    ORDER BY ${orders[sort]}`;
  if (!filters.at) {
    return sql`
      WITH totals AS (${currentTotals(filters)})
      ${pageOf(withItemQuantity(cut(currentRows(filters, sort === 'name' || sort === '-name'))))}`;
  }
  return sql`
    ${pastStockRows(filters, filters.at)},
    totals AS (
      SELECT count(*) AS list_total,
        CASE WHEN min(item_id) = max(item_id) THEN round(sum(quantity), 3) END
          AS list_total_quantity,
        round(coalesce(sum(value), 0), 2) AS list_total_value
      FROM stock_rows
    )
    ${pageOf(cut(sql`SELECT * FROM stock_rows`))}`;
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
  const query = filters.at
    ? sql<StockItemDbRow>`
      ${pastStockRows(filters, filters.at)}
      SELECT * FROM ${detailed(sql`SELECT * FROM stock_rows`)} ORDER BY ${orders[sort]}`
    : sql<StockItemDbRow>`
      SELECT * FROM ${detailed(withItemQuantity(currentRows(filters, false)))} ORDER BY ${orders[sort]}`;
  return (await query.execute(db)).rows;
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
 * What a movement `m` changed in the scope: at a location, + when it arrives and − when it
 * leaves; over all locations a transfer changes nothing.
 */
function changeOf(scope: KardexScope) {
  return scope.locationId === undefined
    ? sql`round(CASE WHEN m.from_location_id IS NULL THEN m.quantity
        WHEN m.to_location_id IS NULL THEN -m.quantity ELSE 0 END, 3)`
    : sql`CASE WHEN m.to_location_id = ${scope.locationId} THEN m.quantity ELSE -m.quantity END`;
}

/**
 * The item's movements in the scope (one location, or all): id, date and change, in the ledger's
 * order, (date, id). Read from the index (item_id, date, id), which carries what the change needs
 * (migration 0011), so reading all of a busy item's movements stays in the index.
 */
function scoped(scope: KardexScope) {
  const conditions: RawBuilder<unknown>[] = [sql`m.item_id = ${scope.itemId}`];
  if (scope.locationId !== undefined) {
    conditions.push(
      sql`(m.from_location_id = ${scope.locationId} OR m.to_location_id = ${scope.locationId})`,
    );
  }
  if (scope.to) conditions.push(sql`m.date <= ${scope.to}::date`);
  return sql`SELECT m.id, m.date, ${changeOf(scope)} AS change FROM stock_movements m
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

/** The kardex's totals, beside each row of its page. */
interface KardexTotalsColumns {
  /** Movements from `from`. */
  total: string;
  /** The balance before `from` and after the last movement. */
  openingBalance: string;
  closingBalance: string;
}

/**
 * A page of the kardex, oldest first, each movement with the balance after it, and the totals, in
 * one statement. The balance runs from the scope's first movement (so it does not depend on
 * `from`): the sum of the changes before the page, then a running sum over the page's rows. The
 * page's ids are taken first, so only its rows are joined to their locations and user. The
 * totals come even when the page is empty: they are the outer row, the page is joined to it.
 */
export function kardexPageQuery(
  scope: KardexScope,
  page: { limit: number; offset: number },
): RawBuilder<KardexDbRow & KardexTotalsColumns> {
  const before = scope.from ? sql`s.date < ${scope.from}::date` : sql`false`;
  return sql<KardexDbRow & KardexTotalsColumns>`
    WITH scoped AS NOT MATERIALIZED (${scoped(scope)}),
    page AS (
      SELECT s.id, s.date FROM scoped s WHERE NOT (${before})
      ORDER BY s.date, s.id LIMIT ${page.limit} OFFSET ${page.offset}
    ),
    totals AS (
      SELECT count(*) FILTER (WHERE NOT (${before})) AS total,
        round(coalesce(sum(s.change) FILTER (WHERE ${before}), 0), 3) AS opening_balance,
        round(coalesce(sum(s.change), 0), 3) AS closing_balance,
        coalesce(sum(s.change) FILTER (WHERE (s.date, s.id) <
          (SELECT p.date, p.id FROM page p ORDER BY p.date, p.id LIMIT 1)), 0) AS before_page
      FROM scoped s
    )
    SELECT totals.total, totals.opening_balance, totals.closing_balance, k.* FROM totals
    LEFT JOIN LATERAL (
      SELECT m.id, m.date, m.type, m.from_location_id, f.name AS from_location_name,
        m.to_location_id, t.name AS to_location_name, m.quantity, m.unit_cost, m.value,
        m.origin_type, m.origin_id, m.notes, usr.name AS user_name, m.reversal_of,
        ${changeOf(scope)} AS change,
        totals.before_page
          + sum(${changeOf(scope)}) OVER (ORDER BY m.date, m.id ROWS UNBOUNDED PRECEDING) AS balance
      FROM page p
      JOIN stock_movements m ON m.id = p.id
      LEFT JOIN stock_locations f ON f.id = m.from_location_id
      LEFT JOIN stock_locations t ON t.id = m.to_location_id
      LEFT JOIN users usr ON usr.id = m.user_id
    ) k ON true
    ORDER BY k.date, k.id`;
}

/** A page of the kardex, how many movements it has from `from`, the balance before and after. */
export async function kardexPage(
  db: DbOrTrx,
  scope: KardexScope,
  page: { limit: number; offset: number },
): Promise<{
  rows: KardexDbRow[];
  totals: { total: number; openingBalance: string; closingBalance: string };
}> {
  const { rows } = await kardexPageQuery(scope, page).execute(db);
  const first = rows[0]!;
  return {
    // An empty page is the totals' row alone, with nulls for the page's columns.
    rows: rows
      .filter((row) => row.id !== null)
      .map(({ total: _total, openingBalance: _opening, closingBalance: _closing, ...row }) => row),
    totals: {
      total: Number(first.total),
      openingBalance: first.openingBalance,
      closingBalance: first.closingBalance,
    },
  };
}

/**
 * How many items (not item × location rows) the list's `belowMinimum=true` shows: items with a
 * balance whose quantity over all locations is below their minimum (without a minimum, or with no
 * balance row, an item is not below). The dashboard's card: every balance is read, so the items'
 * sums come from one aggregate (a sum per item asked item by item took twice as long).
 */
export async function countItemsBelowMinimum(db: DbOrTrx): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::integer AS count
    FROM ${itemSums}
    JOIN items i ON i.id = t.item_id
    WHERE t.quantity < i.minimum_stock`.execute(db);
  return rows[0]!.count;
}
