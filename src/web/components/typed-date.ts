/**
 * Dates are typed as dd/mm/aaaa and kept in the form as `YYYY-MM-DD`, the way the API takes them,
 * so the shared schema validates what is sent.
 */
const TYPED = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const KEPT = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * What the text of a date field holds for the form: nothing, `YYYY-MM-DD` when it has the shape
 * dd/mm/aaaa (whether that day exists is the schema's to say: "Data inexistente: 31/02/2026"), or
 * the text as typed, which the schema refuses for not matching the pattern.
 */
export function typedDate(text: string): string | undefined {
  const typed = text.trim();
  if (typed === '') return undefined;
  const match = TYPED.exec(typed);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : typed;
}

/** Whether the form holds a day of the calendar (`2026-02-28`, not `2026-02-31` or text). */
export function isCalendarDate(value: string | null | undefined): value is string {
  const match = value ? KEPT.exec(value) : null;
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1;
}
