import { date } from './fields.js';
import { z } from './zod-messages.js';

/**
 * Query-string filters of document lists beyond equality (DOMAIN §4, §5, §9): several statuses at
 * once and date ranges. The server turns them into SQL with `platform/list-filters.ts`.
 */

/** `?status=OPEN,PARTIALLY_PAID` (or the key repeated): rows with any of these values. */
export const anyOfFilter = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === '') return undefined;
      const parts = (Array.isArray(value) ? value : [value]).flatMap((part) =>
        String(part).split(','),
      );
      return parts.map((part) => part.trim()).filter(Boolean);
    },
    z.array(z.enum(values)).min(1).optional(),
  );

/** One inclusive bound of a date range, `YYYY-MM-DD`; empty means no bound. */
export const dayBound = () =>
  z.preprocess((value) => (value === '' ? undefined : value), date().optional());

/**
 * The two bounds of a date range over `key`, both optional and inclusive: `dueDateFrom` and
 * `dueDateTo` for `dueDate`.
 */
export function dateRangeFilter<const K extends string>(key: K) {
  return { [`${key}From`]: dayBound(), [`${key}To`]: dayBound() } as Record<
    `${K}From` | `${K}To`,
    ReturnType<typeof dayBound>
  >;
}
