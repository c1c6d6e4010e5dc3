import { ufs } from '../br/states.js';
import { z } from '../zod-messages.js';

/**
 * The IBGE municipalities (migration 0021), read-only reference data: the picker of an address's
 * `cityCode` lists a UF's municipalities whose name (or code) matches what was typed.
 */
export const MUNICIPALITY_PAGE_SIZE = 50;

export const municipalitiesQuerySchema = z.object({
  uf: z.enum(ufs),
  /** Part of the name, accents and case ignored, or the first digits of the code. */
  q: z.string().trim().max(60).optional(),
});

export const municipalitySchema = z.object({
  code: z.string(),
  name: z.string(),
  uf: z.string(),
});
export type Municipality = z.output<typeof municipalitySchema>;

export const municipalityListSchema = z.object({ items: z.array(municipalitySchema) });
