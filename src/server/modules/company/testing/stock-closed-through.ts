import { expect } from 'vitest';
import { companyUpdateSchema } from '../../../../shared/resources/company.js';
import type { DbOrTrx } from '../../../db/connection.js';
import type { TestApi } from '../../../testing/api-app.js';
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

/**
 * PUT /company with only "Estoque fechado até" changed, as the company screen sends it: the
 * record read with `token`, saved with `as` (the same user by default). Answers the response.
 */
export async function putStockClosedThrough(
  api: TestApi,
  token: string,
  day: string | null,
  as = token,
) {
  const company = await api.request({ method: 'GET', url: '/api/v1/company', token });
  return api.request({
    method: 'PUT',
    url: '/api/v1/company',
    token: as,
    payload: { ...(company.json() as object), stockClosedThrough: day },
  });
}

/** "Estoque fechado até" saved through the company screen's API, which must accept it. */
export async function closeStockThrough(api: TestApi, token: string, day: string | null) {
  const saved = await putStockClosedThrough(api, token, day);
  expect(saved.statusCode, saved.body).toBe(200);
}
