import { areas, type Area, type Permission } from '../permissions.js';
import { z } from '../zod-messages.js';

/**
 * "Buscar" (Ctrl+K, issue 21): one search over the records a person looks up by name or number.
 * Each kind is an area of the permission catalogue: its group's label is the area's, its records
 * open at the area's path, and it is searched only for a user holding `<kind>:read`.
 */
export const searchKinds = [
  'clients',
  'suppliers',
  'products',
  'feedstocks',
  'requestedOrders',
  'purchaseOrders',
  'productionOrders',
  'invoices',
  'billsToReceive',
  'billsToPay',
] as const satisfies readonly Area[];
export type SearchKind = (typeof searchKinds)[number];

export const searchReadPermission = (kind: SearchKind) => `${kind}:read` as Permission;
export const searchKindLabel = (kind: SearchKind): string => areas[kind].label;

/** Shorter than this, `q` finds nothing (one letter would match half the company). */
export const SEARCH_MIN_LENGTH = 2;
/** At most this many records of each kind: a palette to jump from, not a list to page. */
export const SEARCH_PER_KIND = 5;

export const searchQuerySchema = z.object({
  /** A name, code, CPF/CNPJ (with or without punctuation) or document number. */
  q: z.string().trim().max(100).default(''),
});

export const searchItemSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** The record's page in the app. */
  url: z.string(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

/**
 * `GET /search?q=`: the kinds with matches, in `searchKinds` order, each with at most
 * SEARCH_PER_KIND records. A `q` shorter than SEARCH_MIN_LENGTH answers no groups (200, not 400:
 * the palette asks while the person types, and one letter is not a mistake).
 */
export const searchResultSchema = z.strictObject({
  groups: z.array(
    z.strictObject({
      kind: z.enum(searchKinds),
      label: z.string(),
      items: z.array(searchItemSchema),
    }),
  ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
