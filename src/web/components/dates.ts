import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Screens show dates and times in Brasília time, whatever the browser's zone (DOMAIN §1). */
const TIME_ZONE = 'America/Sao_Paulo';

const plainDate = /^\d{4}-\d{2}-\d{2}$/;

/** `2026-03-05` → `05/03/2026`; an instant is first moved to São Paulo time. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  if (plainDate.test(value)) return dayjs(value).format('DD/MM/YYYY');
  const instant = dayjs(value);
  return instant.isValid() ? instant.tz(TIME_ZONE).format('DD/MM/YYYY') : value;
}

/** An instant as `05/03/2026 14:30`, São Paulo time. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  if (plainDate.test(value)) return formatDate(value);
  const instant = dayjs(value);
  return instant.isValid() ? instant.tz(TIME_ZONE).format('DD/MM/YYYY HH:mm') : value;
}

/** Dates travel as `YYYY-MM-DD`; instants (`lastLoginAt`) carry a time worth showing. */
export function formatDateOrInstant(value: unknown): string {
  return typeof value === 'string' && plainDate.test(value)
    ? formatDate(value)
    : formatDateTime(value);
}
