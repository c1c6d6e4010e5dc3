import { Decimal } from 'decimal.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import type {
  Kardex,
  StockItemList,
  StockItemListQuery,
  StockItemMovementsQuery,
  StockItemRow,
} from '../../../shared/resources/stock-items.js';
import { closingsAround } from '../stock-closings/index.js';
import { stockAt } from '../stock-movements/index.js';
import type { DbOrTrx } from '../../db/connection.js';
import { NotFoundError } from '../../platform/errors.js';
import {
  allStockRows,
  findKardexItem,
  kardexPage,
  stockPage,
  type KardexDbRow,
  type PastStart,
  type StockItemFilters,
} from './stock-items.repo.js';

/**
 * Consulta de Estoque's use cases: reads only, so no transaction of their own but a past day's
 * read-only one (readStock).
 */

/** The filters with `at` resolved: a past day, or null for now (today's end is now). */
function filtersOf(query: Omit<StockItemListQuery, 'page' | 'pageSize'>, today: string) {
  const { at } = query;
  const filters: StockItemFilters = {
    kind: query.kind,
    itemId: query.itemId,
    locationId: query.locationId,
    categoryId: query.categoryId,
    belowMinimum: query.belowMinimum,
    q: query.q,
    at: at !== undefined && at < today ? at : null,
  };
  return filters;
}

/** Days from `from` to `to` ('YYYY-MM-DD'). */
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/**
 * Where the stock at `at` is worked out from: the nearest in days of the closing's snapshot on or
 * before it (read forward), the one after it and today's balances (both read back), so that the
 * fewest movements are summed. Days stand in for movements: closings are a period apart.
 */
async function pastStart(db: DbOrTrx, at: string, today: string): Promise<PastStart> {
  const { before, after } = await closingsAround(db, at);
  const candidates: { start: PastStart; days: number }[] = [
    { start: null, days: daysBetween(at, today) },
  ];
  if (after)
    candidates.push({ start: { closing: after, forward: false }, days: daysBetween(at, after) });
  if (before)
    candidates.push({ start: { closing: before, forward: true }, days: daysBetween(before, at) });
  return candidates.reduce((nearest, candidate) =>
    candidate.days < nearest.days ? candidate : nearest,
  ).start;
}

/**
 * Runs a read of the list with its filters complete: at a past day, with where it starts from,
 * found in the same REPEATABLE READ transaction as the read, so that a reopening which deletes
 * that snapshot in between cannot leave the read without its rows.
 */
function readStock<T>(
  db: DbOrTrx,
  filters: StockItemFilters,
  today: string,
  read: (db: DbOrTrx, filters: StockItemFilters) => Promise<T>,
): Promise<T> {
  const { at } = filters;
  if (!at) return read(db, filters);
  const withStart = async (trx: DbOrTrx) =>
    read(trx, { ...filters, start: await pastStart(trx, at, today) });
  if (db.isTransaction) return withStart(db);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(withStart);
}

export async function listStockItems(
  db: DbOrTrx,
  query: StockItemListQuery,
): Promise<StockItemList> {
  const today = todayInSaoPaulo();
  const filters = filtersOf(query, today);
  const { rows, totals } = await readStock(db, filters, today, (reader, complete) =>
    stockPage(reader, complete, query.sort ?? 'name', {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
  );
  const reserved = filters.at
    ? null
    : await stockAt(
        db,
        rows.map((row) => ({ itemId: row.itemId, locationId: row.locationId })),
      );
  const items: StockItemRow[] = rows.map((row) => {
    const held = reserved?.get(`${row.itemId}:${row.locationId}`);
    return {
      ...row,
      reservedQuantity: held ? held.reserved : null,
      availableQuantity: held
        ? Decimal.max(0, new Decimal(row.quantity).minus(held.reserved)).toFixed(3)
        : null,
    };
  });
  return {
    items,
    total: totals.total,
    page: query.page,
    pageSize: query.pageSize,
    at: filters.at ?? today,
    ...(totals.totalQuantity === null ? {} : { totalQuantity: totals.totalQuantity }),
    totalValue: totals.totalValue,
  };
}

/** Every row of the filtered list, in its order: what the export writes. */
export function allStockItems(
  db: DbOrTrx,
  query: Omit<StockItemListQuery, 'page' | 'pageSize'>,
): Promise<StockItemRow[]> {
  const today = todayInSaoPaulo();
  return readStock(db, filtersOf(query, today), today, (reader, filters) =>
    allStockRows(reader, filters, query.sort ?? 'name'),
  );
}

function toKardexRow(row: KardexDbRow) {
  const { originType, originId, ...rest } = row;
  return { ...rest, origin: { type: originType, id: originId } };
}

/** The item's kardex: 404 for an item that does not exist. */
export async function itemMovements(
  db: DbOrTrx,
  itemId: number,
  query: StockItemMovementsQuery,
): Promise<Kardex> {
  const item = await findKardexItem(db, itemId);
  if (!item) throw new NotFoundError();
  const scope = { itemId, locationId: query.locationId, from: query.from, to: query.to };
  const { rows, totals } = await kardexPage(db, scope, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    item,
    items: rows.map(toKardexRow),
    total: totals.total,
    page: query.page,
    pageSize: query.pageSize,
    openingBalance: totals.openingBalance,
    closingBalance: totals.closingBalance,
  };
}
