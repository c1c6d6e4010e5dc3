import { states, type Uf } from './states.js';

/**
 * How a typed city meets an IBGE municipality: unaccented, lower case, every run of anything but
 * letters and digits one space, trimmed ("Mogi-Mirim " meets "Mogi Mirim", "SAO PAULO" meets
 * "São Paulo"). The database's f_city_key (migration 0021) is the same rule; an API test keeps
 * them equal on every municipality's name.
 */
export function cityNameKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A municipality's code starts with its UF's IBGE code (3550308 is in SP, 35). */
export function isCityCodeOfUf(code: string, uf: Uf): boolean {
  return code.startsWith(states[uf].ibge);
}

/** "Campinas — 3509502": how a picker shows a municipality. */
export const municipalityLabel = (m: { name: string; code: string }) => `${m.name} — ${m.code}`;
