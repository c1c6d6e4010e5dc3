import type { DbOrTrx } from '../../../db/connection.js';

/**
 * The records a stock test's scene starts from, inserted straight into their tables: the tests
 * are about the movements posted on them, which go through the module's own functions or API.
 */

/** A stock location, by name. */
export async function insertLocation(db: DbOrTrx, name: string): Promise<number> {
  const row = await db
    .insertInto('stockLocations')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface SceneItem {
  kind: 'PRODUCT' | 'FEEDSTOCK';
  code: string;
  name: string;
  unitId: number;
  categoryId?: number;
  minimumStock?: string;
}

/** An item; a product is one made in house (the origin a product must have). */
export async function insertItem(db: DbOrTrx, values: SceneItem): Promise<number> {
  const row = await db
    .insertInto('items')
    .values({ ...values, origin: values.kind === 'PRODUCT' ? 'MANUFACTURED' : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
