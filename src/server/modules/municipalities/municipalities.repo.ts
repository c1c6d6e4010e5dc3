import { sql } from 'kysely';
import { MUNICIPALITY_PAGE_SIZE } from '../../../shared/resources/municipalities.js';
import type { DbOrTrx } from '../../db/connection.js';

/** Queries of the IBGE municipalities table (migration 0021); names meet through f_city_key. */

/**
 * A UF's municipalities whose name contains what was typed (accents, case and punctuation
 * ignored), or whose code starts with the digits typed; by name, at most a picker's page. The
 * key drops every character but letters and digits, so LIKE's wildcards never reach it.
 */
export function searchMunicipalities(db: DbOrTrx, uf: string, q: string | undefined) {
  let query = db.selectFrom('municipalities').select(['code', 'name', 'uf']).where('uf', '=', uf);
  const typed = q?.trim();
  if (typed && /^\d+$/.test(typed)) query = query.where('code', 'like', `${typed}%`);
  else if (typed) {
    query = query.where(sql<boolean>`name_key LIKE '%' || f_city_key(${typed}) || '%'`);
  }
  return query.orderBy('name').orderBy('code').limit(MUNICIPALITY_PAGE_SIZE).execute();
}

/** The UF of each of these codes that is a municipality's. */
export async function ufsOfCodes(db: DbOrTrx, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('municipalities')
    .select(['code', 'uf'])
    .where('code', 'in', codes)
    .execute();
  return new Map(rows.map((row) => [row.code, row.uf]));
}

/**
 * For each (UF, city) asked, by its position: the code of the one municipality of that UF named
 * as the city is, or nothing when none or several are. One query for a whole import slice.
 */
export async function codesNamed(
  db: DbOrTrx,
  asked: { uf: string; city: string }[],
): Promise<Map<number, string>> {
  if (asked.length === 0) return new Map();
  const { rows } = await sql<{ position: string; code: string }>`
    SELECT a.position, min(m.code) AS code
    FROM unnest(${asked.map((a) => a.uf)}::text[], ${asked.map((a) => a.city)}::text[])
      WITH ORDINALITY AS a (uf, city, position)
    JOIN municipalities m ON m.uf = a.uf AND m.name_key = f_city_key(a.city)
    GROUP BY a.position
    HAVING count(*) = 1`.execute(db);
  return new Map(rows.map((row) => [Number(row.position) - 1, row.code]));
}
