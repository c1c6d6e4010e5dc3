/**
 * Dates without a time of day ("YYYY-MM-DD", DOMAIN §1), computed at midnight UTC so that no time
 * zone or daylight-saving change ever moves them by a day.
 */
const plainDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-01-31" + 30 → "2026-03-02"; calendar days, negative goes back. */
export function addDays(date: string, days: number): string {
  const match = plainDate.exec(date);
  if (!match || !Number.isInteger(days))
    throw new RangeError(`not a date plus days: ${date}, ${days}`);
  const [, year, month, day] = match.map(Number);
  const time = Date.UTC(year!, month! - 1, day!);
  if (new Date(time).toISOString().slice(0, 10) !== date)
    throw new RangeError(`not a date: ${date}`);
  return new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}
