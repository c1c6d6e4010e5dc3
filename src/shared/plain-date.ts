import { now } from './clock.js';

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

/**
 * "2026-03-15" + 1 → "2027-03-15": the same day of the month `years` later; 29 February goes to
 * the 28th in a year without it.
 */
export function addYears(date: string, years: number): string {
  const match = plainDate.exec(date);
  if (!match || !Number.isInteger(years)) {
    throw new RangeError(`not a date plus years: ${date}, ${years}`);
  }
  const [, year, month, day] = match.map(Number);
  if (new Date(Date.UTC(year!, month! - 1, day!)).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`not a date: ${date}`);
  }
  const target = year! + years;
  const lastDay = new Date(Date.UTC(target, month!, 0)).getUTCDate();
  const pad = (value: number, length: number) => String(value).padStart(length, '0');
  return `${pad(target, 4)}-${pad(month!, 2)}-${pad(Math.min(day!, lastDay), 2)}`;
}

/** "2026-01-31" → "31/01/2026", as messages show a date (DOMAIN §1). */
export const formatPlainDate = (date: string) => date.split('-').reverse().join('/');

const saoPauloDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * Today in São Paulo (DOMAIN §1: Brasília time) as `YYYY-MM-DD`; by default the day of the
 * business clock (clock.ts), which only the demo company moves.
 */
export function todayInSaoPaulo(at = now()): string {
  const parts = saoPauloDay.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}
