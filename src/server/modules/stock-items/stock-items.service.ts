import { Decimal } from 'decimal.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import type {
  Kardex,
  StockItemList,
  StockItemListQuery,
  StockItemMovementsQuery,
  StockItemRow,
} from '../../../shared/resources/stock-items.js';
import { stockAt } from '../stock-movements/index.js';
import type { DbOrTrx } from '../../db/connection.js';
import { NotFoundError } from '../../platform/errors.js';
import {
  allStockRows,
  findKardexItem,
  kardexPage,
  stockPage,
  type KardexDbRow,
  type StockItemFilters,
} from './stock-items.repo.js';

/** Consulta de Estoque's use cases: reads only, so no transaction of their own. */

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

export async function listStockItems(
  db: DbOrTrx,
  query: StockItemListQuery,
): Promise<StockItemList> {
  const today = todayInSaoPaulo();
  const filters = filtersOf(query, today);
  const { rows, totals } = await stockPage(db, filters, query.sort ?? 'name', {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
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
  return allStockRows(db, filtersOf(query, todayInSaoPaulo()), query.sort ?? 'name');
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
