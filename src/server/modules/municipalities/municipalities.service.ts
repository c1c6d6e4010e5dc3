import type { DbOrTrx } from '../../db/connection.js';
import { messages } from '../../../shared/messages.js';
import { ValidationError } from '../../platform/errors.js';
import { codesNamed, searchMunicipalities, ufsOfCodes } from './municipalities.repo.js';

export { searchMunicipalities };

/** The parts of an address that name its municipality. */
interface Address {
  city: string | null;
  state: string | null;
  cityCode?: string | null;
}

/**
 * The addresses as they are stored (issue 18): a `cityCode` sent must be a municipality of the
 * address's UF (400 on `address.cityCode` otherwise); none sent is filled from the city and UF
 * when exactly one municipality of that UF has that name, and stays empty otherwise (the invoice
 * asks for it when it is issued). Many addresses (an import's slice) take two queries in all;
 * `paths` prefixes each address's field in the 400 (an import's "12." for its line 12).
 */
export async function withCityCodes<A extends Address>(
  db: DbOrTrx,
  addresses: A[],
  paths: readonly string[] = [],
): Promise<A[]> {
  const sent = addresses.flatMap((a) => (a.cityCode ? [a.cityCode] : []));
  const ufOf = await ufsOfCodes(db, [...new Set(sent)]);
  const fields: Record<string, string> = {};
  addresses.forEach(({ cityCode, state }, i) => {
    if (!cityCode) return;
    const field = `${paths[i] ?? ''}address.cityCode`;
    if (!state) fields[field] = messages.cityCodeWithoutUf;
    else if (ufOf.get(cityCode) !== state) fields[field] = messages.cityCodeOfAnotherUf;
  });
  if (Object.keys(fields).length) throw new ValidationError(fields);
  const asked = addresses.flatMap((a, position) =>
    !a.cityCode && a.city && a.state ? [{ position, uf: a.state, city: a.city }] : [],
  );
  const found = await codesNamed(db, asked);
  const filled = [...addresses];
  asked.forEach(({ position }, i) => {
    filled[position] = { ...addresses[position]!, cityCode: found.get(i) ?? null };
  });
  return filled;
}

export async function withCityCode<A extends Address>(db: DbOrTrx, address: A): Promise<A> {
  const [stored] = await withCityCodes(db, [address]);
  return stored!;
}
