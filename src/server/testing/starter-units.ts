import type { DbOrTrx } from '../db/connection.js';

/**
 * The id of a unit every database starts with (migration 0020: UN, KG…), for tests that count in
 * it. The decimals the test relies on are checked, so a changed seed fails loudly here.
 */
export async function starterUnit(db: DbOrTrx, code: string, decimals: number): Promise<number> {
  const unit = await db
    .selectFrom('unitsOfMeasurement')
    .select(['id', 'decimals'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  if (unit.decimals !== decimals) {
    throw new Error(`starter unit ${code} has ${unit.decimals} decimals, not ${decimals}`);
  }
  return unit.id;
}
