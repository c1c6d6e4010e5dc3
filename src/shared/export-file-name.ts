/**
 * The name of a list's export file, the same on both sides: the server sends it in
 * Content-Disposition, and the browser falls back to it when that header does not arrive.
 */

import { todayInSaoPaulo } from './plain-date.js';

export type ExportFormat = 'xlsx' | 'csv';

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
