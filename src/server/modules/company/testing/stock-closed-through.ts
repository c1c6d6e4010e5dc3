import { companyUpdateSchema } from '../../../../shared/resources/company.js';
import type { DbOrTrx } from '../../../db/connection.js';
import { getCompany, updateCompany } from '../company.service.js';

/**
 * Sets "Estoque fechado até" the way the company form saves it (validated, versioned, with its
 * history), for other modules' tests; null opens every period again.
 */
export async function setStockClosedThrough(db: DbOrTrx, day: string | null): Promise<void> {
  const company = await getCompany(db);
  await updateCompany(
    db,
    { userId: null },
    companyUpdateSchema.parse({ ...company, stockClosedThrough: day }),
  );
}
