import type { DbOrTrx } from '../../../db/connection.js';
import {
  createCategory,
  createPaymentMethod,
  createSupplier,
} from '../../finance/testing/finance-factories.js';

/**
 * What the purchase orders' tests need: a supplier, an EXPENSE category, a method of payment, a
 * delivery location (the default one), units and purchasable items, written straight into the
 * test file's database (the master-data and items routes have their own tests). Codes carry a
 * counter, so a file can call them as often as it likes.
 */
let counter = 0;
const next = () => `${process.pid % 10000}-${++counter}`;

export async function createUnit(db: DbOrTrx, decimals: number): Promise<number> {
  const row = await db
    .insertInto('unitsOfMeasurement')
    .values({ code: `Q${(process.pid % 97) * 100 + ++counter}`.slice(0, 6), decimals })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A location; made the default, it takes the mark from the one every database starts with. */
export async function createLocation(
  db: DbOrTrx,
  overrides: { isDefault?: boolean; name?: string } = {},
): Promise<{ id: number; name: string }> {
  if (overrides.isDefault) {
    await db
      .updateTable('stockLocations')
      .set({ isDefault: false })
      .where('isDefault', '=', true)
      .execute();
  }
  return db
    .insertInto('stockLocations')
    .values({ name: overrides.name ?? `Almoxarifado ${next()}`, isDefault: overrides.isDefault })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export interface ItemOverrides {
  kind?: 'PRODUCT' | 'FEEDSTOCK';
  origin?: 'MANUFACTURED' | 'RESALE' | null;
  unitId: number;
  lastPurchasePrice?: string | null;
  averageCost?: string;
  defaultSupplierId?: number | null;
  active?: boolean;
  name?: string;
}

/** A feedstock (or a product with `kind` and `origin`) without stock. */
export async function createItem(
  db: DbOrTrx,
  overrides: ItemOverrides,
): Promise<{ id: number; name: string; code: string }> {
  const code = `INS-${next()}`;
  const kind = overrides.kind ?? 'FEEDSTOCK';
  return db
    .insertInto('items')
    .values({
      kind,
      origin: kind === 'PRODUCT' ? (overrides.origin ?? 'RESALE') : null,
      code,
      name: overrides.name ?? `Insumo ${code}`,
      unitId: overrides.unitId,
      lastPurchasePrice: overrides.lastPurchasePrice ?? null,
      averageCost: overrides.averageCost ?? '0',
      defaultSupplierId: overrides.defaultSupplierId ?? null,
      active: overrides.active ?? true,
    })
    .returning(['id', 'name', 'code'])
    .executeTakeFirstOrThrow();
}

/** One of each for a purchase-orders test file. */
export async function purchaseFixture(db: DbOrTrx) {
  const un = await createUnit(db, 0);
  const kg = await createUnit(db, 3);
  return {
    un,
    kg,
    supplier: await createSupplier(db),
    otherSupplier: await createSupplier(db),
    category: await createCategory(db, 'EXPENSE'),
    income: await createCategory(db, 'INCOME'),
    method: await createPaymentMethod(db, 'PAY'),
    location: await createLocation(db, { isDefault: true }),
    otherLocation: await createLocation(db),
  };
}
