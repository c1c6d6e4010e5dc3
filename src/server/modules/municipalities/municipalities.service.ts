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
 * asks for it when it is issued). Many addresses (an import's slice) take two queries in all.
 */
export async function withCityCodes<A extends Address>(db: DbOrTrx, addresses: A[]): Promise<A[]> {
  const sent = addresses.flatMap((a) => (a.cityCode ? [a.cityCode] : []));
  const ufOf = await ufsOfCodes(db, [...new Set(sent)]);
  for (const { cityCode, state } of addresses) {
    if (!cityCode) continue;
    if (!state) throw new ValidationError({ 'address.cityCode': messages.cityCodeWithoutUf });
    if (ufOf.get(cityCode) !== state) {
      throw new ValidationError({ 'address.cityCode': messages.cityCodeOfAnotherUf });
    }
  }
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
