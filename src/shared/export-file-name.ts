/**
 * The name of a list's export file, the same on both sides: the server sends it in
 * Content-Disposition, and the browser falls back to it when that header does not arrive.
 */

export type ExportFormat = 'xlsx' | 'csv';

const day = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in São Paulo (DOMAIN §1: Brasília time) as `YYYY-MM-DD`. */
export function todayInSaoPaulo(now = new Date()): string {
  const parts = day.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The screen's name and the day: "Unidades de Medida" → `unidades-de-medida-2026-11-23.xlsx`. */
export function exportFileName(
  screenName: string,
  format: ExportFormat,
  today = todayInSaoPaulo(),
): string {
  const slug = screenName
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug}-${today}.${format}`;
}
