import type { DbOrTrx } from '../../../db/connection.js';

/** What a location has of an item now, as its balance row says ('0.000' without one). */
export async function stockBalance(
  db: DbOrTrx,
  itemId: number,
  locationId: number,
): Promise<string> {
  const row = await db
    .selectFrom('stockBalances')
    .select('quantity')
    .where('itemId', '=', itemId)
    .where('locationId', '=', locationId)
    .executeTakeFirst();
  return row?.quantity ?? '0.000';
}
