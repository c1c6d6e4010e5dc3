import type { Trx } from '../../db/connection.js';
import { takeNumber } from '../../platform/numbering.js';
import { firstNotVoided, lockSeriesNumbering } from './voided-numbers.repo.js';

/** The sequence of the invoices: one per series, 'invoice' in document_sequences. */
export const INVOICE_SEQUENCE = 'invoice';

/**
 * The next nNF of a series: the series' sequence, gapless except that it steps over numbers
 * voided at SEFAZ (inutilização), which no invoice may ever take (SEFAZ would deny it). It waits
 * for a voiding of the series in progress, so the range it checks is the one recorded.
 */
export async function takeInvoiceNumber(trx: Trx, series: number): Promise<number> {
  await lockSeriesNumbering(trx, series);
  return takeNumber(trx, INVOICE_SEQUENCE, String(series), {
    firstUsable: (next) => firstNotVoided(trx, series, next),
  });
}
